// The rated calibration set (test/fixtures/rated-prompts.json): prompts rated blind on the 8
// dimensions by two raters against the level anchors in docs/scoring.md. The calibration target is
// the raters' mean; the split into train and held-out is fixed in the file. fit-engine reads only
// train; eval-engine reports both.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DIMENSION_NAMES, VerticalSchema } from '../../shared/schemas/common.js';

export const RATED_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'rated-prompts.json');

const Rating = z.object(Object.fromEntries(DIMENSION_NAMES.map((d) => [d, z.number().min(1).max(10)])) as Record<(typeof DIMENSION_NAMES)[number], z.ZodNumber>);

const RatedPrompt = z.object({
  id: z.string(),
  vertical: VerticalSchema,
  shape: z.string(),
  prompt: z.string(),
  ratings: z.record(z.string(), Rating),
  split: z.enum(['train', 'heldout']),
  mean: Rating,
  mean_total: z.number(),
});
export type RatedPrompt = z.infer<typeof RatedPrompt>;
export type Split = RatedPrompt['split'];

const RatedSet = z.object({
  meta: z.object({
    /** Id prefixes of the prompts added together ("a-001": "a"); the split is drawn within each batch. */
    split_batches: z.array(z.array(z.string()).min(1)).min(1),
  }).passthrough(),
  prompts: z.array(RatedPrompt),
});
export type RatedSet = z.infer<typeof RatedSet>;

export const readRatedSet = Object.assign((path = RATED_PATH): RatedSet => RatedSet.parse(JSON.parse(readFileSync(path, 'utf8'))), { schema: RatedSet });

export function loadRated(split?: Split): RatedPrompt[] {
  const all = readRatedSet().prompts;
  return split === undefined ? all : all.filter((p) => p.split === split);
}

/** Share of each shape held out, in tenths (3 = 30%). */
const HELD_OUT_TENTHS = 3;

/** round(n × 30%), a half to the even neighbour (integer arithmetic, so no float decides a split). */
export function heldOutCount(n: number): number {
  const q = Math.floor((n * HELD_OUT_TENTHS) / 10);
  const r = (n * HELD_OUT_TENTHS) % 10;
  return r > 5 || (r === 5 && q % 2 === 1) ? q + 1 : q;
}

/**
 * The fixed split: within each batch and shape, prompts in sha256(id) order, the first
 * heldOutCount(n) held out. It reads only ids and shapes, never a rating or a score, and a new
 * batch never moves a prompt of an earlier one.
 */
export function splitOf(set: Pick<RatedSet, 'meta'> & { prompts: readonly Pick<RatedPrompt, 'id' | 'shape'>[] }): Map<string, Split> {
  const batchOf = (id: string): number => set.meta.split_batches.findIndex((b) => b.includes(id.slice(0, id.indexOf('-'))));
  const groups = new Map<string, string[]>();
  for (const p of set.prompts) {
    const b = batchOf(p.id);
    if (b < 0) throw new Error(`rated set: ${p.id} is in no split batch`);
    const key = `${b}/${p.shape}`;
    groups.set(key, [...(groups.get(key) ?? []), p.id]);
  }
  const out = new Map<string, Split>();
  const hash = (id: string): string => createHash('sha256').update(id).digest('hex');
  for (const ids of groups.values()) {
    const sorted = [...ids].sort((a, b) => (hash(a) < hash(b) ? -1 : hash(a) > hash(b) ? 1 : 0));
    const k = heldOutCount(sorted.length);
    sorted.forEach((id, i) => out.set(id, i < k ? 'heldout' : 'train'));
  }
  return out;
}
