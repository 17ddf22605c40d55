// Fits the engine's numbers to the rated calibration set (train part only) and rewrites
// shared/scoring/dimensions/tables.ts with them (renderTablesSource), so every number the engine
// uses stays a named term in one table. Deterministic: no randomness, fixed folds, fixed grids.
//   npm run fit:engine              fits and rewrites tables.ts, prints the cross-validated figures
//   npm run fit:engine -- --check   exits 1 when tables.ts is not what the fit gives
//
// Per dimension the score is  scale( base + Σ points × units )  where a term's units are its
// condition's value on this prompt (terms.ts) and, for a gated dimension, the sum above 1 is first
// multiplied by the gate factor (gate.ts), except for its `ungated` terms (only stuffing cuts those).
// That is linear in the points, so for fixed gate numbers each dimension is a ridge regression of
// the raters' mean on the units, with each point kept to the sign the table gives it (a raise never
// becomes a penalty). `scale` is then a monotone map from those raw points to 1..10, pooled into
// knots of at least MIN_KNOT prompts: isotonic regression (the raters' mean at each raw score) or
// quantile matching (scores spread as the raters' are). The ridge strength and the scale of each
// dimension, the gate numbers and the substance points in SUBSTANCE_GRID are chosen by 5-fold
// cross-validation within train: the highest Spearman, summed over the dimensions. Terms that no
// training prompt exercises (the empty-prompt floor) and the anti-gaming terms in HELD keep their
// points.
import { DIMENSION_NAMES, type DimensionName } from '../shared/schemas/common.js';
import { gateFactor, rubricStuffing, stuffingKeep, substance as substanceOf } from '../shared/scoring/dimensions/gate.js';
import { scaled, type Knot } from '../shared/scoring/dimensions/scale.js';
import { readSignals, SIG, type SignalValues } from '../shared/scoring/dimensions/signals.js';
import { ANTI_GAMING, RUBRIC } from '../shared/scoring/dimensions/tables.js';
import { compileTerms, sumTerms, termUnits, type AntiGaming, type DimensionTable, type Rubric, type Term } from '../shared/scoring/dimensions/terms.js';
import { extractFeatures } from '../shared/scoring/text/features.js';
import { writeOrCheck } from './lib/generated.js';
import { mae, spearman } from './lib/metrics.js';
import { loadRated, type RatedPrompt } from './lib/rated.js';
import { renderTablesSource, TABLES_PATH } from './rubric-tables.js';

const FOLDS = 5;
/** Ridge strengths tried per dimension (times the number of prompts and each unit's mean square). */
const LAMBDAS = [0.003, 0.01, 0.03, 0.1, 0.3, 1, 3];
/** Gate numbers tried (every combination); stuffingCut stays as the tables have it. */
const GATE_GRID = { floor: [0.2, 0.3], fullSubstance: [0.5, 0.65, 0.8], curve: [1, 1.5] };
/**
 * Points tried for the substance terms that credit a stated interaction (every combination, each
 * with every gate above): how much an interaction contract and plain-words output instructions say
 * about the task. The other substance points stay as set by hand: they hold the anti-gaming traps,
 * which the rated set has too few of to decide.
 */
const SUBSTANCE_GRID: Readonly<Record<string, readonly number[]>> = { contract: [0.06, 0.1, 0.15, 0.2, 0.25], output_instructions: [0, 0.04, 0.08] };
/**
 * Anti-gaming terms kept at the points the table gives them (set by hand, like the gate's floor and
 * stuffingCut): the rated set holds too few stuffed prompts to weigh them, and a fit that zeroes
 * them lets rubric words buy clarity (an evaluation-pair trap then fails).
 */
const HELD: ReadonlySet<string> = new Set(['rubric_stuffing']);
/** Fewest training prompts behind one knot of a scale. */
const MIN_KNOT = 12;
/** Decimals kept in the rendered tables. */
const DECIMALS = 2;

type Gate = AntiGaming['gate'];
type Substance = AntiGaming['substance'];

interface Row {
  readonly p: RatedPrompt;
  readonly v: SignalValues;
  /** Rubric words (the stuffing penalty reads them with substance). */
  readonly rubricHits: number;
}

