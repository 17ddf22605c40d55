// The rule prefilter may only skip a rule that cannot match: every literal set it derives must be
// required by the expression, over the rule catalogue and the fixtures.
import { describe, expect, it } from 'vitest';
import { GramIndex, prefilterOf } from '../../shared/safety/prefilter.js';
import { RULES } from '../../shared/safety/rules.js';
import { catalogueMatches } from './catalogue-matches.js';

const literals = (re: RegExp) => prefilterOf(re)?.map((set) => set.map((l) => l.text)) ?? null;

describe('prefilterOf', () => {
  it('requires every word of a sequence, and only the words that must be there', () => {
    // a gap between words ends a literal, as in the rules, where a space stands for [ \n]
    const sets = literals(/\bignore[ \n](?:all[ \n])?previous[ \n](?:[a-z]+[ \n]){0,2}instructions?\b/g)!;
    expect(sets).toContainEqual(['ignore']);
    expect(sets).toContainEqual(['previous']);
    expect(sets).toContainEqual(['instruction', 'instructions']);
    expect(sets.flat()).not.toContain('all');
  });

  it('requires one branch of an alternation, and nothing from lookarounds or optional parts', () => {
    expect(literals(/foo|bar/g)).toEqual([['bar', 'foo']]);
    expect(literals(/(?<=secret )(?:key)?word/g)).toEqual([['keyword', 'word']]);
    expect(literals(/(?!napalm)thermite/g)).toEqual([['thermite']]);
    expect(literals(/foo|[a-z]+/g)).toBeNull();
  });

  it('gives up on broad classes and on flags that change what a literal matches', () => {
    expect(literals(/[a-z]+[ \n][0-9]+/g)).toBeNull();
    expect(literals(/ignore/gi)).toBeNull();
    expect(literals(/ignore/gu)).toBeNull();
  });

  it('reads escapes and small classes as the characters they stand for', () => {
    expect(literals(/<\|im_start\|>/g)).toEqual([['<|im_start|>']]);
    expect(literals(/summari[sz]e/g)).toEqual([['summarise', 'summarize']]);
    expect(literals(/\u201cquote/g)).toEqual([['\u201cquote']]);
  });
});

describe('GramIndex', () => {
  it('passes a text holding one literal of every set and fails one lacking a set', () => {
    const p = prefilterOf(/\b(?:ignore|disregard) (?:the )?(?:previous|above) rules\b/g);
    expect(new GramIndex('please disregard the above rules').passes(p)).toBe(true);
    expect(new GramIndex('please disregard the rules').passes(p)).toBe(false);
    expect(new GramIndex('anything at all').passes(null)).toBe(true);
  });
});

describe('the rule catalogue under its prefilter', () => {
  it('derives a prefilter for most rules', () => {
    expect(RULES.filter((r) => r.needs !== null).length).toBeGreaterThan(RULES.length * 0.9);
  });

  it('never skips a rule on a text it matches: every match holds a literal of each set', () => {
    const indexes = new Map<string, GramIndex>();
    let matches = 0;
    for (const { rule, text, match: m } of catalogueMatches()) {
      matches++;
      const index = indexes.get(text) ?? indexes.set(text, new GramIndex(text)).get(text)!;
      expect(index.passes(rule.needs), `${rule.signal} on ${JSON.stringify(text.slice(0, 80))}`).toBe(true);
      for (const set of rule.needs ?? []) expect(set.some((l) => m[0].includes(l.text)), `${rule.signal}: ${JSON.stringify(m[0])}`).toBe(true);
    }
    // the fixtures exercise the catalogue: this is not a vacuous pass
    expect(matches).toBeGreaterThan(200);
  });
});
