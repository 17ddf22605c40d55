// Mounts operation rows on the router. The checks, in order:
// body (schema and check) -> precheck -> preview -> availability -> access -> work.
// A caller of a paid operation with neither key nor payment gets the challenge whatever its body (x402
// indexers probe with `{}` or an example): the body's problem is named in the challenge instead of
// answered as a 400. A caller with a key or a payment hears the 400, and is never charged for it.
import type Router from '@koa/router';
import { type ExpectedError, isExpectedError, statusOf } from '../middleware/errors.js';
import { routeDiscovery } from '../discovery/bazaar.js';
import { paidFacts } from '../discovery/catalog.js';
import { type Guard, openAccess } from '../middleware/access.js';
import { jsonBody } from '../middleware/json-body.js';
import { carriesCredentials, paidAccess } from '../middleware/paid-access.js';
import { freeRateLimit } from '../middleware/rate-limit.js';
import { subscriptionAccess } from '../middleware/subscription.js';
import { validated } from '../middleware/validate.js';
import type { AppContext, AppMiddleware, RequestState } from '../state.js';
import type { ApiDeps, Operation } from './operation.js';
import { asksPreview, previewBody } from './preview.js';

function accessFor(op: Operation, deps: ApiDeps): Guard {
  switch (op.access) {
    case 'paid': {
      const facts = paidFacts(op, deps.config);
      // The payment's validity window must outlast the work.
      return paidAccess({ route: facts.route, jobTimeoutMs: facts.latency.timeoutMs, discovery: routeDiscovery(facts) }, deps.access);
    }
    case 'subscription':
      return subscriptionAccess(deps.config, deps.keys, deps.limits, deps.metrics, op.path);
    case 'free':
    case 'public':
      return openAccess;
  }
}

/** The validated body, or, for a caller of a paid operation with neither key nor payment, why it would be refused. */
type Body = { input: unknown; refused?: undefined } | { input?: undefined; refused: ExpectedError };

function bodyOf(op: Operation, deps: ApiDeps): (ctx: AppContext) => Promise<Body> {
  const { request } = op;
  if (!request) return async () => ({ input: undefined });
  const read = jsonBody(op.largeBody ? deps.config.http.batchBodyLimitBytes : deps.config.http.bodyLimitBytes);
  return async (ctx) => {
    try {
      await read(ctx, async () => {});
      const input = validated(request, ctx.state.body);
      op.check?.(input);
      return { input };
    } catch (error) {
      if (op.access !== 'paid' || !isExpectedError(error) || statusOf(error.code) >= 500 || carriesCredentials(ctx)) throw error;
      return { refused: error };
    }
  };
}

export function mountOperation(router: Router<RequestState>, op: Operation, deps: ApiDeps) {
  const access = accessFor(op, deps);
  const body = bodyOf(op, deps);
  const chain: AppMiddleware[] = [];
  // The free tier counts every call, valid or not, so a flood of bad bodies is limited too.
  if (op.access === 'free') chain.push(freeRateLimit(deps.limits, deps.config.rateLimits.freePerMin));
  chain.push(async (ctx) => {
    const { input, refused } = await body(ctx);
    if (input !== undefined) {
      op.precheck?.(input, deps);
      if (op.preview && asksPreview(input)) {
        ctx.body = await previewBody(deps, op.preview);
        return;
      }
    }
    // Before any challenge: nobody is asked to pay for work this deployment cannot do.
    op.available?.(input, deps.config);
    await access(ctx, {
      refused,
      work: async () => {
        // Access lets no caller without key or payment through; a refused body is never worked on.
        if (refused) throw refused;
        return op.work(input, deps.facade.runner(ctx.state.requestId), deps.config);
      },
    });
  });
  router[op.method](op.path, ...chain);
}
