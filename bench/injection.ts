// Injection detector benchmark: recall, false-positive rate, recall per family and time per prompt,
// for promptgate's detector and, side by side on the same cases, the npm detectors
// @andersmyrmel/vard (rules) and llm_guardrail (TF-IDF + logistic regression).
//
//   npm run bench:injection             fixtures, then a per-source sample of the corpus
//   npm run bench:injection -- --full   every corpus case (llm_guardrail takes ~10 ms a prompt)
//
// Sets:
// - fixtures: test/fixtures/injection-cases.json (hand-written; the rules were tuned on part of it).
// - held-out corpus: ../shared/data/injection/train.jsonl (or INJECTION_CORPUS / --corpus). Our
//   model's score for each case comes from bench/injection-holdout.json: the leave-one-source-out
//   predictions `npm run train:injection` made with a model that never saw the case's source. The
//   rules run live. The two npm detectors never trained on this corpus.
// Figures go to stdout (a markdown table for docs/injection.md) and bench/results-injection.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import vard from '@andersmyrmel/vard';
import { checkInjection, checkJailbreak } from 'llm_guardrail';
import { combineConfidence, detectInjection } from '../shared/safety/detect.js';
import { analyzeInjection } from '../shared/safety/index.js';
import { scoreText } from '../shared/safety/model/model.js';
import { normalizeForMatching } from '../shared/safety/normalize.js';
import { corpusPath, HOLDOUT_PATH, loadCorpus, modelConfidence, repoOf, type OperatingPoint } from '../scripts/train-injection.js';

interface Case {
  text: string;
  malicious: boolean;
  family: string | null;
  source: string;
}

interface Detector {
  name: string;
  detect(text: string, index: number): Promise<boolean>;
}

// vard's default length cap rejects long prompts as threats; we measure its patterns, not its cap
const vardGuard = vard().maxLength(1_000_000);
const NPM_DETECTORS: Detector[] = [
  { name: '@andersmyrmel/vard', detect: async (text) => !vardGuard.safeParse(text).safe },
  // its injection and jailbreak models together: our detector covers both
  { name: 'llm_guardrail', detect: async (text) => (await checkInjection(text)).detected || (await checkJailbreak(text)).detected },
];

