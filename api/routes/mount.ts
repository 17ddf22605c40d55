// Mounts operation rows on the router:
// body -> validation -> precheck -> preview, or access -> availability -> work.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { type JobName, timeoutFor } from '../../shared/jobs.js';
import { paidRoute } from '../../shared/prices.js';
import { jsonBody } from '../middleware/json-body.js';
import { paidAccess } from '../middleware/paid-access.js';
import { freeRateLimit } from '../middleware/rate-limit.js';
import { subscriptionAccess } from '../middleware/subscription.js';
import { validate } from '../middleware/validate.js';
import type { ApiDeps, Operation } from './operation.js';
import { previewBody } from './preview.js';

function accessFor(op: Operation, deps: ApiDeps, usesModel: boolean): Middleware | undefined {
  switch (op.access) {
    case 'paid': {
      const jobTimeoutMs = op.job ? timeoutFor(op.job, deps.config, usesModel) : deps.config.timeouts.scoreMs;
      return paidAccess({ route: paidRoute(op.path), jobTimeoutMs }, deps.access);
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

export function mountOperation(router: Router, op: Operation, deps: ApiDeps) {
  // Fixed by the configuration, so decided once.
  const usesModel = op.usesModel?.(deps.config) ?? false;
  const work = workOf(op, usesModel);
  const chain: Middleware[] = [];
  // The free tier counts every call, valid or not, so a flood of bad bodies is limited too.
  if (op.access === 'free') chain.push(freeRateLimit(deps.limits, deps.config.rateLimits.freePerMin));
  if (op.request) {
    const limit = op.largeBody ? deps.config.http.batchBodyLimitBytes : deps.config.http.bodyLimitBytes;
    chain.push(jsonBody(limit), validate(op.request));
  }
  chain.push(async (ctx, next) => {
    op.precheck?.(ctx.state.input, deps);
    if (op.preview && op.job && ctx.state.input.preview === true) {
      ctx.body = await previewBody(deps, op.job, op.preview, usesModel);
      return;
    }
    await next();
  });
  const access = accessFor(op, deps, usesModel);
  if (access) chain.push(access);
  chain.push(async (ctx) => {
    op.available?.(ctx.state.input, deps);
    ctx.body = await work(ctx.state.input, deps, ctx);
    ctx.status = 200;
  });
  router[op.method](op.path, ...chain);
}
