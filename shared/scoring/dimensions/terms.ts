// The shape of the term tables (tables.ts), and how a table turns signals into a score: each table
// is compiled once into typed arrays over the signal vector (signals.ts), so scoring a prompt is
// one tight loop per dimension.
import type { DimensionName } from '../../schemas/common.js';
import type { Condition } from './conditions.js';
import type { Knot } from './scale.js';
import type { SignalId, SignalValues } from './signals.js';

/** One line of the rubric: `points` per unit of `when` on `signal`, e.g. +1.5 when must atLeast(1). */
export interface Term {
  /** Names the term in the docs, in `unless` and for a fitting script. */
  readonly id: string;
  readonly signal: SignalId;
  readonly when: Condition;
  /** Per unit of the condition's value; negative points lower the score. */
  readonly points: number;
  /** A penalty: its points are never above 0 (the fitting script keeps each term's direction). */
  readonly lowers?: boolean;
  /** Most units a counting condition (each, per, tiers) adds; none means no cap. */
  readonly cap?: number;
  /** An earlier term of the same table: this one counts only when that one did not ("otherwise"). */
  readonly unless?: string;
  /** A 0..1 measure the term is multiplied by (length counts only through substance). */
  readonly times?: SignalId;
  /**
   * In a gated dimension, counted outside the substance gate (heavy stuffing still cuts it): for what
   * a rubric-word sprinkler does not write, such as a prompt that opens by naming who the model is.
   */
  readonly ungated?: boolean;
  readonly note?: string;
}

/** A signal the dimension lacks, reported when `when` holds; the id picks the fix and the verdict's reason. */
export interface MissingSignal {
  readonly id: string;
  readonly signal: SignalId;
  readonly when: Condition;
}

export interface DimensionTable {
  readonly base: number;
  /** Scaled by the substance gate (gate.ts): dimensions whose words are cheap to sprinkle. */
  readonly gated: boolean;
  readonly terms: readonly Term[];
  /** The monotone map from raw points (after the gate) to 1..10, fitted on rated prompts; none means raw as is. */
  readonly scale?: readonly Knot[];
  /** Most useful first: the first one drives the verdict's reason and the dimension's fix. */
  readonly missing: readonly MissingSignal[];
}

export type Rubric = Readonly<Record<DimensionName, DimensionTable>>;

/** The anti-gaming measures' numbers (gate.ts reads them; docs/scoring.md explains them). */
export interface AntiGaming {
  /** substance = clamp(sum of terms, 0, 1) × (1 − stuffingDiscount × stuffing). */
  readonly substance: { readonly terms: readonly Term[]; readonly stuffingDiscount: number };
  /** stuffing = 0 under minHits rubric words, else clamp((rubric words / words − densityFrom) / densitySpan, 0, 1). */
  readonly stuffing: { readonly minHits: number; readonly densityFrom: number; readonly densitySpan: number };
  /** Clarity's penalty: from minHits on, min(perHit × rubric words, cap) × (1 − substance), plus densityPoints × stuffing. */
  readonly rubricStuffing: { readonly minHits: number; readonly perHit: number; readonly cap: number; readonly densityPoints: number };
  /**
   * Gated dimensions keep 1 + (raw − 1) × (floor + (1 − floor) × share) × (1 − stuffingCut × stuffing),
   * where share = min(substance / fullSubstance, 1) ^ curve.
   */
  readonly gate: { readonly floor: number; readonly fullSubstance: number; readonly curve: number; readonly stuffingCut: number };
}

// Compiled form: one typed array per field (k-th entry = k-th term), signals as vector indexes, so
// the loops below touch no object shapes at all.
const KIND = { atLeast: 0, below: 1, above: 2, between: 3, each: 4, per: 5, tiers: 6 } as const;

export type SignalIndex = Readonly<Record<SignalId, number>>;

export interface CompiledTerms {
  readonly length: number;
  readonly signal: Int16Array;
  readonly kind: Uint8Array;
  /** n, lo, from or unit; for tiers the first threshold's position in `at`. */
  readonly a: Float64Array;
  /** hi (between); for tiers the number of thresholds. */
  readonly b: Float64Array;
  readonly at: Float64Array;
  readonly cap: Float64Array;
  readonly points: Float64Array;
  /** Index of the term whose firing cancels this one, -1 for none. */
  readonly unless: Int8Array;
  /** Signal index of the 0..1 multiplier, -1 for none. */
  readonly times: Int16Array;
  /** 1 for a term counted outside the substance gate. */
  readonly ungated: Uint8Array;
}

/** A term, or a missing-signal check (a term without points). */
type Row = MissingSignal & Partial<Pick<Term, 'points' | 'cap' | 'unless' | 'times' | 'ungated'>>;

