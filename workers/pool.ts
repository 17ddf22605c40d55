// One worker pool: a BullMQ Worker on one queue. A queue job carries one call or several that rode
// together (micro-batching, shared/jobs.ts); each call is run by its processor and gets its own
// outcome, so one call's failure stays that call's. Expected failures (DomainError) travel back as
// data; an unexpected one is logged and answered 502 for that call alone. Each call's queue wait,
// run time and outcome, each queue job's size and the pool's busy slots go to the metrics.
import { Worker, type Job } from 'bullmq';
import { type DomainErrorCode, isDomainError } from '../shared/errors.js';
import {
  type JobData,
  type JobFailure,
  type JobItem,
  type JobName,
  type JobOutcome,
  type JobReturn,
  JOB_NAMES,
  JOBS,
  type QueueName,
  queueFor,
  timeoutFor,
} from '../shared/jobs.js';
import type { JobOutcomeLabel } from '../shared/metrics.js';
import { createRedis, queuePrefix } from '../shared/redis.js';
import { describeZodError } from '../shared/schemas/describe.js';
import { CallSignal } from './call-signal.js';
import { PROCESSORS } from './processors/registry.js';
import type { WorkerDeps } from './processors/types.js';

export function concurrencyOf(queue: QueueName, deps: WorkerDeps): number {
  const { workers } = deps.config;
  return queue === 'score' ? workers.scoreConcurrency : workers.llmConcurrency;
}

/**
 * How fast the jobs of a worker that died (SIGKILL, OOM, lost host) are noticed. A live worker
 * renews the lock of each active job every `lockDuration / 2`, so a job may run far longer than
 * its lock (an llm job runs up to its 60-120 s timeout); a dead worker's locks lapse after
 * `lockDuration`, and the next stalled check (every `stalledInterval`, run by any live worker of
 * the pool) moves its jobs back to wait once, then fails them if they stall again (BullMQ's
 * `maxStalledCount` 1). The API's waiter is still waiting: a retried job answers it, a failed one
 * answers 502 `job_failed`, never charged; a job retried past its deadline is dropped unrun.
 * Worst case from death to retry: lockDuration + stalledInterval. Shorter locks cost one renewal
 * round trip per active job per lockDuration/2, and risk a lock lapsing while the event loop is
 * blocked for lockDuration/2 (score jobs take milliseconds; llm jobs wait on the network).
 */
export const POOL_LOCKS: Record<QueueName, { lockDuration: number; stalledInterval: number }> = {
  score: { lockDuration: 2_000, stalledInterval: 1_000 },
  llm: { lockDuration: 4_000, stalledInterval: 2_000 },
};

const failure = (code: DomainErrorCode, message: string): { ok: false; error: JobFailure } => ({ ok: false, error: { code, message } });

/** The label sets of one job's series on one pool, made once: prom-client takes them on every call. */
interface ItemLabels {
  run: { queue: QueueName; job_name: JobName };
  outcome: Record<JobOutcomeLabel, { queue: QueueName; job_name: JobName; outcome: JobOutcomeLabel }>;
}
const itemLabels = new Map<string, ItemLabels>();
function labelsOf(queue: QueueName, job: JobName): ItemLabels {
  const id = `${queue} ${job}`;
  let labels = itemLabels.get(id);
  if (!labels) {
    const run = { queue, job_name: job };
    const outcome = (o: JobOutcomeLabel) => ({ ...run, outcome: o });
    labels = { run, outcome: { completed: outcome('completed'), failed: outcome('failed'), timed_out: outcome('timed_out'), discarded: outcome('discarded') } };
    itemLabels.set(id, labels);
  }
  return labels;
}

/** Runs one call, unless its deadline has passed, and records its run time and outcome. */
export async function runItem<N extends JobName>(queue: QueueName, item: JobItem<N>, deps: WorkerDeps, signal: CallSignal): Promise<JobOutcome> {
  const { jobs } = deps.metrics;
  const labels = labelsOf(queue, item.job);
  // The API has stopped waiting (it answered 504): doing the work now would only waste it.
  if (item.deadline <= Date.now()) {
    jobs.outcomes.inc(labels.outcome.discarded);
    return failure('timeout', 'the deadline passed before the work started');
  }
  const started = performance.now();
  const outcome = await runProcessor(item, deps, signal);
  jobs.run.observe(labels.run, (performance.now() - started) / 1000);
  jobs.outcomes.inc(labels.outcome[outcome.ok ? 'completed' : Date.now() >= item.deadline ? 'timed_out' : 'failed']);
  return outcome;
}

