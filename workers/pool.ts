// One worker pool: a BullMQ Worker on one queue that runs processors and returns JobOutcomes.
// Expected failures (AppError) travel back as data; anything else fails the job and is logged.
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { isAppError } from '../shared/errors.js';
import type { JobEnvelope, JobName, JobOutcome, QueueName } from '../shared/jobs.js';
import { createRedis, queuePrefix } from '../shared/redis.js';
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

/**
 * Runs one job. One AbortController and one timer per job, both released in `finally`: the job's
 * deadline and the worker closing (BullMQ's per-job `signal`) abort it. (`AbortSignal.any` with
 * `AbortSignal.timeout` kept every job's signals alive on Node 20: about 2 KB per model call.)
 */
export async function runJob(job: Job<JobEnvelope>, deps: WorkerDeps, signal?: AbortSignal): Promise<JobOutcome> {
  const { requestId, deadline, input } = job.data;
  const remaining = deadline - Date.now();
  // The API has stopped waiting: doing the work now would only waste it.
  if (remaining <= 0) throw new UnrecoverableError('deadline passed before the job started');
  const processor = PROCESSORS[job.name as JobName];
  if (!processor) throw new UnrecoverableError(`no processor for job ${job.name}`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('job deadline passed')), remaining);
  const onClose = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onClose, { once: true });
  try {
    const value = await processor(input, { requestId, deps, signal: controller.signal });
    return { ok: true, value };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: { status: error.status, code: error.code, message: error.message } };
    deps.logger.error({ err: error, requestId, job: job.name }, 'processor failed');
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onClose);
  }
}

export function startPool(queue: QueueName, deps: WorkerDeps): Worker {
  const { config, logger } = deps;
  const connection = createRedis(config.redis.url, `promptgate-worker-${queue}`, { blocking: true, logger });
  const worker = new Worker<JobEnvelope, JobOutcome>(queue, (job, _token, signal) => runJob(job, deps, signal), {
    connection,
    prefix: queuePrefix(config.redis.prefix, queue),
    concurrency: concurrencyOf(queue, deps),
    name: `promptgate-${queue}`,
    ...POOL_LOCKS[queue],
  });
  worker.on('error', (err) => logger.error({ err, queue }, 'worker error'));
  worker.on('closed', () => void connection.quit().catch(() => undefined));
  return worker;
}
