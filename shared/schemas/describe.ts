// Turns a zod error into one readable sentence for `{error}` bodies and batch row errors.
import { z } from 'zod';

/** Deepest path first: the union branch that matched furthest is the one the client meant. */
const depth = (error: z.ZodError) => Math.max(0, ...error.issues.map((i) => i.path.length));

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid input';
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_union') {
    const branches = issue.errors.map((issues) => new z.ZodError(issues));
    const best = branches.sort((a, b) => depth(b) - depth(a) || a.issues.length - b.issues.length)[0];
    if (best) {
      const inner = describeZodError(best);
      return issue.path.length > 0 && !inner.includes(':') ? `${issue.path.join('.')}: ${inner}` : inner;
    }
  }
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}