/**
 * Runs one call under `signal`, which its deadline aborts (made only when the processor reads it,
 * its timer released in `finally`). (`AbortSignal.any` with `AbortSignal.timeout` kept every job's
 * signals alive on Node 20: about 2 KB per model call.)
 */
async function runProcessor<N extends JobName>(item: JobItem<N>, deps: WorkerDeps, call: CallSignal): Promise<JobOutcome> {
  const { job, requestId } = item;
  const parsed = JOBS[job].input.safeParse(item.input);
  if (!parsed.success) {
    deps.logger.error({ requestId, job, issue: describeZodError(parsed.error) }, 'job input refused');
    return failure('job_failed', `the worker refused this job's input: ${describeZodError(parsed.error)}`);
  }
  try {
    const ctx = {
      requestId,
      deps,
      get signal() {
        return call.signal;
      },
    };
    return { ok: true, value: await PROCESSORS[job](parsed.data, ctx) };
  } catch (error) {
    if (isDomainError(error)) return failure(error.code, error.message);
    deps.logger.error({ err: error, requestId, job }, 'processor failed');
    return failure('job_failed', 'the worker failed to process this request');
  } finally {
    call.release();
  }
}

/**
 * Runs every call of a queue job at once (engine calls take turns on the CPU; I/O overlaps), each
 * with its own signal; the worker closing (BullMQ's per-job `signal`, one listener per job) aborts
 * them all.
 */
export async function runJob(queue: QueueName, job: Job<JobData>, deps: WorkerDeps, signal?: AbortSignal): Promise<JobReturn> {
  const { items } = job.data;
  const { jobs } = deps.metrics;
  jobs.items.observe({ queue }, items.length);
  // From the add to the worker taking it (processedOn is set by the worker's clock, timestamp by the API's).
  const waited = Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp) / 1000;
  for (const item of items) jobs.wait.observe(labelsOf(queue, item.job).run, waited);
  const calls = items.map((item) => new CallSignal(item.deadline));
  const onClose = () => {
    for (const c of calls) c.abort(signal?.reason);
  };
  signal?.addEventListener('abort', onClose, { once: true });
  try {
    return await Promise.all(items.map((item, i) => runItem(queue, item, deps, calls[i]!)));
  } finally {
    signal?.removeEventListener('abort', onClose);
  }
}

export function startPool(queue: QueueName, deps: WorkerDeps): Worker {
  const { config, logger, metrics } = deps;
  const { pools } = metrics;
  const connection = createRedis(config.redis.url, `promptgate-worker-${queue}`, { blocking: true, logger });
  const concurrency = concurrencyOf(queue, deps);
  const processJob = async (job: Job<JobData>, _token?: string, signal?: AbortSignal) => {
    pools.busy.inc({ queue });
    const started = performance.now();
    try {
      return await runJob(queue, job, deps, signal);
    } finally {
      pools.busy.dec({ queue });
      pools.busySeconds.inc({ queue }, (performance.now() - started) / 1000);
    }
  };
  const worker = new Worker<JobData, JobReturn>(queue, processJob, {
    connection,
    prefix: queuePrefix(config.redis.prefix, queue),
    concurrency,
    name: `promptgate-${queue}`,
    ...POOL_LOCKS[queue],
  });
  // inc/dec rather than set: a process may run more than one worker of a pool (tests do).
  pools.concurrency.inc({ queue }, concurrency);
  for (const name of JOB_NAMES) {
    if (queueFor(name, config) === queue) metrics.jobs.timeout.set({ queue, job_name: name }, timeoutFor(name, config) / 1000);
  }
  worker.on('stalled', () => pools.stalled.inc({ queue }));
  worker.on('error', (err) => logger.error({ err, queue }, 'worker error'));
  worker.on('closed', () => {
    pools.concurrency.dec({ queue }, concurrency);
    void connection.quit().catch(() => undefined);
  });
  return worker;
}
