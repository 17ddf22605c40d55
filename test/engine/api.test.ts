// The public API of shared/scoring: shapes, grade bands, frameworks, composite, verdict, fixes,
// explainImprovement and the rewriter's promise to keep the user's words.
import { describe, expect, it } from 'vitest';
import { DIMENSION_NAMES, REWRITE_STYLES, ScoreObjectSchema, VERTICALS } from '../../shared/schemas/common.js';
import {
  explainImprovement, gradeFor, PREFLIGHT_PASS_MARK, rewrite, scorePrompt, toScoreObject,
} from '../../shared/scoring/index.js';
import { compositeFor, percentileFor } from '../../shared/scoring/percentile.js';

const PROMPT = 'Write a cover letter for a junior analyst role.';

describe('scorePrompt and toScoreObject', () => {
  it('returns a valid ScoreObject with out_of 80 and a default vertical', () => {
    const s = scorePrompt(PROMPT);
    expect(s).toEqual(scorePrompt(PROMPT, 'general'));
    expect(s.out_of).toBe(80);
    const obj = toScoreObject(s);
    expect(ScoreObjectSchema.parse(obj)).toEqual(obj);
    expect(Object.keys(obj).sort()).toEqual(['dimensions', 'grade', 'out_of', 'percentile', 'total']);
  });

  it('does not throw on an unknown vertical from an untyped caller', () => {
    expect(() => scorePrompt(PROMPT, 'astrology' as never)).not.toThrow();
  });

  it('lists all 8 dimensions weakest first with a stable tie-break', () => {
    const s = scorePrompt(PROMPT);
    expect([...s.weakest].sort()).toEqual([...DIMENSION_NAMES].sort());
    for (let i = 1; i < 8; i++) {
      const [a, b] = [s.weakest[i - 1]!, s.weakest[i]!];
      expect(s.dimensions[a] < s.dimensions[b] || (s.dimensions[a] === s.dimensions[b] && DIMENSION_NAMES.indexOf(a) < DIMENSION_NAMES.indexOf(b))).toBe(true);
    }
  });
});

describe('grades, frameworks, percentile and composite', () => {
  it('uses the documented bands; the pass mark is the D floor', () => {
    expect(PREFLIGHT_PASS_MARK).toBe(28);
    expect([8, 27, 28, 37, 38, 47, 48, 59, 60, 80].map(gradeFor)).toEqual(['F', 'F', 'D', 'D', 'C', 'C', 'B', 'B', 'A', 'A']);
  });

  it('computes frameworks as one-decimal means of their dimensions', () => {
    const s = scorePrompt(PROMPT);
    const d = s.dimensions;
    const mean = (xs: number[]): number => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;
    expect(s.frameworks.peem).toBe(mean([d.clarity, d.output_format, d.role_definition, d.constraints]));
    expect(s.frameworks.ragas).toBe(mean([d.context, d.specificity, d.examples]));
    expect(s.frameworks.geval).toBe(mean([d.clarity, d.specificity, d.cot_structure, d.constraints]));
  });

  it('percentile and composite are integers in 0..100 and never fall as the total rises', () => {
    let lastP = -1;
    let lastC = -1;
    for (let t = 8; t <= 80; t++) {
      const [p, c] = [percentileFor(t), compositeFor(t)];
      for (const x of [p, c]) expect(Number.isInteger(x) && x >= 0 && x <= 100).toBe(true);
      expect(p).toBeGreaterThanOrEqual(lastP);
      expect(c).toBeGreaterThanOrEqual(lastC);
      [lastP, lastC] = [p, c];
    }
    expect(percentileFor(8)).toBe(0);
    expect(compositeFor(80)).toBe(100);
  });
});

describe('verdict and top_fixes', () => {
  it('verdict is one sentence naming the weakest dimension and a framework', () => {
    const s = scorePrompt(PROMPT);
    expect(s.verdict).toContain(s.weakest[0]);
    expect(s.verdict).toMatch(/PEEM|RAGAS|G-Eval/);
    expect(s.verdict.endsWith('.')).toBe(true);
    expect(s.verdict.slice(0, -1)).not.toMatch(/[.!?]\s/);
  });

  it('fixes quote this prompt and change with the vertical when no deliverable is recognised', () => {
    const a = scorePrompt(PROMPT, 'business');
    for (const fix of a.top_fixes) expect(fix).toContain('Write a cover letter');
    const vague = 'Help me with my project idea';
    expect(scorePrompt(vague, 'business').top_fixes).not.toEqual(scorePrompt(vague, 'education').top_fixes);
    const other = scorePrompt('Draft a memo on the Q3 budget.', 'business');
    expect(other.top_fixes).not.toEqual(a.top_fixes);
  });
});

describe('rewrite and explainImprovement', () => {
  it('keeps the user words in every style and improves the score', () => {
    for (const v of VERTICALS) {
      for (const style of REWRITE_STYLES) {
        const out = rewrite(PROMPT, v, style);
        expect(out).toContain(PROMPT);
        expect(scorePrompt(out, v).total).toBeGreaterThan(scorePrompt(PROMPT, v).total);
      }
    }
  });

  it('explains what rose', () => {
    const before = scorePrompt(PROMPT);
    const after = scorePrompt(rewrite(PROMPT, 'general', 'structured'));
    const text = explainImprovement(before, after);
    expect(text).toContain(`${before.total} to ${after.total}/80`);
    const top = [...DIMENSION_NAMES].sort((a, b) => (after.dimensions[b] - before.dimensions[b]) - (after.dimensions[a] - before.dimensions[a]))[0]!;
    expect(text).toContain(`${top} (+${after.dimensions[top] - before.dimensions[top]})`);
    expect(explainImprovement(before, before)).toContain('No dimension rose');
  });
});
