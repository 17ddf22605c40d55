// How well the engine agrees with careful readers, and whether it still orders weak/strong pairs.
//   npm run eval:engine            the held-out part of the rated set (the figures that count), then
//                                  train (what the fit saw), then the evaluation pairs and their traps
//   npm run eval:engine -- --json  the same as one JSON object
// Held-out prompts are never read by the fit (scripts/fit-engine.ts); see docs/scoring.md, Calibration.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIMENSION_NAMES, type Vertical } from '../shared/schemas/common.js';
import { scorePrompt } from '../shared/scoring/index.js';
import { kendall, mae, spearman } from './lib/metrics.js';
import { loadRated, type Split } from './lib/rated.js';

const PAIRS_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'eval-pairs.json');

/** Pair kinds that are anti-gaming traps: every one of them must be ordered right. */
export const TRAP_KINDS = ['stuffing', 'padding', 'contradiction', 'short_vs_long', 'scaffold'] as const;

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

export function evaluateRated(split: Split) {
  const rows = loadRated(split).map((p) => ({ p, s: scorePrompt(p.prompt, p.vertical) }));
  const target = rows.map((r) => r.p.mean_total);
  const engine = rows.map((r) => r.s.total);
  const mean = (xs: number[]): number => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;
  return {
    split,
    prompts: rows.length,
    total: { spearman: r3(spearman(engine, target)), kendall: r3(kendall(engine, target)), mae: r3(mae(engine, target)) },
    mean_total: { raters: mean(target), engine: mean(engine) },
    dimensions: Object.fromEntries(DIMENSION_NAMES.map((d) => {
      const t = rows.map((r) => r.p.mean[d]);
      const e = rows.map((r) => r.s.dimensions[d]);
      return [d, { spearman: r3(spearman(e, t)), mae: r3(mae(e, t)) }];
    })),
  };
}

interface Pair {
  id: string;
  vertical: Vertical;
  kind: string;
  weak: string;
  strong: string;
}

export function evaluatePairs() {
  const pairs = JSON.parse(readFileSync(PAIRS_PATH, 'utf8')) as Pair[];
  const wrong = pairs.filter((p) => scorePrompt(p.strong, p.vertical).total <= scorePrompt(p.weak, p.vertical).total);
  const traps = Object.fromEntries(TRAP_KINDS.map((kind) => {
    const of = pairs.filter((p) => p.kind === kind);
    return [kind, { pairs: of.length, held: of.filter((p) => !wrong.includes(p)).length }];
  }));
  return { pairs: pairs.length, correct: pairs.length - wrong.length, accuracy: r3((pairs.length - wrong.length) / pairs.length), misordered: wrong.map((p) => p.id), traps };
}

function printRated(r: ReturnType<typeof evaluateRated>): void {
  console.log(`${r.split} (${r.prompts} prompts): total Spearman ${r.total.spearman.toFixed(3)}, Kendall ${r.total.kendall.toFixed(3)}, ` +
    `MAE ${r.total.mae.toFixed(2)}; mean total raters ${r.mean_total.raters}, engine ${r.mean_total.engine}`);
  for (const [d, m] of Object.entries(r.dimensions)) console.log(`  ${d.padEnd(16)} Spearman ${m.spearman.toFixed(3)}  MAE ${m.mae.toFixed(2)}`);
}

function main(): void {
  const report = { heldout: evaluateRated('heldout'), train: evaluateRated('train'), pairs: evaluatePairs() };
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  printRated(report.heldout);
  printRated(report.train);
  const p = report.pairs;
  console.log(`eval pairs: ${p.correct}/${p.pairs} ordered (${(p.accuracy * 100).toFixed(1)}%)${p.misordered.length > 0 ? `; misordered: ${p.misordered.join(', ')}` : ''}`);
  console.log(`  traps held: ${Object.entries(p.traps).map(([k, t]) => `${k} ${t.held}/${t.pairs}`).join(', ')}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
