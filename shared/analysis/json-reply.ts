// Models asked for JSON often answer with prose around it, code fences, or other key spellings.
// This finds the first object in a reply that a schema accepts.
import { z } from 'zod';

/** Lower-cases keys and folds "Reasoning Depth" / "reasoningDepth" / "reasoning-depth" to reasoning_depth. */
export function normalizeKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z]+/g, '_')] = v;
  }
  return out;
}

/** JSON object candidates in a reply: fenced blocks first, then the outermost braces. */
function candidates(reply: string): string[] {
  const found = [...reply.matchAll(/```(?:json)?\s*([\s\S]*?)```/gi)].map((m) => m[1]!);
  const open = reply.indexOf('{');
  const close = reply.lastIndexOf('}');
  if (open !== -1 && close > open) found.push(reply.slice(open, close + 1));
  return found;
}

/**
 * The first object in `reply` (or nested one level under `nestedKey`, e.g. {"scores": {...}}) that
 * `schema` accepts, keys normalized; undefined when there is none.
 */
export function parseJsonReply<T>(reply: string, schema: z.ZodType<T>, nestedKey?: string): T | undefined {
  for (const text of candidates(reply)) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue;
    }
    const normalized = normalizeKeys(json) as Record<string, unknown> | undefined;
    const objects = nestedKey ? [normalized, normalizeKeys(normalized?.[nestedKey])] : [normalized];
    for (const obj of objects) {
      const parsed = schema.safeParse(obj);
      if (parsed.success) return parsed.data;
    }
  }
  return undefined;
}

/** A number as models write it ("8", 8, "8/10", "0.9 probability"), finite, mapped through `fit`. */
export const lenientNumber = (fit: (n: number) => number) =>
  z.preprocess((v) => (typeof v === 'string' ? Number.parseFloat(v) : v), z.number().refine(Number.isFinite).transform(fit));
