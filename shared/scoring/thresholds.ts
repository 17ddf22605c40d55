// The cut-offs for reading a score, each stated once. Callers (grade, verdict, rewriter, workers)
// import them instead of repeating the numbers; docs/scoring.md explains them.
import type { Grade } from '../schemas/common.js';

/** Preflight passes from this total (of 80). Grade D starts here: a passing prompt is never an F. */
export const PREFLIGHT_PASS_MARK = 28;

/** Lowest total for each grade, best grade first; under the last one the grade is F. */
export const GRADE_BANDS: ReadonlyArray<readonly [Grade, number]> = [
  ['A', 60],
  ['B', 48],
  ['C', 38],
  ['D', PREFLIGHT_PASS_MARK],
];

/**
 * A dimension scoring this or more (of 10) is strong: the verdict gives no reason for it and the
 * rewriter adds no block for it. Below it a dimension is weak.
 */
export const STRONG_DIMENSION = 8;

/** The proxy warns that the answer will be weak under this total. */
export const PROXY_WARNING_BELOW = 30;

/** The proxy passes on the first fix as a suggestion under this total. */
export const PROXY_SUGGESTION_BELOW = 50;

/** The preflight names the first fix as its top issue when the weakest dimension is under this. */
export const FLAG_DIMENSION_BELOW = 7;

/** The rewriter's best style must strictly beat any original under this total. */
export const MUST_IMPROVE_BELOW = 60;
