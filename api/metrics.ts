// The API's side of the metrics (shared/metrics.ts): each request's duration under its final status,
// and the queues' depths read from BullMQ when /metrics is scraped.
import type { Metrics } from '../shared/metrics.js';
import { QUEUE_NAMES, type QueueName } from '../shared/jobs.js';
import { withinCommandTimeout } from '../shared/redis.js';
import type { JobFacade } from './facade.js';
import type { AppMiddleware } from './state.js';

/**
 * Records every request. Mounted outside the error handler, so it reads the status an error
 * became (a thrown 400 is a 400, a failed settlement after a 200 body a 402).
 */
export function observeRequests(metrics: Metrics): AppMiddleware {
  return async (ctx, next) => {
    const end = metrics.http.duration.startTimer({ method: ctx.method });
    try {
      await next();
    } finally {
      // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
      const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      end({ route, status: String(ctx.status) });
    }
  };
}

/** Queue depths for `promptgate_queue_jobs`, bounded like any Redis read so a scrape never hangs. */
export function probeQueues(metrics: Metrics, facade: JobFacade, boundMs: number) {
  metrics.probeQueues(async () => {
    const counts = await withinCommandTimeout(
      Promise.all(QUEUE_NAMES.map((name) => facade.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed'))),
      boundMs,
    );
    return Object.fromEntries(
      QUEUE_NAMES.map((name, i) => {
        const c = counts[i] ?? {};
        return [name, { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 }];
      }),
    ) as Record<QueueName, Record<'waiting' | 'active' | 'delayed' | 'failed', number>>;
  });
}
