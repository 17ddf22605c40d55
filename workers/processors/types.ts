// The contract between the worker plumbing and the job processors.
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.js';
import type { ProviderRegistry } from '../../shared/providers/index.js';
import type { TrustResolver } from '../../shared/trust/index.js';

/** Long-lived things a processor may use; built once per worker process in workers/deps.ts. */
export interface WorkerDeps {
  config: Config;
  logger: Logger;
  providers: ProviderRegistry;
  trust: TrustResolver;
}

export interface ProcessorContext {
  requestId: string;
  deps: WorkerDeps;
  /** Aborted when the API stopped waiting (deadline passed) or the worker is closing. */
  signal: AbortSignal;
}

/** job input -> plain JSON result. Throw AppError for expected failures (mapped to HTTP by the API). */
export type Processor<I = any, R = unknown> = (input: I, ctx: ProcessorContext) => Promise<R>;
