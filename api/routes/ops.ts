// Operational endpoints: liveness, readiness, metrics, the OpenAPI document, the queue dashboard.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Registry } from 'prom-client';
import { QUEUE_NAMES } from '../../shared/jobs.js';
import { withinCommandTimeout } from '../../shared/redis.js';
import { adminTokenMatches } from '../auth/admin.js';
import { bearerToken } from '../auth/bearer.js';
import type { ApiDeps } from './operation.js';

/** /readyz answers within this whatever Redis does, inside a load balancer's usual 1 s probe timeout. */
const READINESS_BOUND_MS = 800;

export function mountOps(router: Router, deps: ApiDeps, registry: Registry, openapi: unknown) {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    const checks: Record<string, string> = {};
    const bound = Math.min(READINESS_BOUND_MS, deps.config.redis.commandTimeoutMs);
    try {
      // Both reads at once, under one bound: a stalled Redis is a 503 here, never a hung probe.
      const [, counts] = await withinCommandTimeout(Promise.all([deps.redis.ping(), deps.facade.workerCounts()]), bound);
      checks.redis = 'ok';
      for (const pool of QUEUE_NAMES) checks[`workers_${pool}`] = counts[pool] > 0 ? 'ok' : 'none';
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check failed');
      checks.redis = 'unreachable';
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    ctx.status = ready ? 200 : 503;
    ctx.body = ready ? { status: 'ready', checks } : { error: 'not ready', code: 'not_ready', checks };
  });

  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });

  router.get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
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
    if (!given) {
      ctx.status = 401;
      ctx.body = { error: 'admin token required', code: 'invalid_api_key' };
      return;
    }
    return plugin(ctx, next);
  });
}
