// Engine snapshot: every public output of the engine over the calibration corpus and both sides of
// the evaluation pairs, in every vertical and every rewrite style, as one JSON line per
// (prompt, vertical). A refactor that must not change behaviour compares the hash before and after:
//   npm run -s snapshot:engine -- .run/before.ndjson   (prints lines, bytes and sha256)
// Deterministic: fixed input order, no clock, no randomness; the engine itself is pure.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REWRITE_STYLES, VERTICALS } from '../shared/schemas/common.js';
import { explainImprovement, rewrite, scorePrompt } from '../shared/scoring/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Source {
  readonly name: string;
  readonly prompts: readonly string[];
}

function sources(): Source[] {
  const corpus = JSON.parse(readFileSync(join(root, 'shared/scoring/calibration/corpus.json'), 'utf8')) as { prompt: string }[];
  const pairs = JSON.parse(readFileSync(join(root, 'test/fixtures/eval-pairs.json'), 'utf8')) as { id: string; weak: string; strong: string }[];
  return [
    { name: 'corpus', prompts: corpus.map((e) => e.prompt) },
    { name: 'eval-weak', prompts: pairs.map((p) => p.weak) },
    { name: 'eval-strong', prompts: pairs.map((p) => p.strong) },
  ];
}

/** One line: the full score and, per style, the rewrite, its full score and the explanation. */
function snapshotLine(source: string, index: number, prompt: string, vertical: (typeof VERTICALS)[number]): string {
  const score = scorePrompt(prompt, vertical);
  const rewrites = REWRITE_STYLES.map((style) => {
    const text = rewrite(prompt, vertical, style);
    const rewritten = scorePrompt(text, vertical);
    return { style, text, score: rewritten, explain: explainImprovement(score, rewritten) };
  });
  return JSON.stringify({ source, index, vertical, score, rewrites });
}

function main(): void {
  const out = process.argv[2] ?? join(root, '.run', 'engine-snapshot.ndjson');
  const lines: string[] = [];
  for (const { name, prompts } of sources()) {
    prompts.forEach((prompt, i) => {
      for (const v of VERTICALS) lines.push(snapshotLine(name, i, prompt, v));
    });
  }
  const text = `${lines.join('\n')}\n`;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  const sha = createHash('sha256').update(text).digest('hex');
  console.log(`${out}: ${lines.length} lines, ${Buffer.byteLength(text)} bytes, sha256 ${sha}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
