// Checks the parsed body against the operation's zod schema (and its further check); the typed result
// is ctx.state.input.
// The first issue becomes the readable `error`; all issues go in `issues` for clients that want them.
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { describeZodError } from '../../shared/schemas/describe.js';

/** `check` is validation beyond the schema, run on the parsed input (it throws a 400 AppError). */
export const validate = <I>(schema: z.ZodType<I>, check?: (input: I) => void): Middleware => async (ctx, next) => {
  const body: unknown = ctx.state.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError(400, 'invalid_request', 'request body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(400, 'invalid_request', describeZodError(parsed.error), {
      details: { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  }
  check?.(parsed.data);
  ctx.state.input = parsed.data;
  await next();
};
