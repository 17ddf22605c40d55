// Engine benchmark: median time to score 1k- and 10k-char prompts and adversarial inputs.
// Run with `npm run bench:engine`; figures also go to bench/results-engine.json.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { scorePrompt } from '../shared/scoring/index.js';

const SAMPLE = [
  'You are a senior TypeScript engineer. Write a function parseDate(input: string) that returns a Date.',
  'Constraints: must not add dependencies; keep it under 200 words; use a neutral tone.',
  'Output format: JSON {"date": string, "valid": boolean}. For example, Input: "2024-01-02" Output: {"valid": true}.',
  'Steps:\n1. Validate the input.\n2. Parse it.\n3. Explain your reasoning about edge cases such as leap years.',
  'Audience: backend engineers on our team, because the date bug broke invoices in Q3 2024 on Node 20.',
].join('\n');

function realistic(chars: number): string {
  let s = '';
  while (s.length < chars) s += `${SAMPLE}\n`;
  return s.slice(0, chars);
}

const ADVERSARIAL: Record<string, string> = {
  'a x10k': 'a'.repeat(10_000),
  'spaces x10k': ' '.repeat(10_000),
  'newlines x10k': '\n'.repeat(10_000),
  'nested brackets 10k': '['.repeat(5_000) + ']'.repeat(5_000),
  'nested braces + quotes 10k': '{"a":'.repeat(2_000),
  'colons 10k': ':'.repeat(10_000),
  'digits and dots 10k': '1.'.repeat(5_000),
  'label-like lines 10k': 'Input:\n'.repeat(1_428),
  'one 10k word': 'x'.repeat(9_999) + '!',
  'lone surrogates 10k': '\ud800'.repeat(10_000),
  'emoji 10k': '😀'.repeat(5_000),
  'rubric words 10k': 'must not step by step for example JSON expert '.repeat(220).slice(0, 10_000),
  // the layout reads of issue 15's second round: parentheses listing instances, quotes with a cue before them
  'open parens then commas 10k': '('.repeat(5_000) + ','.repeat(5_000),
  'cued quotes 10k': 'like "'.repeat(1_666),
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function timeMs(text: string, runs: number): number {
  for (let i = 0; i < Math.min(50, runs); i++) scorePrompt(text, 'software'); // warm-up for the JIT
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    scorePrompt(text, 'software');
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return Math.round(median(samples) * 1000) / 1000;
}

const sizes: Record<string, number> = {};
for (const chars of [1_000, 2_500, 5_000, 10_000]) sizes[`${chars}`] = timeMs(realistic(chars), chars <= 1_000 ? 2_000 : 500);
const adversarial: Record<string, number> = {};
for (const [name, text] of Object.entries(ADVERSARIAL)) adversarial[name] = timeMs(text, 200);

const results = {
  what: 'median ms per scorePrompt call (vertical software)',
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  median_ms_by_chars: sizes,
  adversarial_median_ms: adversarial,
  targets: { '1000': 0.2, '10000': 2, adversarial_max: 5 },
};
console.log(`1k chars: ${sizes['1000']} ms   10k chars: ${sizes['10000']} ms (median)`);
console.log('by size:', sizes);
console.log('adversarial:', adversarial);
writeFileSync(join(import.meta.dirname, 'results-engine.json'), `${JSON.stringify(results, null, 2)}\n`);
