// The rated calibration set (test/fixtures/rated-prompts.json): prompts rated blind on the 8
// dimensions by two raters against the level anchors in docs/scoring.md. The calibration target is
// the raters' mean; the split into train and held-out is fixed in the file. fit-engine reads only
// train; eval-engine reports both.
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

const RatedSet = z.object({ meta: z.record(z.string(), z.unknown()), prompts: z.array(RatedPrompt) });

export function loadRated(split?: Split): RatedPrompt[] {
  const all = RatedSet.parse(JSON.parse(readFileSync(RATED_PATH, 'utf8'))).prompts;
  return split === undefined ? all : all.filter((p) => p.split === split);
}
