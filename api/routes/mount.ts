// Mounts operation rows on the router. The checks, in order:
// body (schema and check) -> precheck -> preview -> availability -> access -> work.
// A caller of a paid operation with neither key nor payment gets the challenge whatever its body (x402
// indexers probe with `{}` or an example): the body's problem is named in the challenge instead of
// answered as a 400. A caller with a key or a payment hears the 400, and is never charged for it.
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { isAppError } from '../../shared/errors.js';
import type { JobName } from '../../shared/jobs.js';
import { routeDiscovery } from '../discovery/bazaar.js';
import { paidFacts } from '../discovery/catalog.js';
import { jsonBody } from '../middleware/json-body.js';
import { carriesCredentials, paidAccess } from '../middleware/paid-access.js';
import { freeRateLimit } from '../middleware/rate-limit.js';
import { subscriptionAccess } from '../middleware/subscription.js';
import { validate } from '../middleware/validate.js';
import type { ApiDeps, Operation } from './operation.js';
import { previewBody } from './preview.js';

function accessFor(op: Operation, deps: ApiDeps): Middleware | undefined {
  switch (op.access) {
    case 'paid': {
      const facts = paidFacts(op, deps.config);
      return paidAccess({ route: facts.route, jobTimeoutMs: facts.latency.timeoutMs, discovery: routeDiscovery(facts) }, deps.access);
    }
    case 'subscription':
      return subscriptionAccess(deps.config, deps.keys, deps.limits);
    case 'free':
    case 'public':
      return undefined;
  }
}

/** The operation's own handler, else its job run with the validated input. */
function workOf(op: Operation, usesModel: boolean): NonNullable<Operation['handle']> {
  if (op.handle) return op.handle;
  const job = op.job as JobName; // the Operation type requires a job when there is no handler
  const { jobInput = (input: unknown) => input, reply = (result: unknown) => result } = op;
  return async (input, deps, ctx) =>
    reply(await deps.facade.run(job, jobInput(input), { requestId: ctx.state.requestId as string, usesModel }), input);
}

/**
 * Reads and validates the body into `ctx.state.input`. On a paid operation, a caller with neither key
 * nor payment whose body is refused goes on without input, the refusal kept in `ctx.state.bodyProblem`.
 */
function bodyOf(op: Operation, deps: ApiDeps): Middleware | undefined {
  if (!op.request) return undefined;
  const read = jsonBody(op.largeBody ? deps.config.http.batchBodyLimitBytes : deps.config.http.bodyLimitBytes);
  const check = validate(op.request, op.check);
  const parse = (ctx: Context) => read(ctx, () => check(ctx, async () => {}));
  return async (ctx, next) => {
    try {
      await parse(ctx);
    } catch (error) {
      if (op.access !== 'paid' || !isAppError(error) || error.status >= 500 || carriesCredentials(ctx)) throw error;
      ctx.state.bodyProblem = error;
    }
    await next();
  };
}

export function mountOperation(router: Router, op: Operation, deps: ApiDeps) {
  // Fixed by the configuration, so decided once.
  const usesModel = op.usesModel?.(deps.config) ?? false;
  const work = workOf(op, usesModel);
  const chain: Middleware[] = [];
  // The free tier counts every call, valid or not, so a flood of bad bodies is limited too.
  if (op.access === 'free') chain.push(freeRateLimit(deps.limits, deps.config.rateLimits.freePerMin));
  const body = bodyOf(op, deps);
  if (body) chain.push(body);
  chain.push(async (ctx, next) => {
    const input = ctx.state.input;
    if (input !== undefined) {
      op.precheck?.(input, deps);
      if (op.preview && op.job && input.preview === true) {
        ctx.body = await previewBody(deps, op.job, op.preview, usesModel);
        return;
      }
    }
    // Before any challenge: nobody is asked to pay for work this deployment cannot do.
    op.available?.(input, deps.config);
    await next();
  });
  const access = accessFor(op, deps);
  if (access) chain.push(access);
  chain.push(async (ctx) => {
    // Access lets no caller without key or payment through; a refused body is never worked on.
    if (ctx.state.bodyProblem) throw ctx.state.bodyProblem;
    ctx.body = await work(ctx.state.input, deps, ctx);
    ctx.status = 200;
  });
  router[op.method](op.path, ...chain);
}