interface Design {
  /** units[i][k]: term k's units on prompt i. */
  readonly units: readonly Float64Array[];
  /** Terms the fit sets (some training prompt has units on them). */
  readonly free: readonly number[];
  /** -1 for a penalty (points <= 0), +1 for a raise. */
  readonly sign: readonly number[];
  /** Terms of a gated dimension counted outside the gate: multiplied by keep, not by the gate factor. */
  readonly outside: readonly boolean[];
  /** keep[i]: what heavy stuffing leaves on prompt i (gate.ts stuffingKeep). */
  readonly keep: readonly number[];
}

interface Model {
  readonly base: number;
  readonly points: readonly number[];
  readonly scale: readonly Knot[];
}

const round = (x: number, d = DECIMALS): number => Math.round(x * 10 ** d) / 10 ** d || 0;
const target = (r: Row, d: DimensionName): number => r.p.mean[d];

function design(rows: readonly Row[], table: DimensionTable): Design {
  const c = compileTerms(table.terms, SIG);
  const units = rows.map((r) => termUnits(c, r.v, new Float64Array(c.length)).slice());
  const free = table.terms.map((_, k) => k).filter((k) => !HELD.has(table.terms[k]!.id) && units.some((u) => (u[k] as number) !== 0));
  return {
    units, free, sign: table.terms.map((t) => (t.lowers === true ? -1 : 1)),
    outside: table.terms.map((t) => table.gated && t.ungated === true),
    keep: rows.map((r) => stuffingKeep(r.v[SIG.stuffing] as number, ANTI_GAMING.gate)),
  };
}

/** The multiplier of a gated dimension's sum above 1 on each prompt (1 for ungated ones). */
function gateOf(rows: readonly Row[], gated: boolean, gate: Gate): number[] {
  return rows.map((r) => (gated ? gateFactor(r.v[SIG.substance] as number, r.v[SIG.stuffing] as number, gate) : 1));
}

/** Solves A x = b for a small symmetric positive definite A (Gaussian elimination, partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f !== 0) for (let k = col; k <= n; k++) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

/**
 * Ridge least squares on the free terms, signs enforced by an active set: while some point has the
 * wrong sign, the worst one is fixed at 0 and the rest refitted. Gated dimensions have no intercept
 * (their base is 1: no units, no gain).
 */
function ridge(d: Design, idx: readonly number[], y: readonly number[], g: readonly number[], lambda: number, intercept: boolean, fixedBase: number): { base: number; points: number[] } {
  const active = [...d.free];
  const points = new Array<number>(d.sign.length).fill(0);
  for (;;) {
    const m = active.length + (intercept ? 1 : 0);
    const a = Array.from({ length: m }, () => new Array<number>(m).fill(0));
    const b = new Array<number>(m).fill(0);
    const row = new Array<number>(m);
    for (const i of idx) {
      const u = d.units[i] as Float64Array;
      active.forEach((k, j) => (row[j] = (u[k] as number) * ((d.outside[k] ? d.keep[i] : g[i]) as number)));
      if (intercept) row[m - 1] = 1;
      const t = (y[i] as number) - (intercept ? 0 : fixedBase);
      for (let j = 0; j < m; j++) {
        b[j]! += row[j]! * t;
        for (let l = 0; l < m; l++) a[j]![l]! += row[j]! * row[l]!;
      }
    }
    // Scale-free ridge: each term's penalty follows its own mean square, so units of any size shrink alike.
    for (let j = 0; j < active.length; j++) a[j]![j]! += lambda * (a[j]![j]! + 1e-9);
    const x = solve(a, b);
    let worst = -1;
    let worstValue = 0;
    active.forEach((k, j) => {
      const wrong = -(d.sign[k] as number) * (x[j] as number);
      if (wrong > worstValue) [worst, worstValue] = [j, wrong];
    });
    if (worst < 0) {
      points.fill(0);
      active.forEach((k, j) => (points[k] = x[j] as number));
      return { base: intercept ? (x[m - 1] as number) : fixedBase, points };
    }
    active.splice(worst, 1);
  }
}

