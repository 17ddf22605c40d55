// How deep parsed JSON may nest. Parsing itself copes with any depth, but everything after it that
// walks a value recursively (JSON.stringify when a job is queued, zod, msgpack, a hash of the
// payload) overflows the stack somewhere past a few thousand levels: a 500 from a 30 KB body.
// Every request body and payment header is held to this limit right after it is parsed.

/** Deepest nesting accepted; real bodies use 3 or 4 levels. */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests deeper than `limit` (objects and arrays count a level each). Iterative. */
export function nestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
