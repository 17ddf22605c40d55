// Starts the chosen pools in this process and stops them gracefully: active jobs get the grace
// period to finish; past it the workers close without waiting, and the jobs they leave are retried
// or failed by another worker of the pool once their locks lapse (POOL_LOCKS in pool.ts).
import type { Worker } from 'bullmq';
import type { Config } from '../shared/config.js';
import type { QueueName } from '../shared/jobs.js';
import type { Logger } from '../shared/logger.js';
import { within } from '../shared/within.js';
import { createWorkerDeps } from './deps.js';
import { startPool } from './pool.js';

export interface WorkerRuntime {
  workers: Worker[];
  close(): Promise<void>;
}

export async function startWorkers(config: Config, pools: readonly QueueName[], logger: Logger): Promise<WorkerRuntime> {
  const deps = createWorkerDeps(config, logger);
  const workers = pools.map((pool) => startPool(pool, deps));
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  logger.info({ pools }, 'worker pools started');
  return {
    workers,
    async close() {
      // Past the grace period the process exits with the jobs still active; their locks lapse.
      if (!(await within(Promise.all(workers.map((w) => w.close())), config.shutdownGraceMs)).done) {
        logger.warn({ pools, graceMs: config.shutdownGraceMs }, 'jobs still active after the grace period are left to be retried');
      }
      logger.info({ pools }, 'worker pools stopped');
    },
  };
}
