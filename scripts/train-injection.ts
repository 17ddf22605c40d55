// Trains the learned injection detector (shared/safety/model/) from the labelled corpus and writes
// shared/safety/model/weights.json, deterministically: the same corpus and this script give the same
// bytes. It also measures the model the honest way, leaving one source out at a time, and picks the
// operating threshold on those held-out predictions (docs/injection.md, "Learned detector").
//
//   npm run train:injection                       train, evaluate, write weights.json and bench/injection-holdout.json
//   npm run train:injection -- --check            exit 1 when weights.json is not what training gives
//   npm run train:injection -- --corpus <file>    another copy of the corpus (or INJECTION_CORPUS=<file>)
//
// The corpus is never copied into the repository; by default it is read from
// ../shared/data/injection/train.jsonl relative to the repository root.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INJECTION_PATTERNS, type InjectionPattern } from '../shared/schemas/common.js';
import { combineConfidence, detectInjection } from '../shared/safety/detect.js';
import { firstAtOrAfter, HASH_BITS, occurrences } from '../shared/safety/model/features.js';
import { rawScore, type WeightsFile } from '../shared/safety/model/model.js';
import { units, windowsOf } from '../shared/safety/model/segments.js';
import { normalizeForMatching } from '../shared/safety/normalize.js';
import { AUGMENT_SOURCE, benignTriggerPrompts, isAugment } from './injection-augment.js';
import { ATTACK_SOURCE, attackPrompts, CLEAN_DOCUMENT_SOURCE, cleanDocuments } from './injection-augment-attacks.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEIGHTS_PATH = join(root, 'shared', 'safety', 'model', 'weights.json');
export const HOLDOUT_PATH = join(root, 'bench', 'injection-holdout.json');
export const DEFAULT_CORPUS = resolve(root, '..', 'shared', 'data', 'injection', 'train.jsonl');
/** The code whose every change invalidates the weights: what the fingerprint covers. */
// The rules and decoders are in it because the operating threshold is chosen for the rules and the
// model together.
const FINGERPRINTED = [
  'scripts/train-injection.ts',
  'scripts/injection-augment.ts',
  'scripts/injection-augment-attacks.ts',
  'shared/safety/model/features.ts',
  'shared/safety/model/concepts.ts',
  'shared/safety/model/segments.ts',
  'shared/safety/normalize.ts',
  'shared/safety/rules.ts',
  'shared/safety/prefilter.ts',
  'shared/safety/anchors.ts',
  'shared/safety/regex-walk.ts',
  'shared/safety/decode.ts',
  'shared/safety/detect.ts',
];

export const HYPERPARAMETERS = {
  seed: 7,
  /** passes over the examples per training round */
  epochs: 3,
  /** AdaGrad step; the accumulator starts at adagradStart so rare n-grams do not jump at once */
  learningRate: 0.5,
  adagradStart: 0.01,
  l2: 1e-4,
  /** each source's total weight grows like size^(1 - sourceBalance): 1 gives every source the same say */
  sourceBalance: 1,
  /** our attack augmentation weighs as much as this many corpus sources (it covers every family) */
  attackAugmentSources: 12,
  /** pooling: raw = bias + sum(w) / n^alpha */
  alpha: 0.5,
  /** benign windows sampled per benign document, and the highest-scoring ones added after round 0 */
  randomWindowsPerBenign: 2,
  hardWindowsPerBenign: 2,
  /** rounds that re-pick the window of each indirect injection that carries it (multiple-instance learning) */
  milRounds: 1,
  /** units shorter than this are not matched when finding which source a synthetic carrier came from */
  carrierUnitChars: 30,
  familyBits: 15,
  familyEpochs: 3,
  /** the operating point: at most this false-positive rate on the held-out benign cases, rules included */
  targetFpr: 0.02,
  /** ... and at most this on any one held-out benign source (an unseen collection is one more source) */
  sourceFprCap: 0.03,
} as const;
type Hyper = typeof HYPERPARAMETERS;

// ---------------------------------------------------------------------------------------------
// Corpus

