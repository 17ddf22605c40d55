// The synchronous facade: run a job and wait for its result, typed by the job's declaration
// (shared/jobs.ts). One QueueEvents per queue feeds a single completion listener that answers every
// waiter, so waiting costs no extra connections.
//
// Cheap engine calls ride together (api/bundler.ts): the calls that arrive while a job add is in
// flight share the next queue job. Each call still has its own item in that job, its own outcome,
// its own timeout (504 at its own deadline, whatever the others do) and, in the route, its own
// charge decision: a queue job is never answered, or charged, as a whole.
//
// Job adds run on a command connection with the Redis command timeout, so a stalled Redis answers
// 503 `not_ready` within that bound rather than holding the request; and while anyone waits, Redis
// is pinged under the same bound, so a stall that begins while jobs run answers their waiters 503
// too instead of holding them until their timeouts.
import { Queue, QueueEvents } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../shared/config.js';
import { DomainError, isDomainErrorCode } from '../shared/errors.js';
import { ApiError } from './middleware/errors.js';
import {
  type JobData,
  type JobInput,
  type JobItem,
  type JobName,
  type JobOutcome,
  type JobResult,
  type JobReturn,
  QUEUE_NAMES,
  type QueueName,
  queueFor,
  rides,
  type RunJob,
  timeoutFor,
} from '../shared/jobs.js';
import { createRedis, isStorageOutage, queuePrefix, type Redis } from '../shared/redis.js';
import { Bundler } from './bundler.js';

export interface RunOptions {
  /** The request's id: the call's id in its queue job, and the job id of a job it starts. */
  requestId: string;
}

/** One caller waiting for its call. */
interface Waiter {
  item: JobItem;
  queue: QueueName;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** Its queue job, once the call is in one. */
  job?: QueuedJob;
}

/** A queue job: its calls' waiters in item order. */
interface QueuedJob {
  key: string;
  queue: QueueName;
  id: string;
  waiters: Waiter[];
  /** Waiters not answered yet. */
  live: number;
  /** The add has returned: the job is (or was) on the queue. */
  added: boolean;
}

const jobKey = (queue: QueueName, id: string) => `${queue}:${id}`;

export class JobFacade {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, QueueEvents>();
  private readonly bundlers = new Map<QueueName, Bundler<Waiter>>();
  /** Queue jobs with a waiter left, by queue and job id. */
  private readonly jobs = new Map<string, QueuedJob>();
  /** Every caller not answered yet. */
  private readonly waiting = new Set<Waiter>();
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
      this.bundlers.set(name, new Bundler((groups) => this.add(name, groups), config.workers.batchMaxItems));
      const events = new QueueEvents(name, { connection: this.eventsConnection, prefix: queuePrefix(prefix, name) });
      // QueueEvents hands over the return value parsed (its type says string).
      events.on('completed', ({ jobId, returnvalue }) => this.settle(name, jobId, returnvalue as unknown as JobReturn));
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

  /** Runs `job` on `input` and resolves with its result; rejects with the call's own error. */
  run<N extends JobName>(job: N, input: JobInput<N>, { requestId }: RunOptions): Promise<JobResult<N>> {
    const queue = queueFor(job, this.config);
    const timeoutMs = timeoutFor(job, this.config);
    const item: JobItem = { job, requestId, deadline: Date.now() + timeoutMs, input };
    return new Promise<JobResult<N>>((resolve, reject) => {
      const waiter: Waiter = {
        item,
        queue,
        // The worker ran this job's processor, typed to return this job's result: the value is one.
        resolve: (value) => resolve(value as JobResult<N>),
        reject,
        timer: setTimeout(() => this.answer(waiter, new DomainError('timeout', `${job} did not finish within ${timeoutMs} ms`)), timeoutMs),
      };
      this.waiting.add(waiter);
      this.watch();
      if (rides(job, input, this.config)) this.bundler(queue).push(waiter);
      else void this.add(queue, [[waiter]]);
    });
  }

  /** `run` for one request, in the shape the operation rows take. */
  runner(requestId: string): RunJob {
    return (job, input) => this.run(job, input, { requestId });
  }

  private bundler(queue: QueueName): Bundler<Waiter> {
    return this.bundlers.get(queue)!;
  }

