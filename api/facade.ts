// The synchronous facade: enqueue a job and wait for its result. One QueueEvents per queue feeds a
// single completion listener that resolves every waiter, so waiting costs no extra connections.
// The job add runs on a command connection with the Redis command timeout, so a stalled Redis
// answers 503 `not_ready` within that bound rather than holding the request; and while anyone
// waits, Redis is pinged under the same bound, so a stall that begins while jobs run answers their
// waiters 503 too instead of holding them until their job timeouts.
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
import { createRedis, isStorageOutage, queuePrefix, type Redis } from '../shared/redis.js';

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
  /** Pings Redis while there are waiters (see watch()). */
  private watchdog: NodeJS.Timeout | undefined;
  private pinging = false;
  /** Job adds and queue reads: bounded by the command timeout. */
  private readonly connection: Redis;
  /** Template of the blocking QueueEvents readers (BullMQ duplicates it per reader): no timeout. */
  private readonly eventsConnection: Redis;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {
    const { url, prefix, commandTimeoutMs } = config.redis;
    this.connection = createRedis(url, 'promptgate-api-queues', { commandTimeoutMs, logger });
    this.eventsConnection = createRedis(url, 'promptgate-api-events', { blocking: true, logger });
    for (const name of QUEUE_NAMES) {
      const queue = new Queue(name, { connection: this.connection, prefix: queuePrefix(prefix, name) });
      queue.on('error', (err) => this.logger.error({ err, queue: name }, 'queue error'));
      this.queues.set(name, queue);
      const events = new QueueEvents(name, { connection: this.eventsConnection, prefix: queuePrefix(prefix, name) });
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
    this.watch();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError(504, 'timeout', `${name} did not finish within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const { keepCompleted, keepFailed, keepFailedAgeS } = this.config.workers;
      const added = this.queue(queueName)
        .add(name, envelope, {
          jobId: requestId,
          attempts: 1,
          // The result travels to the waiter in the completion event; the job itself is not needed after.
          removeOnComplete: { count: keepCompleted },
          removeOnFail: { count: keepFailed, age: keepFailedAgeS },
        })
        .catch((err: unknown) => {
          throw isStorageOutage(err) ? new AppError(503, 'not_ready', 'the job queue is unreachable; retry shortly (nothing was charged)', { cause: err }) : err;
        });
      // The add is raced too: a job timeout shorter than the command timeout still holds.
      return (await Promise.race([added.then(() => result), timeout])) as R;
    } catch (error) {
      // A job whose add timed out may still land once Redis answers again: nobody waits for it.
      if (error instanceof AppError && ['timeout', 'not_ready'].includes(error.code)) void this.discard(queueName, requestId);
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

  /** Answers every waiter 503 (shutdown past its grace period); their jobs are dropped by their deadlines. */
  stopWaiting(): void {
    this.rejectAll(new AppError(503, 'not_ready', 'the service is shutting down; retry (nothing was charged)'));
  }

  private rejectAll(error: AppError) {
    for (const waiter of this.waiters.values()) waiter.reject(error);
    this.waiters.clear();
  }

  /**
   * While anyone waits, pings Redis every half command timeout: a ping that times out (a stalled
   * Redis) answers every waiter 503 at once. Their jobs may still finish once Redis answers; nobody
   * is charged for them.
   */
  private watch() {
    if (this.watchdog) return;
    this.watchdog = setInterval(() => void this.ping(), Math.max(1, Math.floor(this.config.redis.commandTimeoutMs / 2)));
    this.watchdog.unref();
  }

  private async ping() {
    if (this.waiters.size === 0) {
      clearInterval(this.watchdog);
      this.watchdog = undefined;
      return;
    }
    if (this.pinging) return;
    this.pinging = true;
    try {
      await this.connection.ping();
    } catch (err) {
      if (isStorageOutage(err)) this.rejectAll(new AppError(503, 'not_ready', 'the service store stopped answering; retry shortly (nothing was charged)', { cause: err }));
    } finally {
      this.pinging = false;
    }
  }

  async close(): Promise<void> {
    this.stopWaiting();
    clearInterval(this.watchdog);
    await Promise.all([...this.events.values()].map((e) => e.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await Promise.all([this.connection, this.eventsConnection].map((c) => c.quit().catch(() => undefined)));
  }
}
