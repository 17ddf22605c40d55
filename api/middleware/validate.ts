// Checks the parsed body against the operation's zod schema; the typed result is ctx.state.input.
import type { Middleware } from 'koa';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';

/** First issue as one readable sentence; all issues go in `issues` for clients that want them. */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid request body';
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_union') {
    // Report the branch that got furthest rather than zod's generic union message.
    const branches = issue.errors.map((issues) => new z.ZodError(issues));
    const best = branches.sort((a, b) => a.issues.length - b.issues.length)[0];
    if (best) return describe(best);
  }
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

export const validate = (schema: z.ZodType): Middleware => async (ctx, next) => {
  const body: unknown = ctx.state.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError(400, 'invalid_request', 'request body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(400, 'invalid_request', describe(parsed.error), {
      details: { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  }
  ctx.state.input = parsed.data;
  await next();
};
