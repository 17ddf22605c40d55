// Mounts operation rows on the router:
// body -> validation -> precheck -> preview, or access -> availability -> work.
import type Router from '@koa/router';
import { timeoutFor } from '../../shared/jobs.js';
import { paidRoute } from '../../shared/prices.js';
import { type Guard, openAccess } from '../middleware/access.js';
import { jsonBody } from '../middleware/json-body.js';
import { paidAccess } from '../middleware/paid-access.js';
import { freeRateLimit } from '../middleware/rate-limit.js';
import { subscriptionAccess } from '../middleware/subscription.js';
import { validated } from '../middleware/validate.js';
import type { AppMiddleware, RequestState } from '../state.js';
import type { ApiDeps, Operation } from './operation.js';
import { asksPreview, previewBody } from './preview.js';

function accessFor(op: Operation, deps: ApiDeps): Guard {
  switch (op.access) {
    case 'paid': {
      // The payment's validity window must outlast the work.
      const jobTimeoutMs = op.job ? timeoutFor(op.job, deps.config) : deps.config.timeouts.scoreMs;
      return paidAccess({ route: paidRoute(op.path), jobTimeoutMs }, deps.access);
    }
    case 'subscription':
      return subscriptionAccess(deps.config, deps.keys, deps.limits);
    case 'free':
    case 'public':
      return openAccess;
  }
}

export function mountOperation(router: Router<RequestState>, op: Operation, deps: ApiDeps) {
  const access = accessFor(op, deps);
  const chain: AppMiddleware[] = [];
  // The free tier counts every call, valid or not, so a flood of bad bodies is limited too.
  if (op.access === 'free') chain.push(freeRateLimit(deps.limits, deps.config.rateLimits.freePerMin));
  if (op.request) chain.push(jsonBody(op.largeBody ? deps.config.http.batchBodyLimitBytes : deps.config.http.bodyLimitBytes));
  chain.push(async (ctx) => {
    const input: unknown = op.request ? validated(op.request, ctx.state.body) : undefined;
    op.precheck?.(input, deps);
    if (op.preview && asksPreview(input)) {
      ctx.body = await previewBody(deps, op.preview);
      return;
    }
    await access(ctx, async () => {
      op.available?.(input, deps);
      const delivery = await op.work(input, deps, ctx.state.requestId);
      ctx.body = delivery.body;
      ctx.status = 200;
      return delivery.notCharged;
    });
  });
  router[op.method](op.path, ...chain);
}
