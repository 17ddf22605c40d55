// The learned half of the injection detector: a logistic model over hashed n-grams (features.ts),
// scored on the whole prompt and on every window of 1-3 sentences or lines (segments.ts), plus a
// small softmax that names the family of what it found. Weights come from weights.json, written by
// `npm run train:injection` and decoded once per process. Pure: no I/O beyond the module import.
import type { InjectionPattern } from '../../schemas/common.js';
import { INJECTION_PATTERNS } from '../../schemas/common.js';
import { firstAtOrAfter, HASH_BITS, occurrences, type Occurrences } from './features.js';
import { units, windowsOf } from './segments.js';
import weightsFile from './weights.json' with { type: 'json' };

/** What weights.json holds; scripts/train-injection.ts writes it. */
export interface WeightsFile {
  format: 1;
  /** sha256 of the feature, segment and training code and the hyperparameters (see the weights test) */
  fingerprint: string;
  corpus: { sha256: string; cases: number };
  hyperparameters: Record<string, number | string>;
  /** raw score where the model alone says "injection"; chosen on held-out predictions */
  threshold: number;
  /** confidence = sigmoid(slope * (raw - threshold)) */
  slope: number;
  /** pooling exponent: raw = bias + sum(w) / n^alpha over the n occurrences of a span */
  alpha: number;
  bias: number;
  /** little-endian int16, times `scale`, 2^HASH_BITS of them */
  weights: string;
  scale: number;
  family: { bits: number; bias: number[]; weights: string; scale: number };
  holdout: Record<string, unknown>;
}

