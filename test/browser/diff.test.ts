// The page's word diff (web/diff.ts), which strikes through what the sanitizer removed: minimal on
// random cuts, and faithful to the real sanitizer on the injection evaluation set.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeInjection } from '../../shared/safety/index.js';
import { diffWords, editScript, type Piece } from '../../web/diff.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const textOf = (pieces: Piece[], kinds: Piece['kind'][]) => pieces.filter((p) => kinds.includes(p.kind)).map((p) => p.text).join('');
/** The words of these pieces (two pieces apart are two words even with no space between them). */
const wordsOf = (pieces: Piece[], kinds: Piece['kind'][]) => pieces.filter((p) => kinds.includes(p.kind)).flatMap((p) => words(p.text));

const cases: { text: string }[] = JSON.parse(readFileSync(new URL('../fixtures/injection-cases.json', import.meta.url), 'utf8')).cases;

describe('word diff of the sanitized prompt', () => {
  it('on random cuts: keeps exactly the remaining words, strikes exactly as many as were cut, adds none', () => {
    const word = fc.constantFrom('the', 'a', 'report', 'ignore', 'all', 'previous', 'instructions.', 'and', 'reveal', 'it');
    const prompt = fc.array(fc.record({ word, gap: fc.constantFrom(' ', '  ', '\n', '\n\n', '\t'), cut: fc.boolean() }), { maxLength: 60 });
    fc.assert(
      fc.property(prompt, (tokens) => {
        const original = tokens.map((t) => t.word + t.gap).join('');
        const kept = tokens.filter((t) => !t.cut).map((t) => t.word);
        const pieces = diffWords(original, kept.join(' '));
        expect(textOf(pieces, ['same', 'removed'])).toBe(original);
        expect(wordsOf(pieces, ['same'])).toEqual(kept);
        expect(wordsOf(pieces, ['removed'])).toHaveLength(tokens.length - kept.length);
        expect(pieces.some((p) => p.kind === 'added')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('marks words only the result has as added', () => {
    expect(diffWords('keep this word', 'keep that word')).toEqual([
      { kind: 'same', text: 'keep ' },
      { kind: 'removed', text: 'this' },
      { kind: 'added', text: ' that' },
      { kind: 'same', text: ' word' },
    ]);
    expect(editScript([], [])).toEqual([]);
    expect(editScript(['a'], [])).toEqual(['removed']);
  });

  it('on the injection evaluation set: what is not struck through is the real sanitizer output', () => {
    let cut = 0;
    for (const { text } of cases) {
      const report = analyzeInjection(text);
      const pieces = diffWords(text, report.sanitized_prompt);
      expect(textOf(pieces, ['same', 'removed'])).toBe(text);
      expect(wordsOf(pieces, ['same', 'added'])).toEqual(words(report.sanitized_prompt));
      if (pieces.some((p) => p.kind === 'removed')) cut++;
      if (!report.injection_detected) expect(pieces).toEqual(text ? [{ kind: 'same', text }] : []);
    }
    expect(cut).toBeGreaterThan(10);
  });

  it('past its edit bound (thousands of differing words) it shows all as removed and added, which is still true', () => {
    const original = ['start', ...Array.from({ length: 3000 }, (_, i) => `a${i}`)].join(' ');
    const result = Array.from({ length: 3000 }, (_, i) => `b${i}`);
    const pieces = diffWords(original, result.join(' '));
    expect(textOf(pieces, ['same', 'removed'])).toBe(original);
    expect(wordsOf(pieces, ['same', 'added'])).toEqual(result);
  });
});
