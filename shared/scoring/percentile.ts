// Percentile and composite against the calibration corpus. The sorted corpus totals arrive as a
// generated TS module; a below/equal table over 8..80 is built once so each lookup is O(1).
import { OUT_OF } from '../schemas/common.js';
import { SORTED_TOTALS } from './calibration/distribution.js';

const MIN_TOTAL = 8;
const SPAN = OUT_OF - MIN_TOTAL;
/** Weight of the percentile in the composite; the rest is the linear position of the total. */
const COMPOSITE_PCT_WEIGHT = 0.6;

const below: number[] = [];
const equal: number[] = [];
for (let t = MIN_TOTAL; t <= OUT_OF; t++) {
  below.push(SORTED_TOTALS.filter((x) => x < t).length);
  equal.push(SORTED_TOTALS.filter((x) => x === t).length);
}
const N = Math.max(SORTED_TOTALS.length, 1);

function slot(total: number): number {
  return Math.min(SPAN, Math.max(0, Math.round(total) - MIN_TOTAL));
}

/** Share (0..100, integer) of the corpus scoring strictly below this total. */
export function percentileFor(total: number): number {
  return Math.round((100 * (below[slot(total)] ?? 0)) / N);
}

/**
 * Composite 0..100 for /api/svc-grade: 60% mid-rank percentile (below + half of ties) and 40%
 * linear position of the total in 8..80. The linear part keeps it moving where the corpus is thin.
 */
export function compositeFor(total: number): number {
  const i = slot(total);
  const midRank = (100 * ((below[i] ?? 0) + (equal[i] ?? 0) / 2)) / N;
  const linear = (100 * i) / SPAN;
  const c = Math.round(COMPOSITE_PCT_WEIGHT * midRank + (1 - COMPOSITE_PCT_WEIGHT) * linear);
  return Math.min(100, Math.max(0, c));
}
