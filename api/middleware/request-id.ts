// Every request gets a fresh UUID: it is the job id on the queue and the audit record's key, so it
// is never taken from the client (a chosen id could collide with another request's job).
import { randomUUID } from 'node:crypto';
import type { AppMiddleware } from '../state.js';

export const requestId = (): AppMiddleware => async (ctx, next) => {
  const id = randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await next();
};
