// The synchronous facade: enqueue a job and wait for its result. One QueueEvents per queue feeds a
// single completion listener that resolves every waiter, so waiting costs no extra connections.
import { Queue, QueueEvents } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../shared/config.js';
import { AppError } from '../shared/errors.js';
import {
  type JobEnvelope,
  type JobName,
  type JobOutcome,
  QUEUE_NAMES,
  type QueueName,
  queueFor,
  timeoutFor,
} from '../shared/jobs.js';
import { createRedis, type Redis } from '../shared/redis.js';

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export interface RunOptions {
  requestId: string;
  /** The job will call a model this time, so it runs on the llm pool with the llm timeout. */
  usesModel?: boolean;
}

export class JobFacade {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, QueueEvents>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly connection: Redis;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {
    this.connection = createRedis(config.redis.url, 'promptgate-api-queues', { forQueues: true, logger });
    for (const name of QUEUE_NAMES) {
      const opts = { connection: this.connection, prefix: config.redis.prefix };
      const queue = new Queue(name, opts);
      queue.on('error', (err) => this.logger.error({ err, queue: name }, 'queue error'));
      this.queues.set(name, queue);
      // BullMQ gives the blocking QueueEvents reader its own duplicate of this connection.
      const events = new QueueEvents(name, opts);
      events.on('completed', ({ jobId, returnvalue }) => this.settle(name, jobId, returnvalue));
      events.on('failed', ({ jobId, failedReason }) => this.fail(name, jobId, failedReason));
      events.on('error', (err) => this.logger.error({ err, queue: name }, 'queue events error'));
      this.events.set(name, events);
    }
  }

  /** Resolves once every QueueEvents listens, so no completion can be missed afterwards. */
  async ready(): Promise<void> {
    await Promise.all([...this.events.values()].map((e) => e.waitUntilReady()));
    await Promise.all([...this.queues.values()].map((q) => q.waitUntilReady()));
  }

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`unknown queue ${name}`);
    return queue;
  }

  async run<R>(name: JobName, input: unknown, { requestId, usesModel = false }: RunOptions): Promise<R> {
    const queueName = queueFor(name, usesModel);
    const timeoutMs = timeoutFor(name, this.config, usesModel);
    const waiterKey = `${queueName}:${requestId}`;
    const envelope: JobEnvelope = { requestId, deadline: Date.now() + timeoutMs, input };

    // Registered before the add, so a job that finishes at once still finds its waiter.
    const result = new Promise<unknown>((resolve, reject) => this.waiters.set(waiterKey, { resolve, reject }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError(504, 'timeout', `${name} did not finish within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const added = this.queue(queueName).add(name, envelope, {
        jobId: requestId,
        attempts: 1,
        removeOnComplete: { count: this.config.workers.keepCompleted },
        removeOnFail: { count: this.config.workers.keepFailed },
      });
      // The add is raced too: with Redis unreachable it would otherwise wait for a reconnect forever.
      return (await Promise.race([added.then(() => result), timeout])) as R;
    } catch (error) {
      if (error instanceof AppError && error.code === 'timeout') void this.discard(queueName, requestId);
      throw error;
    } finally {
      clearTimeout(timer);
      this.waiters.delete(waiterKey);
    }
  }

  /** A job nobody waits for any more: removed if still queued; a running one is dropped by its deadline. */
  private async discard(queueName: QueueName, jobId: string) {
    try {
      await this.queue(queueName).remove(jobId);
    } catch (err) {
      this.logger.debug({ err, jobId }, 'timed-out job is running; its deadline will abort it');
    }
  }

  private settle(queueName: QueueName, jobId: string, returnvalue: unknown) {
    const waiter = this.waiters.get(`${queueName}:${jobId}`);
    if (!waiter) return;
    const outcome = returnvalue as JobOutcome;
    if (outcome?.ok) return waiter.resolve(outcome.value);
    const failure = outcome?.error;
    waiter.reject(
      failure
        ? new AppError(failure.status, failure.code as AppError['code'], failure.message)
        : new AppError(502, 'job_failed', 'the worker returned no result'),
    );
  }

  private fail(queueName: QueueName, jobId: string, failedReason: string) {
    const waiter = this.waiters.get(`${queueName}:${jobId}`);
    if (!waiter) return;
    this.logger.error({ jobId, queue: queueName, failedReason }, 'job failed');
    waiter.reject(new AppError(502, 'job_failed', 'the worker failed to process this request'));
  }

  /** Live workers per pool, as BullMQ sees them (their named Redis connections). */
  async workerCounts(): Promise<Record<QueueName, number>> {
    const counts = await Promise.all(QUEUE_NAMES.map((n) => this.queue(n).getWorkersCount()));
    return Object.fromEntries(QUEUE_NAMES.map((n, i) => [n, counts[i] ?? 0])) as Record<QueueName, number>;
  }

  async close(): Promise<void> {
    for (const waiter of this.waiters.values()) waiter.reject(new AppError(503, 'not_ready', 'the service is shutting down'));
    this.waiters.clear();
    await Promise.all([...this.events.values()].map((e) => e.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await this.connection.quit().catch(() => undefined);
  }
}
