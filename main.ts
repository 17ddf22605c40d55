// Development entry (`npm start`): the API and both worker pools in one process.
import { startApi } from './api/runtime.js';
import { QUEUE_NAMES } from './shared/jobs.js';
import { createMetrics } from './shared/metrics.js';
import { runProcess } from './shared/process.js';
import { startWorkers } from './workers/runtime.js';

await runProcess('all', async (config, logger) => {
  // One registry for the process: the API's /metrics shows the pools' series too.
  const metrics = createMetrics();
  const workers = await startWorkers(config, QUEUE_NAMES, logger, metrics);
  const api = await startApi(config, logger, metrics);
  return {
    async close() {
      await api.close();
      await workers.close();
    },
  };
});
