// Small arithmetic shared by the dimension scorers.
import type { Features } from '../text/features.js';

/** 1 when n > 0 else 0: a signal present or not. */
export const on = (n: number): number => (n > 0 ? 1 : 0);

export const upTo = (n: number, cap: number): number => Math.min(Math.max(n, 0), cap);

export interface DimensionResult {
  /** Unrounded score, before the anti-gaming gate and clamping. */
  readonly raw: number;
  /** Signal ids that would raise this dimension, most useful first (drives top_fixes). */
  readonly missing: readonly string[];
}

export type DimensionScorer = (f: Features) => DimensionResult;

/** Collects the ids whose condition is true, preserving order. */
export function missingWhen(pairs: ReadonlyArray<readonly [boolean, string]>): string[] {
  return pairs.filter(([absent]) => absent).map(([, id]) => id);
}
