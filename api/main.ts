// API process entry: `node dist/api/main.js`.
import { runProcess } from '../shared/process.js';
import { startApi } from './runtime.js';

await runProcess('api', startApi);
