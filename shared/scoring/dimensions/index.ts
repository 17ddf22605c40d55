// All eight dimensions: run each scorer, apply the substance gate to the rubric dimensions,
// round and clamp to 1..10, and sum the total.
import { DIMENSION_NAMES, type DimensionName, type Dimensions } from '../../schemas/common.js';
import type { Features } from '../text/features.js';
import { clarity } from './clarity.js';
import { constraints } from './constraints.js';
import { context } from './context.js';
import { cotStructure } from './cot-structure.js';
import { examples } from './examples.js';
import { outputFormat } from './output-format.js';
import { roleDefinition } from './role-definition.js';
import { specificity } from './specificity.js';
import { gateShare, gateWith, stuffing } from './substance.js';
import type { DimensionScorer } from './util.js';

const SCORERS: Readonly<Record<DimensionName, DimensionScorer>> = {
  clarity,
  specificity,
  context,
  constraints,
  output_format: outputFormat,
  role_definition: roleDefinition,
  examples,
  cot_structure: cotStructure,
};

/** Dimensions whose words are cheap to sprinkle; their gain is scaled by substance. */
const GATED: ReadonlySet<DimensionName> = new Set([
  'constraints', 'output_format', 'role_definition', 'examples', 'cot_structure',
]);

export interface DimensionBreakdown {
  readonly dimensions: Dimensions;
  readonly missing: Readonly<Record<DimensionName, readonly string[]>>;
}

function toScore(raw: number): number {
  if (!Number.isFinite(raw)) return 1;
  return Math.min(10, Math.max(1, Math.round(raw)));
}

export function scoreDimensions(f: Features): DimensionBreakdown {
  const scores = {} as Record<DimensionName, number>;
  const missing = {} as Record<DimensionName, readonly string[]>;
  let total = 0;
  // The gate's inputs depend on the features only: computed once, on the first gated dimension.
  let share = -1;
  let stuffed = 0;
  for (const name of DIMENSION_NAMES) {
    const r = SCORERS[name](f);
    let raw = r.raw;
    if (GATED.has(name)) {
      if (share < 0) {
        share = gateShare(f);
        stuffed = stuffing(f);
      }
      raw = gateWith(raw, share, stuffed);
    }
    const score = toScore(raw);
    scores[name] = score;
    missing[name] = r.missing;
    total += score;
  }
  return { dimensions: { ...scores, total }, missing };
}
