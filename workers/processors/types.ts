// The contract between the worker plumbing and the job processors, derived from the job
// declarations in shared/jobs.ts: a processor takes its job's input and returns its job's result.
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.js';
import type { JobInput, JobName, JobResult } from '../../shared/jobs.js';
import type { Metrics } from '../../shared/metrics.js';
import type { ProviderRegistry } from '../../shared/providers/index.js';
import type { TrustResolver } from '../../shared/trust/index.js';

/** Long-lived things a processor may use; built once per worker process in workers/deps.ts. */
export interface WorkerDeps {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  providers: ProviderRegistry;
  trust: TrustResolver;
}

export interface ProcessorContext {
  requestId: string;
  deps: WorkerDeps;
  /** Aborted when the API stopped waiting (deadline passed) or the worker is closing. */
  signal: AbortSignal;
}

/**
 * The processor of a job, typed by its declaration (`Processor<typeof scoreFreeJob>`): the job's
 * input -> the job's result. Throw DomainError for expected failures (the API maps its code to HTTP).
 */
export type Processor<J extends { name: JobName }> = (input: JobInput<J['name']>, ctx: ProcessorContext) => Promise<JobResult<J['name']>>;

/** One processor per job: a job without one fails the type check. */
export type ProcessorTable = { [N in JobName]: Processor<{ name: N }> };
