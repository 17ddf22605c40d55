// top_fixes fit the deliverable the prompt names: different deliverables get different advice,
// not the same sentence with a different quote.
import { describe, expect, it } from 'vitest';
import { scorePrompt } from '../../shared/scoring/index.js';

const fixes = (p: string, v: Parameters<typeof scorePrompt>[1] = 'general'): string => scorePrompt(p, v).top_fixes.join(' ');
/** The fixes with the quoted prompt removed, so only the advice itself is compared. */
const advice = (p: string, v: Parameters<typeof scorePrompt>[1] = 'general'): string[] =>
  scorePrompt(p, v).top_fixes.map((f) => f.replace(/"[^"]*…?"/g, 'Q'));

describe('deliverable-aware top_fixes', () => {
  it('a tweet gets a 280-character limit, never a word count or H2 sections', () => {
    const t = fixes('Draft a tweet', 'content');
    expect(t).toContain('280 characters');
    expect(t).not.toMatch(/600 and 800 words|H2/);
  });

  it('a haiku gets 3 lines of 5-7-5, a function gets signature and types, an email a subject line', () => {
    expect(fixes('Write a haiku', 'content')).toMatch(/3 lines of 5, 7 and 5 syllables/);
    expect(fixes('Write a Python function that merges two sorted lists', 'software')).toMatch(/signature and input\/output types/);
    expect(fixes('Write an email to my landlord about the broken heater')).toMatch(/subject line/);
    for (const p of ['Write a haiku', 'Write a Python function that merges two sorted lists']) {
      expect(fixes(p, 'software')).not.toContain('under 250 words');
    }
  });

  it('different deliverables get different advice, not just a different quote', () => {
    const prompts = ['Draft a tweet', 'Write a haiku', 'Write an email', 'Write a SQL query', 'Write a recipe', 'Write a lesson plan'];
    const seen = new Set(prompts.map((p) => advice(p).join('|')));
    expect(seen.size).toBe(prompts.length);
  });

  it('falls back to the vertical defaults when no deliverable is recognised', () => {
    expect(advice('Help me with my project idea', 'crypto')).not.toEqual(advice('Help me with my project idea', 'education'));
  });
});