export interface Case {
  text: string;
  injection: boolean;
  family: InjectionPattern | null;
  source: string;
  kind: string;
}

export interface Corpus {
  cases: Case[];
  sha256: string;
}

export function corpusPath(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): string {
  const flag = argv.indexOf('--corpus');
  if (flag !== -1 && argv[flag + 1]) return resolve(argv[flag + 1]!);
  return env.INJECTION_CORPUS ? resolve(env.INJECTION_CORPUS) : DEFAULT_CORPUS;
}

export function loadCorpus(path: string): Corpus {
  const raw = readFileSync(path);
  const cases = raw
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Case);
  return { cases, sha256: createHash('sha256').update(raw).digest('hex') };
}

/**
 * The training cases: the corpus, then our own augmentation, which trains every fold: benign prompts
 * that use attack words (injection-augment.ts), attacks of every family in our own words and the
 * documents they hide in, clean (injection-augment-attacks.ts).
 */
function trainingCases(corpus: Corpus, hp: Hyper): Case[] {
  const benign = (source: string) => (text: string): Case => ({ text, injection: false, family: null, source, kind: 'benign_hard' });
  return [
    ...corpus.cases,
    ...benignTriggerPrompts(random(hp.seed)).map(benign(AUGMENT_SOURCE)),
    ...cleanDocuments(random(hp.seed + 3)).map(benign(CLEAN_DOCUMENT_SOURCE)),
    ...attackPrompts(random(hp.seed + 4)).map((a): Case => ({ ...a, injection: true, source: ATTACK_SOURCE })),
  ];
}

/** The source repository (owner/name), or the template for the corpus's own synthetic cases. */
export const repoOf = (source: string): string => (source.startsWith('synthetic/') ? source : source.split(':')[0]!);
/** Leave-one-source-out groups: each repository, and every synthetic template together (they share phrasings). */
export const groupOf = (source: string): string => (source.startsWith('synthetic/') ? 'synthetic' : repoOf(source));

// ---------------------------------------------------------------------------------------------
// Features of every case, computed once

interface Doc {
  c: Case;
  group: string;
  ids: Int32Array;
  /** occurrence ranges [a, b) of the case's windows */
  windows: Array<[number, number]>;
  /** groups whose text this (synthetic) case carries: held out with them */
  carriers: Set<string>;
}

function prepare(cases: readonly Case[], hp: Hyper): Doc[] {
  const docs = cases.map((c): Doc & { unitTexts: string[] } => {
    const text = normalizeForMatching(c.text).text;
    const occ = occurrences(text);
    const u = units(text);
    const windows: Array<[number, number]> = [];
    for (const { span } of windowsOf(u)) {
      const a = firstAtOrAfter(occ, span.from);
      const b = firstAtOrAfter(occ, span.to);
      if (b > a) windows.push([a, b]);
    }
    const unitTexts = u.filter((s) => s.to - s.from >= hp.carrierUnitChars).map((s) => text.slice(s.from, s.to));
    return { c, group: groupOf(c.source), ids: occ.ids.slice(0, occ.length), windows, carriers: new Set(), unitTexts };
  });
  // Synthetic injections were written into documents of other sources (BIPIA e-mails and tables,
  // self-instruct passages): holding such a source out must hold out its documents inside them too.
  const groupsOfUnit = new Map<string, Set<string>>();
  for (const d of docs) {
    if (d.group === 'synthetic') continue;
    for (const t of d.unitTexts) (groupsOfUnit.get(t) ?? groupsOfUnit.set(t, new Set()).get(t)!).add(d.group);
  }
  for (const d of docs) {
    if (d.group === 'synthetic') for (const t of d.unitTexts) for (const g of groupsOfUnit.get(t) ?? []) d.carriers.add(g);
  }
  return docs.map(({ unitTexts: _, ...d }) => d);
}

// ---------------------------------------------------------------------------------------------
// Training: logistic regression with AdaGrad, examples are whole cases or windows of them

interface Example {
  doc: number;
  a: number;
  b: number;
  y: number;
  weight: number;
}