function rawOf(d: Design, i: number, base: number, points: readonly number[], g: number, gated: boolean): number {
  let s = 0;
  let outside = 0;
  const u = d.units[i] as Float64Array;
  for (let k = 0; k < points.length; k++) {
    if (d.outside[k]) outside += (points[k] as number) * (u[k] as number);
    else s += (points[k] as number) * (u[k] as number);
  }
  return gated ? 1 + (base - 1 + s) * g + outside * (d.keep[i] as number) : base + s;
}

interface Block {
  n: number;
  sx: number;
  sy: number;
}

const pooled = (a: Block, b: Block): Block => ({ n: a.n + b.n, sx: a.sx + b.sx, sy: a.sy + b.sy });
const meanY = (b: Block): number => b.sy / b.n;

/**
 * Isotonic regression of y on raw (pool adjacent violators), then blocks under MIN_KNOT prompts
 * pooled into their nearer neighbour (which keeps the order); one knot per block at its means.
 */
function isotonicKnots(raw: readonly number[], y: readonly number[]): Knot[] {
  const order = raw.map((_, i) => i).sort((a, b) => (raw[a] as number) - (raw[b] as number) || (y[a] as number) - (y[b] as number));
  const blocks: Block[] = [];
  for (const i of order) {
    blocks.push({ n: 1, sx: raw[i] as number, sy: y[i] as number });
    while (blocks.length > 1 && meanY(blocks[blocks.length - 2] as Block) >= meanY(blocks[blocks.length - 1] as Block)) {
      const last = blocks.pop() as Block;
      blocks.push(pooled(blocks.pop() as Block, last));
    }
  }
  for (;;) {
    let k = -1;
    for (let j = 0; j < blocks.length; j++) if ((blocks[j] as Block).n < MIN_KNOT && (k < 0 || (blocks[j] as Block).n < (blocks[k] as Block).n)) k = j;
    if (k < 0 || blocks.length < 2) break;
    const left = blocks[k - 1];
    const right = blocks[k + 1];
    const self = blocks[k] as Block;
    const toLeft = right === undefined || (left !== undefined && meanY(self) - meanY(left) <= meanY(right) - meanY(self));
    if (toLeft) blocks.splice(k - 1, 2, pooled(left as Block, self));
    else blocks.splice(k, 2, pooled(self, right as Block));
  }
  const knots: Knot[] = [];
  for (const b of blocks) {
    const k = { raw: round(b.sx / b.n), score: round(meanY(b)) };
    const prev = knots[knots.length - 1];
    if (prev !== undefined && (k.raw <= prev.raw || k.score <= prev.score)) continue;
    knots.push(k);
  }
  return knots;
}

/**
 * Quantile matching: the raw scores in order, cut into blocks of at least MIN_KNOT prompts, each
 * mapped to the mean of the ratings at the same ranks, so the scores spread over 1..10 as the
 * raters' do. Where most prompts share a rating (role 1 for most prompts, examples 1), the
 * conditional mean of isotonicKnots pulls the rest into a few middling scores that round alike;
 * this keeps them apart. Rises in both coordinates like every scale.
 */
function quantileKnots(raw: readonly number[], y: readonly number[]): Knot[] {
  const rs = [...raw].sort((a, b) => a - b);
  const ys = [...y].sort((a, b) => a - b);
  const blocks = Math.max(2, Math.floor(rs.length / MIN_KNOT));
  const knots: Knot[] = [];
  for (let b = 0; b < blocks; b++) {
    const lo = Math.floor((b * rs.length) / blocks);
    const hi = Math.floor(((b + 1) * rs.length) / blocks);
    let sx = 0;
    let sy = 0;
    for (let i = lo; i < hi; i++) [sx, sy] = [sx + (rs[i] as number), sy + (ys[i] as number)];
    const k = { raw: round(sx / (hi - lo)), score: round(sy / (hi - lo)) };
    const prev = knots[knots.length - 1];
    if (prev !== undefined && (k.raw <= prev.raw || k.score <= prev.score)) continue;
    knots.push(k);
  }
  return knots;
}

