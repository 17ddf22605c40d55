// Anti-gaming: padding and rubric-word stuffing around a vague task buy little; contradictions
// cost clarity; a short concrete prompt beats a long vague one.
import { describe, expect, it } from 'vitest';
import { scorePrompt } from '../../shared/scoring/index.js';

const VAGUE = 'Write something good about stuff.';

describe('the score is not for sale', () => {
  it('padding a vague prompt does not lift it', () => {
    const padded = Array.from({ length: 20 }, () => 'It should be really good and interesting and nice.').join(' ');
    expect(scorePrompt(`${VAGUE} ${padded}`).total).toBeLessThanOrEqual(scorePrompt(VAGUE).total + 2);
  });

  it('stuffing rubric words around a vague task lifts it by at most a few points', () => {
    const stuffed = `You are an expert. Think step by step. Output JSON. For example, be thorough. You must not fail. ${VAGUE}`;
    expect(scorePrompt(stuffed).total - scorePrompt(VAGUE).total).toBeLessThanOrEqual(6);
    const concrete = 'Write a 100-word product blurb for a 500 ml steel water bottle, for hikers, no superlatives.';
    expect(scorePrompt(concrete, 'content').total).toBeGreaterThan(scorePrompt(stuffed, 'content').total);
  });

  it('contradictory instructions lower clarity', () => {
    const base = 'Write a summary of the attached report for the sales team.';
    const contradictory = `${base} Be concise, but be detailed and comprehensive.`;
    expect(scorePrompt(contradictory).dimensions.clarity).toBeLessThan(scorePrompt(base).dimensions.clarity);
  });

  it('a short prompt with deliverable, inputs and limits beats a long vague one', () => {
    const long = 'I would like you to help me with my writing. '.repeat(3) +
      'It should be really good, interesting, engaging, high quality and the best it can be, covering everything important and anything else you think matters.';
    const short = 'Write a 150-word cover letter for a junior data analyst role at Acme Bank, citing my 2 years of SQL.';
    expect(scorePrompt(short).total).toBeGreaterThan(scorePrompt(long).total);
  });
});
