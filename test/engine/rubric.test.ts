// The rubric as data: the term tables evaluate as documented, stay in the form a fitting script
// writes, and docs/scoring.md follows them (this fails when `npm run docs:scoring` was not run).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIMENSION_NAMES } from '../../shared/schemas/common.js';
import { atLeast, below, between, each, tiers } from '../../shared/scoring/dimensions/conditions.js';
import { SIG, SIGNALS, type SignalId } from '../../shared/scoring/dimensions/signals.js';
import { ANTI_GAMING, RUBRIC } from '../../shared/scoring/dimensions/tables.js';
import { compileMissing, compileTerms, gatedRawScore, missingIds, rawScore, sumTerms, type Term } from '../../shared/scoring/dimensions/terms.js';
import { DOC_PATH, renderDoc } from '../../scripts/docs-scoring.js';
import { renderTablesSource, TABLES_PATH } from '../../scripts/rubric-tables.js';

/** A signal vector with the given values, every other signal 0. */
function vector(values: Partial<Record<SignalId, number>>): number[] {
  const v = Object.keys(SIGNALS).map(() => 0);
  for (const [id, x] of Object.entries(values)) v[SIG[id as SignalId]] = x;
  return v;
}

describe('term tables', () => {
  it('evaluate conditions, caps, unless, times and losses as the docs say', () => {
    const terms: Term[] = [
      { id: 'verb', signal: 'imperative', when: atLeast(1), points: 1.5 },
      { id: 'weak', signal: 'weak_imperative', when: atLeast(1), points: 0.5, unless: 'verb' },
      { id: 'vague', signal: 'vague', when: each(), points: -0.5, cap: 2 },
      { id: 'length', signal: 'words', when: tiers(40, 150), points: 0.5, times: 'substance' },
      { id: 'workable', signal: 'words', when: between(6, 600), points: 1 },
    ];
    const c = compileTerms(terms, SIG);
    // 1 + 1.5 (verb; weak cancelled) + 2 × 0.5 × 0.5 (two tiers × substance) + 1 (workable) − min(5, 2) × 0.5
    expect(rawScore(1, c, vector({ imperative: 1, weak_imperative: 3, vague: 5, words: 200, substance: 0.5 }))).toBe(3);
    // weak counts when there is no imperative; one tier at full substance; nothing vague
    expect(rawScore(1, c, vector({ weak_imperative: 1, words: 50, substance: 1 }))).toBe(3);
    // losses are summed apart: 1 + 1 − (0.5 + 0.5)
    expect(rawScore(1, c, vector({ vague: 2, words: 10 }))).toBe(1);
    // a measure sums in order, negative points subtract
    expect(sumTerms(c, vector({ vague: 1, words: 5 }))).toBe(-0.5);
  });

  it('in a gated dimension, a term outside the gate is scaled by what stuffing leaves, the others by the gate', () => {
    const terms: Term[] = [
      { id: 'must', signal: 'must', when: atLeast(1), points: 2 },
      { id: 'opening', signal: 'opening_role', when: atLeast(1), points: 3, ungated: true },
    ];
    const c = compileTerms(terms, SIG);
    const v = vector({ must: 1, opening_role: 1 });
    // 1 + (1.5 − 1 + 2) × 0.2 + 3 × 0.5
    expect(gatedRawScore(1.5, c, v, 0.2, 0.5)).toBeCloseTo(3, 10);
    // the same terms all gated: 1 + (1.5 − 1 + 2 + 3) × 0.2
    expect(gatedRawScore(1.5, compileTerms(terms.map(({ ungated: _, ...t }) => t), SIG), v, 0.2, 0.5)).toBeCloseTo(2.1, 10);
  });

  it('an unless naming no earlier term is refused when the table is compiled', () => {
    const bad: Term[] = [{ id: 'a', signal: 'must', when: atLeast(1), points: 1, unless: 'b' }, { id: 'b', signal: 'must', when: atLeast(2), points: 1 }];
    expect(() => compileTerms(bad, SIG)).toThrow(/unless 'b'/);
  });

  it('report missing signals in table order', () => {
    const m = compileMissing([{ id: 'x', signal: 'tone', when: below(1) }, { id: 'y', signal: 'must', when: below(1) }], SIG);
    expect(missingIds(m, vector({ must: 2 }))).toEqual(['x']);
    expect(missingIds(m, vector({}))).toEqual(['x', 'y']);
  });

  it('name each term once per table, and every table compiles', () => {
    for (const name of DIMENSION_NAMES) {
      const t = RUBRIC[name];
      expect(new Set(t.terms.map((x) => x.id)).size, name).toBe(t.terms.length);
      expect(new Set(t.missing.map((x) => x.id)).size, name).toBe(t.missing.length);
      expect(() => compileTerms(t.terms, SIG)).not.toThrow();
    }
  });

  it('tables.ts is in the form a fitting script renders, and a changed number lands in its term only', () => {
    expect(renderTablesSource(RUBRIC, ANTI_GAMING)).toBe(readFileSync(TABLES_PATH, 'utf8'));
    const fitted = structuredClone(RUBRIC) as unknown as { clarity: { terms: { id: string; points: number }[] } };
    const term = fitted.clarity.terms.find((x) => x.id === 'hedges');
    if (term === undefined) throw new Error('clarity has no hedges term');
    term.points = -0.123;
    const before = renderTablesSource(RUBRIC, ANTI_GAMING).split('\n');
    const after = renderTablesSource(fitted as never, ANTI_GAMING).split('\n');
    const changed = after.filter((line, i) => line !== before[i]);
    expect(changed).toEqual(["      { id: 'hedges', signal: 'hedge', when: each(), points: -0.123, lowers: true, cap: 4 },"]);
  });

  it('docs/scoring.md is generated from the current tables (run `npm run docs:scoring`)', () => {
    const doc = readFileSync(DOC_PATH, 'utf8');
    expect(renderDoc(doc)).toBe(doc);
    // and the generated section really shows the numbers
    expect(doc).toContain("| `vague_words` | `vague`: vague words");
    expect(doc).toContain(`| each, max ${RUBRIC.clarity.terms.find((t) => t.id === 'vague_words')?.cap} |`);
  });
});