/** The two ways to map raw points to 1..10; cross-validation picks one per dimension. */
const SCALES = { isotonic: isotonicKnots, quantile: quantileKnots } as const;
type ScaleKind = keyof typeof SCALES;

/** What cross-validation chooses per dimension. */
interface Setting {
  readonly lambda: number;
  readonly scale: ScaleKind;
}

function fitModel(d: Design, idx: readonly number[], y: readonly number[], g: readonly number[], setting: Setting, table: DimensionTable): Model {
  const { base, points } = ridge(d, idx, y, g, setting.lambda, !table.gated, 1);
  // Rounded as rendered, so the scale is fitted on the raw points the engine will compute.
  const pts = points.map((p, k) => (d.free.includes(k) ? round(p) : (table.terms[k] as Term).points));
  const b = round(base);
  const raw = idx.map((i) => rawOf(d, i, b, pts, g[i] as number, table.gated));
  return { base: b, points: pts, scale: SCALES[setting.scale](raw, idx.map((i) => y[i] as number)) };
}

const scoreOf = (m: Model, d: Design, i: number, g: number, gated: boolean): number =>
  Math.min(10, Math.max(1, Math.round(scaled(m.scale, rawOf(d, i, m.base, m.points, g, gated)))));

/** Fold of each training prompt: prompts in id order, dealt round-robin (fixed, independent of the engine). */
function folds(rows: readonly Row[]): number[][] {
  const order = rows.map((_, i) => i).sort((a, b) => (rows[a]!.p.id < rows[b]!.p.id ? -1 : 1));
  const out: number[][] = Array.from({ length: FOLDS }, () => []);
  order.forEach((i, n) => out[n % FOLDS]!.push(i));
  return out;
}

/** Cross-validated scores (each prompt scored by a model fitted without its fold). */
function crossValidated(d: Design, y: readonly number[], g: readonly number[], setting: Setting, table: DimensionTable, fs: readonly number[][]): number[] {
  const out = new Array<number>(y.length).fill(0);
  fs.forEach((held, f) => {
    const train = fs.flatMap((x, j) => (j === f ? [] : x));
    const m = fitModel(d, train, y, g, setting, table);
    for (const i of held) out[i] = scoreOf(m, d, i, g[i] as number, table.gated);
  });
  return out;
}

interface Choice extends Setting {
  readonly cv: number[];
  /**
   * 1 − the cross-validated Spearman: what the acceptance counts is rank agreement per dimension, and
   * choosing by squared error picked weak ridges whose large one-off terms ranked worse out of fold.
   */
  readonly err: number;
}

function bestSetting(d: Design, y: readonly number[], g: readonly number[], table: DimensionTable, fs: readonly number[][]): Choice {
  let best: Choice | null = null;
  for (const scale of Object.keys(SCALES) as ScaleKind[]) for (const lambda of LAMBDAS) {
    const cv = crossValidated(d, y, g, { lambda, scale }, table, fs);
    const err = 1 - spearman(cv, y);
    if (best === null || err < best.err - 1e-12) best = { lambda, scale, cv, err };
  }
  return best as Choice;
}

function gates(): Gate[] {
  const out: Gate[] = [];
  for (const floor of GATE_GRID.floor) for (const fullSubstance of GATE_GRID.fullSubstance) for (const curve of GATE_GRID.curve) {
    out.push({ floor, fullSubstance, curve, stuffingCut: ANTI_GAMING.gate.stuffingCut });
  }
  return out;
}

function substances(): Substance[] {
  let out: Substance[] = [ANTI_GAMING.substance as Substance];
  for (const [id, values] of Object.entries(SUBSTANCE_GRID)) {
    if (!ANTI_GAMING.substance.terms.some((t) => t.id === id)) throw new Error(`SUBSTANCE_GRID: no substance term '${id}'`);
    out = out.flatMap((s) => values.map((points) => ({ ...s, terms: s.terms.map((t) => (t.id === id ? { ...t, points } : t)) })));
  }
  return out;
}

