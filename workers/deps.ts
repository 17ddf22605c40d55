// Builds the long-lived dependencies of one worker process.
import type { Logger } from 'pino';
import type { Config } from '../shared/config.js';
import { createMetrics, type Metrics } from '../shared/metrics.js';
import { createProviderRegistry } from '../shared/providers/index.js';
import { createTrustResolver } from '../shared/trust/index.js';
import type { WorkerDeps } from './processors/types.js';

/** `metrics`: the process's registry (a private one for a caller that never serves it: scripts, the local MCP engine). */
export function createWorkerDeps(config: Config, logger: Logger, metrics: Metrics = createMetrics()): WorkerDeps {
  return { config, logger, metrics, providers: createProviderRegistry(config.providers, metrics.models), trust: createTrustResolver(config.trust) };
}
