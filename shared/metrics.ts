// Every Prometheus series of the service, in one registry per process (prom-client). The API
// records requests, payments and rate limits and reads the queues' depths at scrape time; a worker
// process records its jobs, its pools' slots and its model calls. `npm start` runs both sides in one
// process with one registry. docs/operations.md says how to read them; ops/ builds on them. A job's
// name is the label `job_name`: `job` is the label Prometheus gives each scrape target.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueName } from './jobs.js';

/** How a call inside a queue job ended, as the worker saw it. */
export type JobOutcomeLabel = 'completed' | 'failed' | 'timed_out' | 'discarded';

/** Steps of an x402 payment (`promptgate_x402_payments_total{outcome}`). */
export type PaymentEvent = 'verified' | 'settled' | 'settlement_failed' | 'settlement_pending' | 'replay_refused' | 'rejected';

/** The jobs' depth per queue and whether Redis answered, read when /metrics is scraped. */
export type QueueProbe = () => Promise<Record<QueueName, Record<'waiting' | 'active' | 'delayed' | 'failed', number>>>;

// Seconds. Score jobs take milliseconds, model calls seconds; queue waits span both.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const ITEM_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128];

export interface MetricsOptions {
  /**
   * Also collect prom-client's process series (CPU, memory, event-loop lag, GC). Default true; off
   * for a registry nobody scrapes (the discovery examples' in-process run), which would only pay
   * for the event-loop monitor.
   */
  processMetrics?: boolean;
}

export function createMetrics({ processMetrics = true }: MetricsOptions = {}) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let probe: QueueProbe | undefined;

  /** One read of the queues per scrape, shared by the two gauges that show it (collected concurrently). */
  let reading: Promise<void> | undefined;
  const read = () =>
    (reading ??= (async () => {
      if (!probe) return;
      try {
        const depths = await probe();
        queueJobs.reset();
        for (const [queue, counts] of Object.entries(depths)) for (const [state, n] of Object.entries(counts)) queueJobs.set({ queue, state }, n);
        redisReady.set(1);
      } catch {
        // The scrape still answers when Redis does not: no depths rather than stale ones, readiness 0.
        queueJobs.reset();
        redisReady.set(0);
      }
    })().finally(() => {
      reading = undefined;
    }));

  const redisReady: Gauge = new Gauge({
    name: 'promptgate_redis_ready',
    help: '1 when Redis answered the queue read of this scrape, 0 when it did not (API processes only)',
    registers,
    collect: read,
  });
  const queueJobs: Gauge = new Gauge({
    name: 'promptgate_queue_jobs',
    help: 'Jobs per queue and state (waiting, active, delayed, failed), read at scrape time (API processes only)',
    labelNames: ['queue', 'state'],
    registers,
    collect: read,
  });

  return {
    registry,
    /** Sets what `promptgate_queue_jobs` and `promptgate_redis_ready` read (the API's queues). */
    probeQueues(read: QueueProbe) {
      probe = read;
    },
    http: {
      duration: new Histogram({
        name: 'promptgate_http_request_duration_seconds',
        help: 'HTTP request duration by matched route, method and final status',
        labelNames: ['method', 'route', 'status'],
        buckets: LATENCY_BUCKETS,
        registers,
      }),
    },
    jobs: {
      wait: new Histogram({
        name: 'promptgate_job_wait_seconds',
        help: 'Time a call spent in its queue before a worker took its queue job',
        labelNames: ['queue', 'job_name'],
        buckets: LATENCY_BUCKETS,
        registers,
      }),
      run: new Histogram({
        name: 'promptgate_job_run_seconds',
        help: 'Time a worker spent on one call',
        labelNames: ['queue', 'job_name'],
        buckets: LATENCY_BUCKETS,
        registers,
      }),
      outcomes: new Counter({
        name: 'promptgate_jobs_total',
        help: 'Calls run by the workers by outcome: completed, failed, timed_out (deadline passed while running), discarded (deadline passed before it started)',
        labelNames: ['queue', 'job_name', 'outcome'],
        registers,
      }),
      timeout: new Gauge({
        name: 'promptgate_job_timeout_seconds',
        help: 'How long a caller waits for a call of this job (its operation timeout), for alerts on the queue wait',
        labelNames: ['queue', 'job_name'],
        registers,
      }),
      items: new Histogram({
        name: 'promptgate_job_items',
        help: 'Calls carried by one queue job (calls ride together: micro-batching)',
        labelNames: ['queue'],
        buckets: ITEM_BUCKETS,
        registers,
      }),
    },
    pools: {
      concurrency: new Gauge({
        name: 'promptgate_pool_concurrency',
        help: 'Configured concurrency: queue jobs this process runs at once per pool',
        labelNames: ['queue'],
        registers,
      }),
      busy: new Gauge({
        name: 'promptgate_pool_busy_slots',
        help: 'Queue jobs this process is running per pool, at scrape time',
        labelNames: ['queue'],
        registers,
      }),
      // A scrape of a score worker only runs between two jobs (each holds the event loop), so the
      // gauge above reads 0 there however busy it is; slot time summed over the jobs does not.
      busySeconds: new Counter({
        name: 'promptgate_pool_busy_seconds_total',
        help: 'Slot time spent on queue jobs per pool: rate() / promptgate_pool_concurrency = utilisation',
        labelNames: ['queue'],
        registers,
      }),
      stalled: new Counter({
        name: 'promptgate_jobs_stalled_total',
        help: 'Queue jobs whose worker died or stalled, moved back to wait by this process',
        labelNames: ['queue'],
        registers,
      }),
    },
    payments: {
      charged: new Counter({
        name: 'promptgate_paid_calls_total',
        help: 'Calls charged, counted where the charge is made: settled (x402), metered against a key (bearer) or a subscription',
        labelNames: ['route', 'auth'],
        registers,
      }),
      x402: new Counter({
        name: 'promptgate_x402_payments_total',
        help: 'x402 payments by step: verified, settled, settlement_failed, settlement_pending, replay_refused, rejected',
        labelNames: ['route', 'outcome'],
        registers,
      }),
      notCharged: new Counter({
        name: 'promptgate_calls_not_charged_total',
        help: 'Calls that delivered but were not charged: the provider failed (proxy) or the client had gone',
        labelNames: ['route', 'auth', 'reason'],
        registers,
      }),
      rateLimited: new Counter({
        name: 'promptgate_rate_limited_total',
        help: 'Requests refused 429 by a rate limit: free (per address) or optimize-<tier> (per subscription key)',
        labelNames: ['limit'],
        registers,
      }),
    },
    models: {
      calls: new Counter({
        name: 'promptgate_model_calls_total',
        help: 'Model calls by provider, model and outcome (ok, error, timeout)',
        labelNames: ['provider', 'model', 'outcome'],
        registers,
      }),
      duration: new Histogram({
        name: 'promptgate_model_call_duration_seconds',
        help: 'Model call latency, retries and the wait for a provider slot included',
        labelNames: ['provider', 'model'],
        buckets: LATENCY_BUCKETS,
        registers,
      }),
      retries: new Counter({
        name: 'promptgate_model_call_retries_total',
        help: 'Requests the provider SDK sent again after a failure or a retryable status',
        labelNames: ['provider', 'model'],
        registers,
      }),
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
