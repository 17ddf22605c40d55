// Signals read from the text (dimensions/signals.ts) where a wording decides them: hyphenated
// compounds, a role stated up front, and the distinct requirements a prompt spells out.
import { describe, expect, it } from 'vitest';
import { readSignals, SIG, type SignalId } from '../../shared/scoring/dimensions/signals.js';
import { extractFeatures } from '../../shared/scoring/text/features.js';

const signal = (text: string, id: SignalId): number => readSignals(extractFeatures(text, 'general'))[SIG[id]] as number;

describe('signals', () => {
  it('a hyphenated compound is one long technical word, so a short question naming it is a named question', () => {
    expect(signal('What is p-hacking?', 'long_words')).toBe(1);
    expect(signal('What is p-hacking?', 'named_question')).toBe(1);
    // its parts alone name nothing; numbers and lexicon phrases make no compound
    expect(signal('What is p hacking?', 'named_question')).toBe(0);
    expect(signal('Explain it step-by-step in a 30-minute talk.', 'long_words')).toBe(0);
    // one compound counts once, however often it is repeated
    expect(signal('Compare zk-rollups with other zk-rollups.', 'long_words')).toBe(1);
  });

  it('a role named in the opening words is an opening role; a hyped or late one is not', () => {
    expect(signal('You are a tax accountant. How should I report staking income?', 'opening_role')).toBe(1);
    expect(signal('I want you to act as a chef. I will name three ingredients.', 'opening_role')).toBe(1);
    expect(signal('You are a world class physicist with a PhD. Explain entropy.', 'opening_role')).toBe(0);
    expect(signal('Here is my question about taxes, and please answer it as a tax accountant.', 'opening_role')).toBe(0);
  });

  it('requirements count distinct kinds: a repeated rule is one requirement', () => {
    const one = signal('Summarize the memo. Do not add opinions.', 'requirement_kinds');
    expect(signal('Summarize the memo. Do not add opinions. Do not add opinions.', 'requirement_kinds')).toBe(one);
    expect(signal('Summarize the memo in under 100 words as a bulleted list. Do not add opinions.', 'requirement_kinds')).toBeGreaterThan(one);
  });
});