/** The rows with substance (and the stuffing penalty that reads it) recomputed from these substance points. */
function withSubstance(rows: readonly Row[], s: Substance): Row[] {
  const terms = compileTerms(s.terms, SIG);
  return rows.map((r) => {
    const v = r.v.slice();
    const stuffed = v[SIG.stuffing] as number;
    const sub = substanceOf(sumTerms(terms, v), stuffed);
    v[SIG.substance] = sub;
    v[SIG.rubric_stuffing] = rubricStuffing(r.rubricHits, sub, stuffed);
    return { ...r, v };
  });
}

function main(): void {
  const train: Row[] = loadRated('train').map((p) => {
    const f = extractFeatures(p.prompt, p.vertical);
    return { p, v: readSignals(f), rubricHits: f.rubricHits };
  });
  const fs = folds(train);
  const ys = Object.fromEntries(DIMENSION_NAMES.map((n) => [n, train.map((r) => target(r, n))])) as Record<DimensionName, number[]>;

  // The substance points and the gate numbers: the combination whose best cross-validated error
  // (1 − Spearman), summed over the dimensions, is lowest (substance also reaches clarity and context, ungated).
  let gate = ANTI_GAMING.gate as Gate;
  let sub = ANTI_GAMING.substance as Substance;
  let bestErr = Infinity;
  for (const s of substances()) {
    const rs = withSubstance(train, s);
    let ungatedErr = 0;
    for (const n of DIMENSION_NAMES) if (!RUBRIC[n].gated) ungatedErr += bestSetting(design(rs, RUBRIC[n]), ys[n], gateOf(rs, false, gate), RUBRIC[n], fs).err;
    const gatedDesigns = DIMENSION_NAMES.filter((n) => RUBRIC[n].gated).map((n) => [n, design(rs, RUBRIC[n])] as const);
    for (const cand of gates()) {
      let err = ungatedErr;
      const g = gateOf(rs, true, cand);
      for (const [n, d] of gatedDesigns) err += bestSetting(d, ys[n], g, RUBRIC[n], fs).err;
      if (err < bestErr - 1e-12) [gate, sub, bestErr] = [cand, s, err];
    }
  }
  const rows = withSubstance(train, sub);
  const designs = Object.fromEntries(DIMENSION_NAMES.map((n) => [n, design(rows, RUBRIC[n])])) as Record<DimensionName, Design>;

  const rubric = structuredClone(RUBRIC) as unknown as Record<DimensionName, { base: number; terms: { points: number }[]; scale?: Knot[] }>;
  const cvTotals = new Array<number>(rows.length).fill(0);
  const all = rows.map((_, i) => i);
  console.log(`gate: floor ${gate.floor}, fullSubstance ${gate.fullSubstance}, curve ${gate.curve}; substance: ${Object.keys(SUBSTANCE_GRID).map((id) => `${id} ${sub.terms.find((t) => t.id === id)?.points}`).join(', ')}`);
  for (const n of DIMENSION_NAMES) {
    const table = RUBRIC[n] as DimensionTable;
    const g = gateOf(rows, table.gated, gate);
    const choice = bestSetting(designs[n], ys[n], g, table, fs);
    choice.cv.forEach((s, i) => (cvTotals[i]! += s));
    const m = fitModel(designs[n], all, ys[n], g, choice, table);
    const out = rubric[n];
    out.base = m.base;
    out.terms.forEach((t, k) => (t.points = m.points[k] as number));
    out.scale = [...m.scale];
    console.log(`${n.padEnd(16)} lambda ${String(choice.lambda).padEnd(6)} ${choice.scale.padEnd(9)} cv spearman ${spearman(choice.cv, ys[n]).toFixed(3)}  cv mae ${mae(choice.cv, ys[n]).toFixed(2)}`);
  }
  const totals = rows.map((r) => r.p.mean_total);
  console.log(`total            cv spearman ${spearman(cvTotals, totals).toFixed(3)}  cv mae ${mae(cvTotals, totals).toFixed(2)}  (train, ${FOLDS}-fold)`);
  const antiGaming = { ...ANTI_GAMING, substance: sub, gate } as AntiGaming;
  writeOrCheck(TABLES_PATH, renderTablesSource(rubric as unknown as Rubric, antiGaming), 'npm run fit:engine');
}

main();
