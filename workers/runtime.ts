// Starts the chosen pools in this process and stops them gracefully (active jobs finish first).
import type { Worker } from 'bullmq';
import type { Config } from '../shared/config.js';
import type { QueueName } from '../shared/jobs.js';
import type { Logger } from '../shared/logger.js';
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
      await Promise.all(workers.map((w) => w.close()));
      logger.info({ pools }, 'worker pools stopped');
    },
  };
}