  /** Adds one queue job per group of calls, in one round trip; a failed add answers their waiters. */
  private async add(queueName: QueueName, groups: Waiter[][]): Promise<void> {
    const jobs = groups.map((waiters) => this.track(queueName, waiters));
    const { keepCompleted, keepFailed, keepFailedAgeS } = this.config.workers;
    const entries = jobs.map((job) => ({
      name: [...new Set(job.waiters.map((w) => w.item.job))].join('+'),
      data: { items: job.waiters.map((w) => w.item) } satisfies JobData,
      opts: {
        jobId: job.id,
        attempts: 1,
        // The result travels to the waiters in the completion event; the job itself is not needed after.
        removeOnComplete: { count: keepCompleted },
        removeOnFail: { count: keepFailed, age: keepFailedAgeS },
      },
    }));
    const queue = this.queue(queueName);
    try {
      if (entries.length === 1) await queue.add(entries[0]!.name, entries[0]!.data, entries[0]!.opts);
      else await queue.addBulk(entries);
    } catch (err) {
      const error = isStorageOutage(err) ? new ApiError('not_ready', 'the job queue is unreachable; retry shortly (nothing was charged)', { cause: err }) : err;
      if (!isStorageOutage(err)) this.logger.error({ err, queue: queueName }, 'job add failed');
      for (const job of jobs) for (const w of job.waiters) this.answer(w, error instanceof Error ? error : new Error(String(error)));
    } finally {
      for (const job of jobs) {
        job.added = true;
        // Everyone gave up while the add was in flight: the job may have landed with nobody waiting.
        if (job.live === 0) this.drop(job);
      }
    }
  }

  /** Registers a queue job before its add, so one that finishes at once still finds its waiters. */
  private track(queue: QueueName, waiters: Waiter[]): QueuedJob {
    const id = waiters[0]!.item.requestId;
    const job: QueuedJob = { key: jobKey(queue, id), queue, id, waiters, live: waiters.length, added: false };
    for (const w of waiters) w.job = job;
    this.jobs.set(job.key, job);
    return job;
  }

  /** Answers one waiter, once: with its value, or with `outcome` as an error. */
  private answer(waiter: Waiter, outcome: Error | { value: unknown }) {
    if (!this.waiting.delete(waiter)) return;
    clearTimeout(waiter.timer);
    if (outcome instanceof Error) waiter.reject(outcome);
    else waiter.resolve(outcome.value);
    const job = waiter.job;
    if (!job) {
      // Never queued: nothing to take back but its place in the next job.
      this.bundler(waiter.queue).withdraw(waiter);
      return;
    }
    job.live--;
    if (job.live === 0 && job.added) this.drop(job);
  }

  /** A queue job nobody waits for any more. A queued one is removed; a running one skips the calls past their deadlines. */
  private drop(job: QueuedJob) {
    if (this.jobs.get(job.key) !== job) return;
    this.jobs.delete(job.key);
    this.queue(job.queue)
      .remove(job.id)
      .catch((err: unknown) => this.logger.debug({ err, jobId: job.id }, 'abandoned job is running or gone; its deadlines stop it'));
  }

  private settle(queue: QueueName, jobId: string, outcomes: JobReturn) {
    const job = this.jobs.get(jobKey(queue, jobId));
    if (!job) return;
    this.jobs.delete(job.key);
    job.waiters.forEach((waiter, i) => this.answer(waiter, outcomeOf(outcomes?.[i])));
  }

  private fail(queue: QueueName, jobId: string, failedReason: string) {
    const job = this.jobs.get(jobKey(queue, jobId));
    if (!job) return;
    this.jobs.delete(job.key);
    this.logger.error({ jobId, queue, failedReason }, 'job failed');
    for (const waiter of job.waiters) this.answer(waiter, new DomainError('job_failed', 'the worker failed to process this request'));
  }

  /** Live workers per pool, as BullMQ sees them (their named Redis connections). */
  async workerCounts(): Promise<Record<QueueName, number>> {
    const counts = await Promise.all(QUEUE_NAMES.map((n) => this.queue(n).getWorkersCount()));
    return Object.fromEntries(QUEUE_NAMES.map((n, i) => [n, counts[i] ?? 0])) as Record<QueueName, number>;
  }

  /** Answers every waiter 503 (shutdown past its grace period); their jobs are dropped by their deadlines. */
  stopWaiting(): void {
    this.answerAll(new ApiError('not_ready', 'the service is shutting down; retry (nothing was charged)'));
  }

  private answerAll(error: ApiError) {
    for (const waiter of [...this.waiting]) this.answer(waiter, error);
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
    if (this.waiting.size === 0) {
      clearInterval(this.watchdog);
      this.watchdog = undefined;
      return;
    }
    if (this.pinging) return;
    this.pinging = true;
    try {
      await this.connection.ping();
    } catch (err) {
      if (isStorageOutage(err)) this.answerAll(new ApiError('not_ready', 'the service store stopped answering; retry shortly (nothing was charged)', { cause: err }));
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

/**
 * A call's outcome from the worker as its value, or as the domain error its route answers (a code
 * this API does not know, from a worker of another version, is the worker's failure).
 */
function outcomeOf(outcome: JobOutcome | undefined): Error | { value: unknown } {
  if (outcome?.ok) return { value: outcome.value };
  const failure = outcome?.error;
  if (!failure) return new DomainError('job_failed', 'the worker returned no result');
  return isDomainErrorCode(failure.code) ? new DomainError(failure.code, failure.message) : new DomainError('job_failed', failure.message);
}
