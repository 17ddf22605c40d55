// Grade bands over the 8..80 total. D starts at the preflight pass mark (28/80): a prompt that
// passes preflight is never graded F. Bands are documented in docs/scoring.md.
import type { Grade } from '../schemas/common.js';

export const PREFLIGHT_PASS_MARK = 28;

/** Lowest total for each grade, best grade first. */
export const GRADE_BANDS: ReadonlyArray<readonly [Grade, number]> = [
  ['A', 60],
  ['B', 48],
  ['C', 38],
  ['D', PREFLIGHT_PASS_MARK],
];

export function gradeFor(total: number): Grade {
  for (const [grade, min] of GRADE_BANDS) if (total >= min) return grade;
  return 'F';
}