interface Figures {
  cases: number;
  recall: number;
  false_positive_rate: number;
  recall_by_family: Record<string, string>;
  median_ms: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

async function measure(detector: Detector, cases: readonly Case[]): Promise<Figures> {
  const hits: boolean[] = [];
  const ms: number[] = [];
  for (let i = 0; i < cases.length; i++) {
    const started = performance.now();
    hits.push(await detector.detect(cases[i]!.text, i));
    ms.push(performance.now() - started);
  }
  const malicious = cases.filter((c) => c.malicious);
  const benign = cases.filter((c) => !c.malicious);
  const byFamily: Record<string, string> = {};
  for (const family of [...new Set(malicious.map((c) => c.family!))].sort()) {
    const of = cases.map((c, i) => [c, hits[i]] as const).filter(([c]) => c.malicious && c.family === family);
    byFamily[family] = `${r3(of.filter(([, h]) => h).length / of.length)} (${of.length})`;
  }
  return {
    cases: cases.length,
    recall: r3(cases.filter((c, i) => c.malicious && hits[i]).length / malicious.length),
    false_positive_rate: r3(cases.filter((c, i) => !c.malicious && hits[i]).length / benign.length),
    recall_by_family: byFamily,
    median_ms: Math.round(median(ms) * 1000) / 1000,
  };
}

function fixtures(): Case[] {
  const { cases } = JSON.parse(readFileSync(new URL('../test/fixtures/injection-cases.json', import.meta.url), 'utf8')) as {
    cases: Array<{ text: string; malicious: boolean; pattern: string | null }>;
  };
  return cases.map((c) => ({ text: c.text, malicious: c.malicious, family: c.pattern, source: 'fixtures' }));
}

/** At most `perSource` cases of each source and label, picked evenly through the file: the same set every run. */
function sample(cases: readonly Case[], perSource: number): number[] {
  const groups = new Map<string, number[]>();
  cases.forEach((c, i) => {
    const key = `${c.source}|${c.malicious}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(i);
  });
  const picked: number[] = [];
  for (const idx of groups.values()) {
    const step = Math.max(1, idx.length / perSource);
    for (let k = 0; k < Math.min(perSource, idx.length); k++) picked.push(idx[Math.floor(k * step)]!);
  }
  return picked.sort((a, b) => a - b);
}

function table(title: string, rows: Array<[string, Figures]>): string {
  const families = [...new Set(rows.flatMap(([, f]) => Object.keys(f.recall_by_family)))].sort();
  const head = `| detector | recall | false-positive rate | ${families.join(' | ')} | median ms/prompt |`;
  const rule = `|${' --- |'.repeat(4 + families.length)}`;
  const body = rows.map(([name, f]) => `| ${name} | ${f.recall} | ${f.false_positive_rate} | ${families.map((k) => f.recall_by_family[k] ?? '-').join(' | ')} | ${f.median_ms} |`);
  return [`${title} (${rows[0]![1].cases} cases; per family: recall (cases))`, '', head, rule, ...body].join('\n');
}

/** Fastest and median ms of fn over runs, after a warm-up. On a shared machine the fastest run is
 *  the one least disturbed by other work; the median says what a caller sees under that load. */
function time(fn: () => unknown, runs: number): { fastest: number; median: number } {
  for (let i = 0; i < 20; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    ms.push(performance.now() - started);
  }
  return { fastest: r3(Math.min(...ms)), median: r3(median(ms)) };
}

const perPrompt = (texts: readonly string[], ms: { fastest: number; median: number }): { fastest: number; median: number } => ({ fastest: r3(ms.fastest / texts.length), median: r3(ms.median / texts.length) });

async function main(): Promise<void> {
  const out: Record<string, unknown> = { node: process.version, cpu: cpus()[0]?.model };
  const ours: Detector = { name: 'promptgate (rules + model)', detect: async (text) => analyzeInjection(text).injection_detected };

  const fix = fixtures();
  const fixtureRows: Array<[string, Figures]> = [];
  for (const d of [ours, ...NPM_DETECTORS]) fixtureRows.push([d.name, await measure(d, fix)]);
  console.log(`${table('Fixtures: test/fixtures/injection-cases.json', fixtureRows)}\n`);
  out.fixtures = Object.fromEntries(fixtureRows);

  const long = fix.map((c) => c.text).join('\n\n').slice(0, 10_000);
  const normalized = normalizeForMatching(long).text;
  // the benign fixtures run together: prose, code and tables with no attack in them
  const benign = fix.filter((c) => !c.malicious).map((c) => c.text).join('\n\n').slice(0, 10_000);
  // fixture prompts of about the median length, timed one after the other
  const short = fix.filter((c) => c.text.length >= 120 && c.text.length <= 180).slice(0, 20).map((c) => c.text);
  const timing = {
    'model only, 10,000 chars (scoreText)': time(() => scoreText(normalized), 150),
    'rules, decoders and normalization, 10,000 chars (detectInjection, model: false)': time(() => detectInjection(long, { model: false }), 150),
    'detector, 10,000 chars (detectInjection)': time(() => detectInjection(long), 150),
    'detect + sanitize, 10,000 chars (analyzeInjection)': time(() => analyzeInjection(long), 50),
    'detector, 10,000 chars of the benign fixtures (detectInjection)': time(() => detectInjection(benign), 150),
    [`detector, ${short.length} fixture prompts of 120-180 chars, per prompt (detectInjection)`]: perPrompt(short, time(() => short.forEach((t) => detectInjection(t)), 150)),
  };
  console.log('Timing, ms (10,000 characters of the fixtures run together unless said; fastest and median of the runs):');
  for (const [what, ms] of Object.entries(timing)) console.log(`  ${what}: fastest ${ms.fastest}, median ${ms.median}`);
  console.log();
  out.timing_ms = timing;

  const path = corpusPath();
  if (!existsSync(path) || !existsSync(HOLDOUT_PATH)) {
    console.log(`held-out corpus figures skipped: ${existsSync(path) ? `no ${HOLDOUT_PATH} (run npm run train:injection)` : `no corpus at ${path} (set INJECTION_CORPUS or --corpus)`}`);
  } else {
    const corpus = loadCorpus(path);
    const holdout = JSON.parse(readFileSync(HOLDOUT_PATH, 'utf8')) as { corpus_sha256: string; operating_point: OperatingPoint; held_out_raw: number[] };
    if (holdout.corpus_sha256 !== corpus.sha256) throw new Error(`${HOLDOUT_PATH} was made from another corpus: run npm run train:injection`);
    const all: Case[] = corpus.cases.map((c) => ({ text: c.text, malicious: c.injection, family: c.family, source: repoOf(c.source) }));
    const picked = process.argv.includes('--full') ? all.map((_, i) => i) : sample(all, 150);
    const cases = picked.map((i) => all[i]!);
    const heldOut: Detector = {
      name: 'promptgate (rules + held-out model)',
      detect: async (text, k) => combineConfidence(detectInjection(text, { model: false }).confidence, modelConfidence(holdout.held_out_raw[picked[k]!]!, holdout.operating_point)) >= 0.5,
    };
    const rows: Array<[string, Figures]> = [];
    for (const d of [heldOut, ...NPM_DETECTORS]) rows.push([d.name, await measure(d, cases)]);
    const scope = process.argv.includes('--full') ? 'every case' : 'at most 150 cases per source and label';
    console.log(table(`Held-out corpus (leave-one-source-out, ${scope})`, rows));
    out.held_out_corpus = { scope, ...Object.fromEntries(rows) };
  }
  writeFileSync(join('bench', 'results-injection.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
