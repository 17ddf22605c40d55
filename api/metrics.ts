// Prometheus metrics for the API process: request latency by route and status, and queue depth
// read from BullMQ at scrape time.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { QUEUE_NAMES } from '../shared/jobs.js';
import type { JobFacade } from './facade.js';
import type { AppMiddleware } from './state.js';

export function createMetrics(facade: JobFacade) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'promptgate_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const paid = new Counter({
    name: 'promptgate_paid_calls_total',
    help: 'Successful paid calls by route',
    labelNames: ['route'],
    registers: [registry],
  });
  new Gauge({
    name: 'promptgate_queue_jobs',
    help: 'Jobs per queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const name of QUEUE_NAMES) {
        const counts = await facade.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
        for (const [state, n] of Object.entries(counts)) this.set({ queue: name, state }, n);
      }
    },
  });

  const observe: AppMiddleware = async (ctx, next) => {
    const end = duration.startTimer({ method: ctx.method });
    try {
      await next();
    } finally {
      // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
      const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      end({ route, status: String(ctx.status) });
      if (ctx.status === 200 && ctx.state.auth) paid.inc({ route });
    }
  };
  return { registry, observe };
}