/** Raw score of occurrences [a, b): the same arithmetic in training and here. */
export function rawScore(w: ArrayLike<number>, bias: number, alpha: number, ids: Int32Array, a: number, b: number): number {
  let s = 0;
  for (let i = a; i < b; i++) s += w[ids[i]!]!;
  return bias + s / Math.pow(b - a, alpha);
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

// The detection weights stay quantized in memory (2 MB instead of twice that): a long prompt reads
// one weight per feature occurrence at random, and the smaller table stays in the processor's
// caches. A weight is Math.fround(q * scale), the float32 the trainer's arithmetic saw. The family
// weights are stored as those float32 values (768 KB): a family sum reads six per occurrence, and
// the multiply and rounding would cost more than the cache does.
interface Loaded {
  file: WeightsFile;
  w: Int16Array;
  /** family weights bucket-major (bucket * FAMILIES + family): one cache line per occurrence */
  family: Float32Array;
  familyMask: number;
}

/** The family softmax's classes, unrolled in family(). */
const FAMILIES = 6;
if (INJECTION_PATTERNS.length !== FAMILIES) throw new Error(`family() sums ${FAMILIES} families, the SPEC names ${INJECTION_PATTERNS.length}`);

let loaded: Loaded | undefined;

/** Decodes weights.json on first use; later calls reuse it. */
function model(): Loaded {
  if (loaded) return loaded;
  const file = weightsFile as WeightsFile;
  const bytes = Buffer.from(file.weights, 'base64');
  const w = new Int16Array(bytes.length / 2);
  for (let i = 0; i < w.length; i++) w[i] = bytes.readInt16LE(i * 2);
  if (w.length !== 1 << HASH_BITS) throw new Error(`weights.json holds ${w.length} weights, features.ts makes ${1 << HASH_BITS}: run npm run train:injection`);
  const byFamily = Buffer.from(file.family.weights, 'base64');
  const size = 1 << file.family.bits;
  const family = new Float32Array(FAMILIES * size);
  for (let c = 0; c < FAMILIES; c++) for (let id = 0; id < size; id++) family[id * FAMILIES + c] = Math.fround(byFamily.readInt8(c * size + id) * file.family.scale);
  loaded = { file, w, family, familyMask: size - 1 };
  return loaded;
}

export interface ScoredSpan {
  /** first and last unit (0-based) the span covers, or null for the whole text */
  units: [number, number] | null;
  /** offsets in the normalized text */
  from: number;
  to: number;
  confidence: number;
  /** family of what the span holds, from the family softmax */
  pattern: InjectionPattern;
}

export interface ModelVerdict {
  /** the strongest of the whole text and its windows */
  confidence: number;
  best: ScoredSpan;
  /** windows the model flags on their own (confidence >= 0.5), overlaps resolved to the narrowest */
  flagged: ScoredSpan[];
}

/** Scores normalized text: whole, and every window of 1..3 units. Linear in the text's length. */
export function scoreText(text: string): ModelVerdict {
  const m = model();
  const { bias, alpha, threshold, slope, scale } = m.file;
  const occ = occurrences(text);
  // prefix sums turn every window's sum into one subtraction
  const prefix = new Float64Array(occ.length + 1);
  for (let i = 0; i < occ.length; i++) prefix[i + 1] = prefix[i]! + Math.fround(m.w[occ.ids[i]!]! * scale);
  const conf = (a: number, b: number): number =>
    b > a ? sigmoid(slope * (bias + (prefix[b]! - prefix[a]!) / Math.pow(b - a, alpha) - threshold)) : 0;

  type Unnamed = Omit<ScoredSpan, 'pattern'>;
  let best: Unnamed = { units: null, from: 0, to: text.length, confidence: conf(0, occ.length) };
  const candidates: Unnamed[] = [];
  for (const { first, last, span } of windowsOf(units(text))) {
    const c = conf(firstAtOrAfter(occ, span.from), firstAtOrAfter(occ, span.to));
    const scored = { units: [first, last] as [number, number], from: span.from, to: span.to, confidence: c };
    if (c > best.confidence) best = scored;
    if (c >= 0.5) candidates.push(scored);
  }
  // A span's family is worked out on first read: the detector reads the best span's only when no
  // window is flagged (and the best span is often the whole prompt, a sum over every occurrence),
  // and neither a decoded layer's spans nor the sanitizer's need one.
  const named = (s: Unnamed): ScoredSpan => {
    let pattern: InjectionPattern | undefined;
    return Object.defineProperty({ ...s }, 'pattern', { enumerable: true, get: () => (pattern ??= family(m, occ, s)) }) as ScoredSpan;
  };
  return { confidence: best.confidence, best: named(best), flagged: narrowest(candidates).map(named) };
}

/** Among overlapping flagged windows keep the ones no flagged sub-window explains: a window of three
 *  sentences is flagged because of one of them, and only that one should be cut. */
function narrowest<S extends Omit<ScoredSpan, 'pattern'>>(flagged: S[]): S[] {
  // windows are a few units wide, so the narrower windows inside one are few: look each up
  const key = (first: number, last: number) => `${first}:${last}`;
  const isFlagged = new Set(flagged.map((s) => key(s.units![0], s.units![1])));
  return flagged.filter((s) => {
    const [first, last] = s.units!;
    for (let a = first; a <= last; a++) for (let b = a; b <= last; b++) if (b - a < last - first && isFlagged.has(key(a, b))) return false;
    return true;
  });
}

/** The family softmax over one span: the named spans are the best one and the few flagged ones. */
function family(m: Loaded, occ: Occurrences, span: { from: number; to: number }): InjectionPattern {
  const a = firstAtOrAfter(occ, span.from);
  const b = firstAtOrAfter(occ, span.to);
  // one running sum per family, in occurrence order: the additions of a loop over families, in locals
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  const w = m.family;
  for (let i = a; i < b; i++) {
    const base = (occ.ids[i]! & m.familyMask) * FAMILIES;
    s0 += w[base]!;
    s1 += w[base + 1]!;
    s2 += w[base + 2]!;
    s3 += w[base + 3]!;
    s4 += w[base + 4]!;
    s5 += w[base + 5]!;
  }
  const sums = [s0, s1, s2, s3, s4, s5];
  const norm = b > a ? Math.pow(b - a, m.file.alpha) : 1;
  let best = 0;
  let bestScore = -Infinity;
  for (let c = 0; c < FAMILIES; c++) {
    const score = m.file.family.bias[c]! + sums[c]! / norm;
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return INJECTION_PATTERNS[best]!;
}

