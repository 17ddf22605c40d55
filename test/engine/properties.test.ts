// Property tests: any Unicode input (lone surrogates, NUL, 10k chars) scores without throwing,
// within bounds, deterministically; every rewrite style scores at least the original.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIMENSION_NAMES, REWRITE_STYLES, ScoreObjectSchema, VERTICALS, type Vertical,
} from '../../shared/schemas/common.js';
import { rewrite, scorePrompt, toScoreObject } from '../../shared/scoring/index.js';

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const lexiconish = fc.constantFrom(
  'You are', 'a senior', 'engineer', 'write', 'a function', 'must', 'must not', 'JSON', 'table',
  'for example', 'e.g.', 'step by step', '1. ', '- ', '\n', '```', '"', ':', 'Input:', 'Output:',
  'audience', 'because', '200 words', 'under', 'concise', 'detailed', 'something', 'USDC', 'Base',
  '{"a":', '|', '#', '  ', '\u0000', '\ud800', '😀', 'é', ' ',
);

const anyText = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 10_000 }),
  fc.string({ unit: codeUnit, minLength: 1, maxLength: 10_000 }),
  fc.array(lexiconish, { minLength: 1, maxLength: 600 }).map((parts) => parts.join(' ')),
);
const vertical = fc.constantFrom<Vertical>(...VERTICALS);

describe('scorePrompt properties', () => {
  it('never throws, bounds hold, total is the sum, exactly 3 fixes, deterministic', () => {
    fc.assert(
      fc.property(anyText, vertical, (text, v) => {
        const s = scorePrompt(text, v);
        for (const name of DIMENSION_NAMES) {
          expect(Number.isInteger(s.dimensions[name])).toBe(true);
          expect(s.dimensions[name]).toBeGreaterThanOrEqual(1);
          expect(s.dimensions[name]).toBeLessThanOrEqual(10);
        }
        expect(s.total).toBe(DIMENSION_NAMES.reduce((a, n) => a + s.dimensions[n], 0));
        expect(s.dimensions.total).toBe(s.total);
        expect(s.top_fixes).toHaveLength(3);
        expect(s.weakest).toHaveLength(8);
        expect(s.composite).toBeGreaterThanOrEqual(0);
        expect(s.composite).toBeLessThanOrEqual(100);
        expect(ScoreObjectSchema.safeParse(toScoreObject(s)).success).toBe(true);
        expect(scorePrompt(text, v)).toEqual(s);
      }),
      { numRuns: 150 },
    );
  });

  it('handles the empty string and other edge inputs', () => {
    for (const text of ['', ' ', '\u0000', '\ud800', 'a'.repeat(20_000), '\n'.repeat(10_000)]) {
      const s = scorePrompt(text);
      expect(s.total).toBeGreaterThanOrEqual(8);
      expect(s.top_fixes).toHaveLength(3);
    }
  });
});

describe('rewrite properties', () => {
  it('every style scores >= the original; the best is strictly higher below 60/80', () => {
    fc.assert(
      fc.property(anyText, vertical, (text, v) => {
        const base = scorePrompt(text, v).total;
        let best = base;
        for (const style of REWRITE_STYLES) {
          const out = rewrite(text, v, style);
          const total = scorePrompt(out, v).total;
          expect(total).toBeGreaterThanOrEqual(base);
          best = Math.max(best, total);
        }
        if (base < 60) expect(best).toBeGreaterThan(base);
      }),
      { numRuns: 60 },
    );
  });
});
