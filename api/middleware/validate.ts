// Checks the parsed body against the operation's zod schema and returns the typed input.
// The first issue becomes the readable `error`; all issues go in `issues` for clients that want them.
import type { z } from 'zod';
import { ApiError } from './errors.js';
import { describeZodError } from '../../shared/schemas/describe.js';

export function validated<I>(schema: z.ZodType<I>, body: unknown): I {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_request', 'request body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError('invalid_request', describeZodError(parsed.error), {
      details: { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  }
  return parsed.data;
}