interface Linear {
  w: Float64Array;
  bias: number;
}

/** mulberry32: a tiny seeded generator, so shuffles are the same on every run. */
function random(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(n: number, rand: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

const DIM = 1 << HASH_BITS;
const scratch = new Float64Array(DIM);
const touched = new Int32Array(DIM);

/** Sparse pooled features of one example into scratch/touched; returns how many were touched. */
function gather(ids: Int32Array, a: number, b: number, alpha: number, mask: number): number {
  const unit = 1 / Math.pow(b - a, alpha);
  let n = 0;
  for (let i = a; i < b; i++) {
    const id = ids[i]! & mask;
    if (scratch[id] === 0) touched[n++] = id;
    scratch[id]! += unit;
  }
  return n;
}

function trainBinary(docs: readonly Doc[], examples: readonly Example[], hp: Hyper): Linear {
  const w = new Float64Array(DIM);
  const g2 = new Float64Array(DIM).fill(hp.adagradStart);
  let bias = 0;
  let bg2 = hp.adagradStart;
  const rand = random(hp.seed);
  for (let epoch = 0; epoch < hp.epochs; epoch++) {
    for (const e of shuffle(examples.length, rand)) {
      const ex = examples[e]!;
      const n = gather(docs[ex.doc]!.ids, ex.a, ex.b, hp.alpha, DIM - 1);
      let z = bias;
      for (let t = 0; t < n; t++) z += w[touched[t]!]! * scratch[touched[t]!]!;
      const g = (1 / (1 + Math.exp(-z)) - ex.y) * ex.weight;
      for (let t = 0; t < n; t++) {
        const id = touched[t]!;
        const gi = g * scratch[id]! + hp.l2 * w[id]!;
        g2[id]! += gi * gi;
        w[id]! -= (hp.learningRate * gi) / Math.sqrt(g2[id]!);
        scratch[id] = 0;
      }
      bg2 += g * g;
      bias -= (hp.learningRate * g) / Math.sqrt(bg2);
    }
  }
  return { w, bias };
}

const raw = (m: Linear, d: Doc, a: number, b: number, hp: Hyper): number => rawScore(m.w, m.bias, hp.alpha, d.ids, a, b);

/** The model's score of a case: the strongest of the whole text and its windows (as the detector does). */
function caseScore(m: Linear, d: Doc, hp: Hyper): number {
  let best = raw(m, d, 0, d.ids.length, hp);
  for (const [a, b] of d.windows) best = Math.max(best, raw(m, d, a, b, hp));
  return best;
}

function topWindows(m: Linear, d: Doc, k: number, hp: Hyper): Array<[number, number]> {
  return d.windows
    .map((w, i) => ({ w, i, s: raw(m, d, w[0], w[1], hp) }))
    .sort((x, y) => y.s - x.s || x.i - y.i)
    .slice(0, k)
    .map((x) => x.w);
}

/** Per-case weights: classes balanced, and within a class each source weighted by size^-sourceBalance. */
function caseWeights(docs: readonly Doc[], idx: readonly number[], hp: Hyper): Map<number, number> {
  const size = new Map<string, number>();
  const key = (d: Doc) => `${repoOf(d.c.source)}|${d.c.injection}`;
  for (const i of idx) size.set(key(docs[i]!), (size.get(key(docs[i]!)) ?? 0) + 1);
  const rawWeight = (i: number) => Math.pow(size.get(key(docs[i]!))!, -hp.sourceBalance) * (docs[i]!.c.source === ATTACK_SOURCE ? hp.attackAugmentSources : 1);
  let pos = 0;
  let neg = 0;
  for (const i of idx) if (docs[i]!.c.injection) pos += rawWeight(i);
  else neg += rawWeight(i);
  const benign = idx.filter((i) => !docs[i]!.c.injection).length;
  return new Map(idx.map((i) => [i, (rawWeight(i) * benign) / (docs[i]!.c.injection ? pos : neg)]));
}

/**
 * One model from the cases idx. Direct injections and benign cases train whole; benign cases also
 * give windows (random ones, then the ones the model scores highest). An indirect injection hides in
 * a benign document, so training it whole would teach the document as hostile: it gives only the
 * window that carries it, picked by the previous round's model (multiple-instance learning).
 */
export function fitBinary(docs: readonly Doc[], idx: readonly number[], hp: Hyper): Linear {
  const weight = caseWeights(docs, idx, hp);
  const rand = random(hp.seed + 1);
  const base: Example[] = [];
  for (const i of idx) {
    const d = docs[i]!;
    if (d.c.injection && d.c.kind === 'indirect') continue;
    base.push({ doc: i, a: 0, b: d.ids.length, y: d.c.injection ? 1 : 0, weight: weight.get(i)! });
    if (!d.c.injection && d.windows.length > 1) {
      for (let k = 0; k < hp.randomWindowsPerBenign; k++) {
        const [a, b] = d.windows[Math.floor(rand() * d.windows.length)]!;
        base.push({ doc: i, a, b, y: 0, weight: weight.get(i)! });
      }
    }
  }
  let model = trainBinary(docs, base, hp);
  for (let round = 0; round < hp.milRounds; round++) {
    const examples = [...base];
    for (const i of idx) {
      const d = docs[i]!;
      const picked = d.c.injection ? (d.c.kind === 'indirect' ? 1 : 0) : hp.hardWindowsPerBenign;
      const spans = d.windows.length > 0 ? topWindows(model, d, picked, hp) : d.c.injection && picked > 0 ? [[0, d.ids.length] as [number, number]] : [];
      for (const [a, b] of spans) examples.push({ doc: i, a, b, y: d.c.injection ? 1 : 0, weight: weight.get(i)! });
    }
    model = trainBinary(docs, examples, hp);
  }
  return model;
}

/** Softmax over the six families, on the span of each injection the binary model scores highest. */
function fitFamily(docs: readonly Doc[], idx: readonly number[], binary: Linear, hp: Hyper): { w: Float64Array; bias: number[] } {
  const k = INJECTION_PATTERNS.length;
  const size = 1 << hp.familyBits;
  const mask = size - 1;
  const w = new Float64Array(k * size);
  const g2 = new Float64Array(k * size).fill(hp.adagradStart);
  const bias = new Array<number>(k).fill(0);
  const bg2 = new Array<number>(k).fill(hp.adagradStart);
  const examples: Array<{ doc: number; a: number; b: number; y: number }> = [];
  const perFamily = new Array<number>(k).fill(0);
  for (const i of idx) {
    const d = docs[i]!;
    if (!d.c.injection || d.c.family === null) continue;
    const y = INJECTION_PATTERNS.indexOf(d.c.family);
    perFamily[y]!++;
    const [a, b] = d.c.kind === 'indirect' && d.windows.length > 0 ? topWindows(binary, d, 1, hp)[0]! : [0, d.ids.length];
    examples.push({ doc: i, a, b, y });
  }
  const classWeight = perFamily.map((n) => (n === 0 ? 0 : examples.length / (k * n)));
  const rand = random(hp.seed + 2);
  const p = new Array<number>(k);
  for (let epoch = 0; epoch < hp.familyEpochs; epoch++) {
    for (const e of shuffle(examples.length, rand)) {
      const ex = examples[e]!;
      const n = gather(docs[ex.doc]!.ids, ex.a, ex.b, hp.alpha, mask);
      let max = -Infinity;
      for (let c = 0; c < k; c++) {
        let z = bias[c]!;
        for (let t = 0; t < n; t++) z += w[c * size + touched[t]!]! * scratch[touched[t]!]!;
        p[c] = z;
        max = Math.max(max, z);
      }
      let sum = 0;
      for (let c = 0; c < k; c++) sum += p[c] = Math.exp(p[c]! - max);
      for (let c = 0; c < k; c++) {
        const g = (p[c]! / sum - (c === ex.y ? 1 : 0)) * classWeight[ex.y]!;
        for (let t = 0; t < n; t++) {
          const j = c * size + touched[t]!;
          const gi = g * scratch[touched[t]!]! + hp.l2 * w[j]!;
          g2[j]! += gi * gi;
          w[j]! -= (hp.learningRate * gi) / Math.sqrt(g2[j]!);
        }
        bg2[c]! += g * g;
        bias[c]! -= (hp.learningRate * g) / Math.sqrt(bg2[c]!);
      }
      for (let t = 0; t < n; t++) scratch[touched[t]!] = 0;
    }
  }
  return { w, bias };
}

// ---------------------------------------------------------------------------------------------
// Held-out evaluation and the operating point

/**
 * Leave one group out: each case is scored by a model that saw nothing of its group (nor, for a
 * synthetic case, of the documents it was written into). Returns the held-out raw score per case.
 */
export function leaveOneGroupOut(docs: readonly Doc[], foldOf: (d: Doc) => string | null, hp: Hyper, log: (s: string) => void): Float64Array {
  const held = new Float64Array(docs.length).fill(Number.NaN);
  const folds = [...new Set(docs.map(foldOf).filter((f): f is string => f !== null))].sort();
  // (our own augmentation is never a fold: it is not a source of the corpus, and always trains)
  for (const fold of folds) {
    const started = performance.now();
    const train = docs.map((_, i) => i).filter((i) => foldOf(docs[i]!) !== fold && !docs[i]!.carriers.has(fold) && docs[i]!.group !== fold);
    const model = fitBinary(docs, train, hp);
    let n = 0;
    docs.forEach((d, i) => {
      if (foldOf(d) === fold) {
        held[i] = caseScore(model, d, hp);
        n++;
      }
    });
    log(`  held out ${fold} (${n} cases, trained on ${train.length}) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return held;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Slope of sigmoid(slope * (raw - t)): one-variable logistic fit of the labels on held-out scores. */
function fitSlope(held: Float64Array, labels: readonly boolean[]): number {
  // Newton's method on (a, b) for P(y) = sigmoid(a * raw + b)
  let a = 1;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
    for (let i = 0; i < held.length; i++) {
      const x = held[i]!;
      const p = sigmoid(a * x + b);
      const r = p - (labels[i] ? 1 : 0);
      const v = p * (1 - p);
      ga += r * x;
      gb += r;
      haa += v * x * x;
      hab += v * x;
      hbb += v;
    }
    const det = haa * hbb - hab * hab;
    if (det <= 0) break;
    a -= (hbb * ga - hab * gb) / det;
    b -= (haa * gb - hab * ga) / det;
  }
  return a;
}

export interface OperatingPoint {
  threshold: number;
  slope: number;
}

/**
 * The threshold t with the most recall whose combined detector (combineConfidence of the rules and
 * the model confidence sigmoid(slope * (raw - t)), detected at 0.5) keeps the false-positive rate of
 * the held-out benign cases at or under targetFpr (the budget) and that of every held-out
 * benign source at or under sourceFprCap: the pooled rate alone hides the sources where a model
 * fails (NotInject's trigger words), and a prompt collection nobody here has seen is one more source.
 */
function chooseOperatingPoint(held: Float64Array, rules: readonly number[], cases: readonly Case[], hp: Hyper): OperatingPoint {
  const slope = fitSlope(held, cases.map((c) => c.injection));
  const bySource = new Map<string, number[]>();
  cases.forEach((c, i) => {
    if (!c.injection) (bySource.get(repoOf(c.source)) ?? bySource.set(repoOf(c.source), []).get(repoOf(c.source))!).push(i);
  });
  const flagged = (t: number, idx: readonly number[]) => idx.filter((i) => combineConfidence(rules[i]!, sigmoid(slope * (held[i]! - t))) >= 0.5).length;
  const benign = [...bySource.values()].flat();
  const within = (t: number) =>
    flagged(t, benign) <= hp.targetFpr * benign.length && [...bySource.values()].every((idx) => flagged(t, idx) <= hp.sourceFprCap * idx.length);
  let lo = Math.min(...held) - 10;
  let hi = Math.max(...held) + 10;
  for (let it = 0; it < 60; it++) {
    const mid = (lo + hi) / 2;
    if (within(mid)) hi = mid;
    else lo = mid;
  }
  return { threshold: round(hi, 4), slope: round(slope, 4) };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

interface Rate {
  n: number;
  hit: number;
  rate: number;
}

function rates(docs: readonly Doc[], detected: readonly boolean[], keyOf: (d: Doc) => string | null): Record<string, Rate> {
  const out: Record<string, Rate> = {};
  docs.forEach((d, i) => {
    const key = keyOf(d);
    if (key === null) return;
    const r = (out[key] ??= { n: 0, hit: 0, rate: 0 });
    r.n++;
    if (detected[i]) r.hit++;
  });
  for (const r of Object.values(out)) r.rate = round(r.hit / r.n, 3);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** Recall and false-positive rate per source, family and kind for one set of held-out detections. */
export function holdoutFigures(docs: readonly Doc[], detected: readonly boolean[]) {
  const overall = rates(docs, detected, (d) => (d.c.injection ? 'recall' : 'false_positive_rate'));
  return {
    recall: overall.recall!,
    false_positive_rate: overall.false_positive_rate!,
    recall_by_source: rates(docs, detected, (d) => (d.c.injection ? repoOf(d.c.source) : null)),
    false_positive_rate_by_source: rates(docs, detected, (d) => (d.c.injection ? null : repoOf(d.c.source))),
    recall_by_family: rates(docs, detected, (d) => (d.c.injection ? `${d.c.family}` : null)),
    recall_by_kind: rates(docs, detected, (d) => (d.c.injection ? d.c.kind : null)),
    false_positive_rate_by_kind: rates(docs, detected, (d) => (d.c.injection ? null : d.c.kind)),
  };
}

/** Rules alone on every case (hidden layers judged by rules only): what the model is combined with. */
export function ruleConfidences(cases: readonly Case[]): number[] {
  return cases.map((c) => detectInjection(c.text, { model: false }).confidence);
}

export const modelConfidence = (raw: number, op: OperatingPoint): number => sigmoid(op.slope * (raw - op.threshold));

// ---------------------------------------------------------------------------------------------
// The weights file

export function fingerprint(hp: Hyper = HYPERPARAMETERS): string {
  const h = createHash('sha256');
  for (const file of FINGERPRINTED) h.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return h.update(JSON.stringify(hp)).digest('hex');
}

function quantize(values: Float64Array, bytes: 1 | 2): { data: string; scale: number } {
  let max = 0;
  for (const v of values) max = Math.max(max, Math.abs(v));
  const top = bytes === 2 ? 32767 : 127;
  const scale = max === 0 ? 1 : max / top;
  const buf = Buffer.alloc(values.length * bytes);
  for (let i = 0; i < values.length; i++) {
    const q = Math.round(values[i]! / scale);
    if (bytes === 2) buf.writeInt16LE(q, i * 2);
    else buf.writeInt8(q, i);
  }
  // the scale is written with limited digits, so the file is the same wherever the floats round
  return { data: buf.toString('base64'), scale: Number(scale.toPrecision(12)) };
}

export interface Trained {
  binary: Linear;
  family: { w: Float64Array; bias: number[] };
}

/** The shipped model: trained on every case. */
export function fitFinal(corpus: Corpus, hp: Hyper = HYPERPARAMETERS): Trained {
  const docs = prepare(trainingCases(corpus, hp), hp);
  const all = docs.map((_, i) => i);
  const binary = fitBinary(docs, all, hp);
  return { binary, family: fitFamily(docs, all, binary, hp) };
}

export function renderWeights(corpus: Corpus, trained: Trained, op: OperatingPoint, holdout: Record<string, unknown>, hp: Hyper = HYPERPARAMETERS): string {
  const weights = quantize(trained.binary.w, 2);
  const family = quantize(trained.family.w, 1);
  const file: WeightsFile = {
    format: 1,
    fingerprint: fingerprint(hp),
    corpus: { sha256: corpus.sha256, cases: corpus.cases.length },
    hyperparameters: { ...hp, hashBits: HASH_BITS },
    threshold: op.threshold,
    slope: op.slope,
    alpha: hp.alpha,
    bias: round(trained.binary.bias, 6),
    scale: weights.scale,
    weights: weights.data,
    family: { bits: hp.familyBits, bias: trained.family.bias.map((b) => round(b, 6)), scale: family.scale, weights: family.data },
    holdout,
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}

// ---------------------------------------------------------------------------------------------

function main(): void {
  const path = corpusPath();
  if (!existsSync(path)) {
    console.error(`no corpus at ${path}: pass --corpus <train.jsonl> or set INJECTION_CORPUS`);
    process.exit(2);
  }
  const log = (s: string) => console.log(s);
  const hp = HYPERPARAMETERS;
  const corpus = loadCorpus(path);
  log(`corpus ${path}: ${corpus.cases.length} cases, sha256 ${corpus.sha256.slice(0, 16)}…`);
  const training = prepare(trainingCases(corpus, hp), hp);
  const docs = training.slice(0, corpus.cases.length);

  log('leave-one-source-out (every synthetic template held out together):');
  const held = leaveOneGroupOut(training, (d) => (isAugment(d.c.source) ? null : d.group), hp, log).slice(0, docs.length);
  const rules = ruleConfidences(corpus.cases);
  const op = chooseOperatingPoint(held, rules, corpus.cases, hp);
  const modelDetects = Array.from(held, (s) => modelConfidence(s, op) >= 0.5);
  const combinedDetects = Array.from(held, (s, i) => combineConfidence(rules[i]!, modelConfidence(s, op)) >= 0.5);
  const holdout = {
    protocol: 'leave one source repository out; all synthetic templates held out as one group; a held-out source also takes the synthetic cases written into its documents out of training',
    operating_point: { ...op, target: `false-positive rate <= ${hp.targetFpr} on the held-out benign cases and <= ${hp.sourceFprCap} on each benign source, rules and model combined` },
    combined: holdoutFigures(docs, combinedDetects),
    model_alone: holdoutFigures(docs, modelDetects),
    rules_alone: holdoutFigures(docs, rules.map((r) => r >= 0.5)),
  };
  log(`operating point: threshold ${op.threshold}, slope ${op.slope}`);
  for (const [name, f] of Object.entries({ combined: holdout.combined, model: holdout.model_alone, rules: holdout.rules_alone })) {
    log(`  ${name.padEnd(9)} held-out recall ${f.recall.rate.toFixed(3)} (${f.recall.hit}/${f.recall.n}), false-positive rate ${f.false_positive_rate.rate.toFixed(3)}`);
  }
  log(JSON.stringify({ recall_by_source: holdout.combined.recall_by_source, recall_by_family: holdout.combined.recall_by_family, false_positive_rate_by_source: holdout.combined.false_positive_rate_by_source }, null, 1));

  log('final model on every case…');
  const text = renderWeights(corpus, fitFinal(corpus, hp), op, holdout, hp);
  const holdoutText = `${JSON.stringify({ corpus_sha256: corpus.sha256, fingerprint: fingerprint(hp), operating_point: op, held_out_raw: Array.from(held, (s) => round(s, 4)) })}\n`;
  if (process.argv.includes('--check')) {
    const stale = readFileSync(WEIGHTS_PATH, 'utf8') !== text || !existsSync(HOLDOUT_PATH) || readFileSync(HOLDOUT_PATH, 'utf8') !== holdoutText;
    console.log(stale ? 'weights.json is stale: run npm run train:injection' : 'weights.json is up to date');
    process.exit(stale ? 1 : 0);
  }
  writeFileSync(WEIGHTS_PATH, text);
  writeFileSync(HOLDOUT_PATH, holdoutText);
  log(`wrote ${WEIGHTS_PATH} (${(text.length / 1e6).toFixed(2)} MB) and ${HOLDOUT_PATH}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
