// Per-dimension probes: adding the signal a dimension looks for raises that dimension.
import { describe, expect, it } from 'vitest';
import type { DimensionName, Vertical } from '../../shared/schemas/common.js';
import { scorePrompt } from '../../shared/scoring/index.js';

const BASES: ReadonlyArray<[Vertical, string]> = [
  ['software', 'Write a Python function that merges two sorted lists of integers.'],
  ['content', 'Write a blog post about composting in small apartments.'],
  ['business', 'Write a memo proposing a 4-day work week for our 30-person agency.'],
  ['research', 'Summarize recent studies on sleep and memory in teenagers.'],
];

const PROBES: ReadonlyArray<[DimensionName, (base: string) => string]> = [
  ['clarity', () => 'Merge, sort, or something like that, maybe for lists or stuff, whatever you think.'],
  ['specificity', (b) => `${b} Use Python 3.12, cover 2019-2024, name 3 concrete cases such as Acme Corp and focus only on the top 5.`],
  ['context', (b) => `${b} The audience is new hires on our team; the goal is onboarding, because we need it by Monday. Here is the background:\nwe are a small startup.`],
  ['constraints', (b) => `${b} Keep it under 200 words. You must cite one source and must not use jargon. Use a neutral tone.`],
  ['output_format', (b) => `${b}\nOutput format: respond in JSON: {"title": string, "points": string[], "summary": string}`],
  ['role_definition', (b) => `You are a senior specialist with 10 years of experience in this field.\n${b}`],
  ['examples', (b) => `${b}\nExample:\nInput: [1, 3] and [2]\nOutput: [1, 2, 3]`],
  ['cot_structure', (b) => `${b}\nSteps:\n1. First list the key points.\n2. Then check each one.\n3. Finally explain your reasoning.`],
];

describe('per-dimension probes', () => {
  for (const [vertical, base] of BASES) {
    for (const [dim, add] of PROBES) {
      it(`${vertical}: adding a ${dim} signal moves ${dim}`, () => {
        const before = scorePrompt(base, vertical).dimensions[dim];
        const after = scorePrompt(add(base), vertical).dimensions[dim];
        // The clarity probe replaces the task with a vague one: clarity must fall.
        if (dim === 'clarity') expect(after).toBeLessThan(before);
        else expect(after).toBeGreaterThan(before);
      });
    }
  }

  it('the same prompt scores differently per vertical (domain lexicons)', () => {
    const p = 'Compare USDC liquidity on Base and Solana over the last 7d, with TVL and APY.';
    expect(scorePrompt(p, 'crypto').dimensions.specificity).toBeGreaterThan(scorePrompt(p, 'education').dimensions.specificity);
  });
});
