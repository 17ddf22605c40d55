// The jobs: the one seam every call crosses (API -> queue -> worker -> back). Each job is declared
// once here, and everything else is derived from the declaration: the facade's typed `run` (input
// and result types), the workers' processor table (one processor per job, or the type check
// fails), the operation rows that point at a job, the queue and timeout a call gets, whether calls
// ride together in one queue job, and whether a successful result is charged.
import type { z } from 'zod';
import type { Config } from './config.js';
import type { DomainErrorCode } from './errors.js';
import {
  BatchJobInputSchema,
  FixInjectionJobInputSchema,
  PreflightJobInputSchema,
  PromptJobInputSchema,
  ProxyJobInputSchema,
  VariantsJobInputSchema,
} from './schemas/jobs.js';
import {
  BatchResponseSchema,
  CompareResponseSchema,
  FixInjectionResponseSchema,
  FreeScoreResponseSchema,
  FullResponseSchema,
  PreflightResponseSchema,
  ProxyResponseSchema,
  ScoreResponseSchema,
  SvcGradeResponseSchema,
  VariantsResponseSchema,
} from './schemas/responses.js';

export const QUEUE_NAMES = ['score', 'llm'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export type TimeoutKey = keyof Config['timeouts'];

/** Why a call whose job succeeded is not charged (the audit record's `code`). */
export type NotChargedReason = 'provider_failed';

export interface JobSpec<In, Out> {
  /** The job's name on the queue (BullMQ job names, the calls' `job`). */
  name: string;
  /** What the worker receives; checked again there (it comes out of Redis). */
  input: z.ZodType<In>;
  /** What the worker returns: the 200 body, unless the operation row maps it. */
  result: z.ZodType<Out>;
  /** The pool that runs it: `score` for the engine (milliseconds), `llm` for model calls (seconds). */
  queue: QueueName;
  /** How long a caller waits for it (a 504 after that, never charged). */
  timeout: TimeoutKey;
  /**
   * An engine job that also asks a model when the configuration names one for it: it then runs on
   * the llm pool with the llm timeout, and alone (model calls are not batched).
   */
  usesModel?: (config: Config) => boolean;
  /**
   * Whether a call rides with other calls in one queue job (micro-batching, score pool only): true
   * for every call, or a function of the input for the calls it holds for. Only cheap, CPU-bound
   * work: the calls of one queue job are answered together, when the slowest is done.
   */
  batched?: boolean | ((input: In) => boolean);
  /** Why a successful result is not charged; every result is charged when this is absent or says nothing. */
  notCharged?: (result: Out) => NotChargedReason | undefined;
}

const job = <const Name extends string, In, Out>(spec: JobSpec<In, Out> & { name: Name }) => spec;

// Operation rows point at these declarations (go-to-definition from a route lands here), and each
// processor is typed by its declaration (`Processor<typeof scoreFreeJob>`), so the references of a
// declaration list its routes and its processor.

export const scoreFreeJob = job({ name: 'score.free', input: PromptJobInputSchema, result: FreeScoreResponseSchema, queue: 'score', timeout: 'scoreMs', batched: true });

export const scoreDetailedJob = job({ name: 'score.detailed', input: PromptJobInputSchema, result: ScoreResponseSchema, queue: 'score', timeout: 'scoreMs', batched: true });

export const scoreBatchJob = job({ name: 'score.batch', input: BatchJobInputSchema, result: BatchResponseSchema, queue: 'score', timeout: 'scoreMs', batched: true });

export const svcGradeJob = job({ name: 'svc-grade', input: PromptJobInputSchema, result: SvcGradeResponseSchema, queue: 'score', timeout: 'scoreMs', batched: true });

export const variantsJob = job({
  name: 'variants',
  input: VariantsJobInputSchema,
  result: VariantsResponseSchema,
  queue: 'score',
  timeout: 'scoreMs',
  // With a rewrite model configured the variants are written by it.
  usesModel: (config) => config.providers.roles.rewrite !== undefined,
  batched: true,
});

export const fixInjectionJob = job({
  name: 'fix-injection',
  input: FixInjectionJobInputSchema,
  result: FixInjectionResponseSchema,
  queue: 'score',
  timeout: 'scoreMs',
  // With LLM_INJECTION_MODEL configured a model also judges the prompt.
  usesModel: (config) => config.providers.roles.injection !== undefined,
  batched: true,
});

export const preflightJob = job({
  name: 'preflight',
  input: PreflightJobInputSchema,
  result: PreflightResponseSchema,
  queue: 'score',
  timeout: 'preflightMs',
  // Reading an endpoint and its chain takes seconds: such a call goes alone rather than hold others.
  batched: (input) => input.endpoint_url === undefined,
});

export const scoreFullJob = job({ name: 'score.full', input: PromptJobInputSchema, result: FullResponseSchema, queue: 'llm', timeout: 'llmMs' });

export const scoreCompareJob = job({ name: 'score.compare', input: PromptJobInputSchema, result: CompareResponseSchema, queue: 'llm', timeout: 'compareMs' });

export const proxyLlmJob = job({
  name: 'proxy.llm',
  input: ProxyJobInputSchema,
  result: ProxyResponseSchema,
  queue: 'llm',
  timeout: 'llmMs',
  // SPEC: a failed provider call is a 200 with `llm.error`; the caller is not charged for it.
  notCharged: (result) => ('error' in result.llm ? 'provider_failed' : undefined),
});

const DECLARED = {
  [scoreFreeJob.name]: scoreFreeJob,
  [scoreDetailedJob.name]: scoreDetailedJob,
  [scoreBatchJob.name]: scoreBatchJob,
  [svcGradeJob.name]: svcGradeJob,
  [variantsJob.name]: variantsJob,
  [fixInjectionJob.name]: fixInjectionJob,
  [preflightJob.name]: preflightJob,
  [scoreFullJob.name]: scoreFullJob,
  [scoreCompareJob.name]: scoreCompareJob,
  [proxyLlmJob.name]: proxyLlmJob,
};

export type JobName = keyof typeof DECLARED;
export type JobInput<N extends JobName> = z.output<(typeof DECLARED)[N]['input']>;
export type JobResult<N extends JobName> = z.output<(typeof DECLARED)[N]['result']>;

/**
 * Runs a job and resolves with its result: the facade in the API (queue, worker), a processor in
 * the same process for the local engine (api/routes/local.ts).
 */
export type RunJob = <N extends JobName>(job: N, input: JobInput<N>) => Promise<JobResult<N>>;

/** A job's declaration, as the rows and the processors name it. */
export type Job = (typeof DECLARED)[JobName];

/** The declarations as a mapped type, so `JOBS[name]` keeps a generic name's input and result paired. */
export const JOBS: { [N in JobName]: JobSpec<JobInput<N>, JobResult<N>> } = DECLARED;

export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** Whether this job calls a model under this configuration (an llm job always does). */
export function usesModel(name: JobName, config: Config): boolean {
  const spec = JOBS[name];
  return spec.queue === 'llm' || spec.usesModel?.(config) === true;
}

/** The pool a job runs on under this configuration. */
export const queueFor = (name: JobName, config: Config): QueueName => (usesModel(name, config) ? 'llm' : 'score');

/** How long a caller waits for this job under this configuration. */
export function timeoutFor(name: JobName, config: Config): number {
  const spec = JOBS[name];
  // An engine job that calls a model this time waits as long as any model job.
  if (spec.queue === 'score' && usesModel(name, config)) return config.timeouts.llmMs;
  return config.timeouts[spec.timeout];
}

/** Whether this call rides with others in one queue job (never when a model is involved). */
export function rides<N extends JobName>(name: N, input: JobInput<N>, config: Config): boolean {
  if (usesModel(name, config)) return false;
  const { batched } = JOBS[name];
  return typeof batched === 'function' ? batched(input) : batched === true;
}

/** Why this successful result is not charged, or undefined when it is. */
export const notChargedFor = <N extends JobName>(name: N, result: JobResult<N>): NotChargedReason | undefined =>
  JOBS[name].notCharged?.(result);

/** One call inside a queue job. */
export interface JobItem<N extends JobName = JobName> {
  job: N;
  requestId: string;
  /** Epoch ms after which the API no longer waits: the worker skips the item instead of running it. */
  deadline: number;
  input: JobInput<N>;
}

/**
 * What travels on the queue: the calls of one queue job. Calls that ride together share a queue job
 * (one add, one fetch, one completion); any other call is alone in its own. Everything a worker
 * needs travels here.
 */
export interface JobData {
  items: JobItem[];
}

/** A processor's expected failure (bad input, unknown model...) travels as data, not as a throw. */
export interface JobFailure {
  code: DomainErrorCode;
  message: string;
}
export type JobOutcome<R = unknown> = { ok: true; value: R } | { ok: false; error: JobFailure };

/** A queue job's return value: each item's own outcome, in item order. */
export type JobReturn = JobOutcome[];
