// One worker pool: a BullMQ Worker on one queue that runs processors and returns JobOutcomes.
// Expected failures (AppError) travel back as data; anything else fails the job and is logged.
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { isAppError } from '../shared/errors.js';
import type { JobEnvelope, JobName, JobOutcome, QueueName } from '../shared/jobs.js';
import { createRedis } from '../shared/redis.js';
import { PROCESSORS } from './processors/registry.js';
import type { WorkerDeps } from './processors/types.js';

export function concurrencyOf(queue: QueueName, deps: WorkerDeps): number {
  const { workers } = deps.config;
  return queue === 'score' ? workers.scoreConcurrency : workers.llmConcurrency;
}

export async function runJob(job: Job<JobEnvelope>, deps: WorkerDeps, signal?: AbortSignal): Promise<JobOutcome> {
  const { requestId, deadline, input } = job.data;
  const remaining = deadline - Date.now();
  // The API has stopped waiting: doing the work now would only waste it.
  if (remaining <= 0) throw new UnrecoverableError('deadline passed before the job started');
  const processor = PROCESSORS[job.name as JobName];
  if (!processor) throw new UnrecoverableError(`no processor for job ${job.name}`);
  const timeout = AbortSignal.timeout(remaining);
  const jobSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const value = await processor(input, { requestId, deps, signal: jobSignal });
    return { ok: true, value };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: { status: error.status, code: error.code, message: error.message } };
    deps.logger.error({ err: error, requestId, job: job.name }, 'processor failed');
    throw error;
  }
}

export function startPool(queue: QueueName, deps: WorkerDeps): Worker {
  const { config, logger } = deps;
  const connection = createRedis(config.redis.url, `promptgate-worker-${queue}`, { blocking: true, logger });
  const worker = new Worker<JobEnvelope, JobOutcome>(queue, (job, _token, signal) => runJob(job, deps, signal), {
    connection,
    prefix: config.redis.prefix,
    concurrency: concurrencyOf(queue, deps),
    name: `promptgate-${queue}`,
  });
  worker.on('error', (err) => logger.error({ err, queue }, 'worker error'));
  worker.on('closed', () => void connection.quit().catch(() => undefined));
  return worker;
}
