// What a rubric term asks of its signal. Conditions are plain data (a fitting script reads and
// rewrites them with the tables), built by constructors that read like the rubric: atLeast(2),
// each(), between(6, 600). All signals are counts or 0..1 measures, never negative.

export type Condition =
  /** 1 when the signal is n or more (counts: atLeast(1) is "present", atLeast(2) "a second one"). */
  | { readonly kind: 'atLeast'; readonly n: number }
  /** 1 when the signal is under n (below(1) is "absent"). */
  | { readonly kind: 'below'; readonly n: number }
  /** 1 when the signal is over n (for 0..1 measures). */
  | { readonly kind: 'above'; readonly n: number }
  /** 1 when lo <= signal <= hi. */
  | { readonly kind: 'between'; readonly lo: number; readonly hi: number }
  /** The count beyond `from` (each hit when from is 0), up to the term's cap. */
  | { readonly kind: 'each'; readonly from: number }
  /** signal / unit, up to the term's cap: a share of a target amount. */
  | { readonly kind: 'per'; readonly unit: number }
  /** How many of the thresholds the signal reaches (0..at.length). */
  | { readonly kind: 'tiers'; readonly at: readonly number[] };

export const atLeast = (n: number): Condition => ({ kind: 'atLeast', n });
export const below = (n: number): Condition => ({ kind: 'below', n });
export const above = (n: number): Condition => ({ kind: 'above', n });
export const between = (lo: number, hi: number): Condition => ({ kind: 'between', lo, hi });
export const each = (from = 0): Condition => ({ kind: 'each', from });
export const per = (unit: number): Condition => ({ kind: 'per', unit });
export const tiers = (...at: number[]): Condition => ({ kind: 'tiers', at });
