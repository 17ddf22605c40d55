// Development entry (`npm start`): the API and both worker pools in one process.
import { startApi } from './api/runtime.js';
import { QUEUE_NAMES } from './shared/jobs.js';
import { runProcess } from './shared/process.js';
import { startWorkers } from './workers/runtime.js';

await runProcess('all', async (config, logger) => {
  const workers = await startWorkers(config, QUEUE_NAMES, logger);
  const api = await startApi(config, logger);
  return {
    async close() {
      await api.close();
      await workers.close();
    },
  };
});