function compile(rows: readonly Row[], index: SignalIndex): CompiledTerms {
  const n = rows.length;
  if (n > 31) throw new Error('a table holds at most 31 terms (firing is tracked in one int)');
  const at: number[] = [];
  const c = {
    length: n, signal: new Int16Array(n), kind: new Uint8Array(n), a: new Float64Array(n), b: new Float64Array(n),
    at: new Float64Array(0), cap: new Float64Array(n).fill(Infinity), points: new Float64Array(n),
    unless: new Int8Array(n).fill(-1), times: new Int16Array(n).fill(-1), ungated: new Uint8Array(n),
  };
  rows.forEach((t, k) => {
    const w = t.when;
    c.signal[k] = index[t.signal];
    c.kind[k] = KIND[w.kind];
    if (w.kind === 'between') {
      c.a[k] = w.lo;
      c.b[k] = w.hi;
    } else if (w.kind === 'tiers') {
      c.a[k] = at.length;
      c.b[k] = w.at.length;
      at.push(...w.at);
    } else c.a[k] = w.kind === 'each' ? w.from : w.kind === 'per' ? w.unit : w.n;
    if (t.cap !== undefined) c.cap[k] = t.cap;
    c.points[k] = t.points ?? 0;
    if (t.times !== undefined) c.times[k] = index[t.times];
    if (t.ungated === true) c.ungated[k] = 1;
    if (t.unless !== undefined) {
      const u = rows.findIndex((o) => o.id === t.unless);
      if (u < 0 || u >= k) throw new Error(`term ${t.id}: unless '${t.unless}' is not an earlier term`);
      c.unless[k] = u;
    }
  });
  c.at = Float64Array.from(at);
  return c;
}

export const compileTerms = (terms: readonly Term[], index: SignalIndex): CompiledTerms => compile(terms, index);

/** The k-th condition's value for signal x: 0 or 1, or a count clamped to 0..cap. */
function conditionValue(c: CompiledTerms, k: number, x: number): number {
  const a = c.a[k] as number;
  switch (c.kind[k]) {
    case KIND.atLeast:
      return x >= a ? 1 : 0;
    case KIND.below:
      return x < a ? 1 : 0;
    case KIND.above:
      return x > a ? 1 : 0;
    case KIND.between:
      return x >= a && x <= (c.b[k] as number) ? 1 : 0;
    case KIND.each:
      return Math.min(Math.max(x - a, 0), c.cap[k] as number);
    case KIND.per:
      return Math.min(Math.max(x / a, 0), c.cap[k] as number);
    default: {
      let n = 0;
      for (let j = a, end = a + (c.b[k] as number); j < end; j++) if (x >= (c.at[j] as number)) n++;
      return Math.min(n, c.cap[k] as number);
    }
  }
}

/**
 * Each term's units for this prompt, into `out` (k-th entry = k-th term): its condition's value,
 * times its 0..1 multiplier; 0 when the condition does not hold or its `unless` term fired. A
 * score is then the dot product of the units with the points, which is what a fitting script fits.
 */
export function termUnits(c: CompiledTerms, v: SignalValues, out: Float64Array): Float64Array {
  let fired = 0;
  for (let k = 0; k < c.length; k++) {
    out[k] = 0;
    const u = c.unless[k] as number;
    if (u >= 0 && (fired & (1 << u)) !== 0) continue;
    const value = conditionValue(c, k, v[c.signal[k] as number] as number);
    if (value === 0) continue;
    fired |= 1 << k;
    const t = c.times[k] as number;
    out[k] = t < 0 ? value : value * (v[t] as number);
  }
  return out;
}

/** One scratch vector for the units of a table (a table holds at most 31 terms; scoring is synchronous). */
const SCRATCH = new Float64Array(32);

/** base + Σ points × units. */
function run(c: CompiledTerms, v: SignalValues, base: number): number {
  termUnits(c, v, SCRATCH);
  let sum = base;
  for (let k = 0; k < c.length; k++) sum += (c.points[k] as number) * (SCRATCH[k] as number);
  return sum;
}

/** A measure: the contributions summed (negative points subtract). */
export const sumTerms = (terms: CompiledTerms, v: SignalValues): number => run(terms, v, 0);

/** A dimension's raw score: base plus what raises it, minus what lowers it. */
export const rawScore = (base: number, terms: CompiledTerms, v: SignalValues): number => run(terms, v, base);

/**
 * A gated dimension's raw score: 1 + (base − 1 + gated terms) × gate + ungated terms × keep, where
 * gate is the substance gate's factor and keep what heavy stuffing leaves (gate.ts).
 */
export function gatedRawScore(base: number, c: CompiledTerms, v: SignalValues, gate: number, keep: number): number {
  termUnits(c, v, SCRATCH);
  let gated = base - 1;
  let ungated = 0;
  for (let k = 0; k < c.length; k++) {
    const x = (c.points[k] as number) * (SCRATCH[k] as number);
    if (c.ungated[k] === 1) ungated += x;
    else gated += x;
  }
  return 1 + gated * gate + ungated * keep;
}

export interface CompiledMissing<Id extends string> {
  readonly ids: readonly Id[];
  readonly checks: CompiledTerms;
}

export function compileMissing<Id extends string>(missing: readonly (MissingSignal & { readonly id: Id })[], index: SignalIndex): CompiledMissing<Id> {
  return { ids: missing.map((m) => m.id), checks: compile(missing, index) };
}

/** The ids of the signals this dimension lacks, in table order. */
export function missingIds<Id extends string>(m: CompiledMissing<Id>, v: SignalValues): Id[] {
  const out: Id[] = [];
  const c = m.checks;
  for (let k = 0; k < c.length; k++) if (conditionValue(c, k, v[c.signal[k] as number] as number) > 0) out.push(m.ids[k] as Id);
  return out;
}
