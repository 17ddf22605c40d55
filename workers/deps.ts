// Builds the long-lived dependencies of one worker process.
import type { Logger } from 'pino';
import type { Config } from '../shared/config.js';
import { createProviderRegistry } from '../shared/providers/index.js';
import { createTrustResolver } from '../shared/trust/index.js';
import type { WorkerDeps } from './processors/types.js';

export function createWorkerDeps(config: Config, logger: Logger): WorkerDeps {
  return { config, logger, providers: createProviderRegistry(config.providers), trust: createTrustResolver(config.trust) };
}
