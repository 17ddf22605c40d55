// Starts the chosen pools in this process and stops them gracefully: active jobs get the grace
// period to finish; past it the workers close without waiting, and the jobs they leave are retried
// or failed by another worker of the pool once their locks lapse (POOL_LOCKS in pool.ts).
import type { Worker } from 'bullmq';
import type { Config } from '../shared/config.js';
import type { QueueName } from '../shared/jobs.js';
import type { Logger } from '../shared/logger.js';
import { createMetrics, type Metrics } from '../shared/metrics.js';
import { within } from '../shared/within.js';
import { createWorkerDeps } from './deps.js';
import { type MetricsServer, serveMetrics } from './metrics-server.js';
import { startPool } from './pool.js';

export interface WorkerRuntime {
  workers: Worker[];
  metrics: Metrics;
  /** This process's /metrics when METRICS_PORT is set. */
  metricsServer: MetricsServer | undefined;
  close(): Promise<void>;
}

/** `metrics`: the process's registry, shared with an API running in the same process. */
export async function startWorkers(config: Config, pools: readonly QueueName[], logger: Logger, metrics: Metrics = createMetrics()): Promise<WorkerRuntime> {
  const deps = createWorkerDeps(config, logger, metrics);
  const workers = pools.map((pool) => startPool(pool, deps));
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  const { port } = config.metrics;
  const metricsServer = port === undefined ? undefined : await serveMetrics(metrics.registry, port, config.http.host, config.http.adminToken);
  logger.info({ pools, metrics: metricsServer?.url }, 'worker pools started');
  return {
    workers,
    metrics,
    metricsServer,
    async close() {
      await metricsServer?.close();
      // Past the grace period the process exits with the jobs still active; their locks lapse.
      if (!(await within(Promise.all(workers.map((w) => w.close())), config.shutdownGraceMs)).done) {
        logger.warn({ pools, graceMs: config.shutdownGraceMs }, 'jobs still active after the grace period are left to be retried');
      }
      logger.info({ pools }, 'worker pools stopped');
    },
  };
}
