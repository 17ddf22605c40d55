// Queue names, job names, and which queue and timeout each job gets. The API enqueues by job name;
// the workers register one processor per job name. Everything a worker needs travels in the data.
import type { Config } from './config.js';

export const QUEUE_NAMES = ['score', 'llm'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const JOB_NAMES = [
  'score.free',
  'score.detailed',
  'score.batch',
  'svc-grade',
  'variants',
  'fix-injection',
  'preflight',
  'score.full',
  'score.compare',
  'proxy.llm',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

type TimeoutKey = keyof Config['timeouts'];

interface JobSpec {
  /** Queue used when no model is involved. */
  queue: QueueName;
  timeout: TimeoutKey;
}

const SPECS: Record<JobName, JobSpec> = {
  'score.free': { queue: 'score', timeout: 'scoreMs' },
  'score.detailed': { queue: 'score', timeout: 'scoreMs' },
  'score.batch': { queue: 'score', timeout: 'scoreMs' },
  'svc-grade': { queue: 'score', timeout: 'scoreMs' },
  variants: { queue: 'score', timeout: 'scoreMs' },
  'fix-injection': { queue: 'score', timeout: 'scoreMs' },
  preflight: { queue: 'score', timeout: 'preflightMs' },
  'score.full': { queue: 'llm', timeout: 'llmMs' },
  'score.compare': { queue: 'llm', timeout: 'compareMs' },
  'proxy.llm': { queue: 'llm', timeout: 'llmMs' },
};

/**
 * Jobs that may call a model go to the slow `llm` pool. `usesModel` is set by the route when a job
 * that is normally cheap (variants, fix-injection) will use a configured model this time.
 */
export function queueFor(name: JobName, usesModel = false): QueueName {
  return usesModel ? 'llm' : SPECS[name].queue;
}

export function timeoutFor(name: JobName, config: Config, usesModel = false): number {
  const spec = SPECS[name];
  if (usesModel && spec.queue === 'score') return config.timeouts.llmMs;
  return config.timeouts[spec.timeout];
}

/** The longest any job may run, used to size payment validity windows. */
export function longestTimeoutMs(config: Config): number {
  return Math.max(...Object.values(config.timeouts));
}

/** What travels on the queue. */
export interface JobEnvelope<T = unknown> {
  requestId: string;
  /** Epoch ms after which the API no longer waits: a worker discards the job instead of running it. */
  deadline: number;
  input: T;
}

/** A processor's expected failure (bad row, unknown model...) travels as data, not as a throw. */
export interface JobFailure {
  status: number;
  code: string;
  message: string;
}
export type JobOutcome<R = unknown> = { ok: true; value: R } | { ok: false; error: JobFailure };
