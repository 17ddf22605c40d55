// Operational endpoints: liveness, readiness, metrics, the queue dashboard.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type Router from '@koa/router';
import type { RequestState } from '../state.js';
import type Koa from 'koa';
import pkg from '../../package.json' with { type: 'json' };
import { QUEUE_NAMES, type QueueName } from '../../shared/jobs.js';
import { withinCommandTimeout } from '../../shared/redis.js';
import type { QueueDepth, Readiness } from '../../shared/schemas/responses.js';
import { adminTokenMatches, bearerToken } from '../../shared/credentials.js';
import { ApiError, toHttp } from '../middleware/errors.js';
import type { ApiDeps } from './operation.js';

/** /readyz answers within this whatever Redis does, inside a load balancer's usual 1 s probe timeout. */
const READINESS_BOUND_MS = 800;

export function mountOps(router: Router<RequestState>, deps: ApiDeps) {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  // Besides the checks, what an operator glances at: the build, workers per pool, jobs per queue.
  router.get('/readyz', async (ctx) => {
    const checks: Readiness['checks'] = {};
    let detail: Pick<Readiness, 'pools' | 'queues'> = {};
    const bound = Math.min(READINESS_BOUND_MS, deps.config.redis.commandTimeoutMs);
    try {
      // Every read at once, under one bound: a stalled Redis is a 503 here, never a hung probe.
      const [, counts, depths] = await withinCommandTimeout(
        Promise.all([deps.redis.ping(), deps.facade.workerCounts(), queueDepths(deps)]),
        bound,
      );
      checks.redis = 'ok';
      for (const pool of QUEUE_NAMES) checks[`workers_${pool}`] = counts[pool] > 0 ? 'ok' : 'none';
      const pools = Object.fromEntries(QUEUE_NAMES.map((pool) => [pool, { workers: counts[pool] }]));
      detail = { pools, queues: depths };
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check failed');
      checks.redis = 'unreachable';
    }
    const about = { version: pkg.version, checks, ...detail };
    if (Object.values(checks).every((v) => v === 'ok')) {
      ctx.body = { status: 'ready', ...about } satisfies Readiness;
      return;
    }
    // Not ready is an error answer like any other, with what an operator needs beside it.
    const { status, body } = toHttp(new ApiError('not_ready', 'not ready'));
    ctx.status = status;
    ctx.body = { ...body, ...about };
  });

  // Off on the public port unless the admin token guards it or METRICS_PUBLIC opens it: the series
  // name routes, pools and payment volumes, which are nobody else's business by default.
  const { adminToken } = deps.config.http;
  if (adminToken || deps.config.metrics.public) {
    const { registry } = deps.metrics;
    router.get('/metrics', async (ctx) => {
      if (adminToken && !adminTokenMatches(bearerToken(ctx.get('authorization')), adminToken)) throw adminTokenRequired();
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
    });
  }
}

const adminTokenRequired = () => new ApiError('invalid_api_key', 'admin token required: Authorization: Bearer <ADMIN_TOKEN>');

/** Jobs waiting (delayed retries apart) and running, per queue. */
async function queueDepths(deps: ApiDeps): Promise<Record<QueueName, QueueDepth>> {
  const entries = await Promise.all(
    QUEUE_NAMES.map(async (name) => {
      const c = await deps.facade.queue(name).getJobCounts('waiting', 'delayed', 'active');
      return [name, { waiting: c.waiting ?? 0, delayed: c.delayed ?? 0, active: c.active ?? 0 }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<QueueName, QueueDepth>;
}

/** bull-board at /admin/queues, only when ADMIN_TOKEN is set, behind that bearer token. */
export function mountDashboard(app: Koa, deps: ApiDeps) {
  const token = deps.config.http.adminToken;
  if (!token) return;
  const adapter = new KoaAdapter().setBasePath('/admin/queues');
  createBullBoard({ queues: QUEUE_NAMES.map((n) => new BullMQAdapter(deps.facade.queue(n))), serverAdapter: adapter });
  const plugin = adapter.registerPlugin();
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/admin/queues')) return next();
    const given = adminTokenMatches(bearerToken(ctx.get('authorization')), token) || adminTokenMatches(ctx.cookies.get('pg_admin'), token);
    if (!given) throw adminTokenRequired();
    return plugin(ctx, next);
  });
}
