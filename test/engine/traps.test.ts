// Anti-gaming: padding and rubric-word stuffing around a vague task buy little; contradictions
// cost clarity; a short concrete prompt beats a long vague one.
import { describe, expect, it } from 'vitest';
import { PREFLIGHT_PASS_MARK, rewrite, scorePrompt } from '../../shared/scoring/index.js';

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

  it('a line of rubric labels with hollow values around a vague task does not beat a concrete prompt', () => {
    const labels = (task: string) =>
      `Role: expert. Audience: everyone. Purpose: success. Constraints: must, must not, limit, under 100 words. ` +
      `Format: JSON table list schema sections. Examples: e.g. input: x output: y. Steps: 1. think 2. reason 3. answer. Task: ${task}.`;
    const cases = [
      ['software', 'write some code for my app', 'Add pagination (page, page_size<=100) to the GET /orders endpoint in our Express 4 API; return the diff only.'],
      ['general', 'write an email', 'Write a 120-word email to my landlord Mr. Patel asking to fix the broken heater in flat 4B by Friday; polite but firm tone.'],
      ['research', 'find some studies', 'Find 5 RCTs (2015-2024) on intermittent fasting and HbA1c in adults with type 2 diabetes; list authors, year, n, effect size in a table.'],
    ] as const;
    for (const [vertical, vague, concrete] of cases) {
      const stuffed = scorePrompt(labels(vague), vertical);
      expect(scorePrompt(concrete, vertical).total, vertical).toBeGreaterThan(stuffed.total);
      // "Audience: everyone. Purpose: success." names no audience and no purpose.
      expect(stuffed.dimensions.context, vertical).toBeLessThanOrEqual(5);
    }
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

  it('template slots and hollow section labels earn nothing: a scaffold around a vague task stays low', () => {
    const concrete = 'Give me a 30-minute vegetarian dinner recipe for 4 using chickpeas and spinach, no dairy; list ingredients with quantities, then numbered steps.';
    const slotScaffold = [
      'You are a practical, knowledgeable assistant.', '## Task', 'Give me a dinner recipe',
      'Deliverable: [name exactly what to produce, e.g. a 30-minute vegan curry for 4 people]',
      '## Context', '- Audience: [who will use it, e.g. a family of 4 in Lisbon]', '- Goal: [e.g. dinner under 10 EUR]',
      '## Constraints', '- Length: [your limit, e.g. under 250 words]', '## Example', 'Input: [a real input]', 'Output: [the result you expect]',
    ].join('\n');
    expect(scorePrompt(concrete).total).toBeGreaterThan(scorePrompt(slotScaffold).total);
    for (const style of ['detailed', 'structured'] as const) {
      expect(scorePrompt(concrete).total, style).toBeGreaterThan(scorePrompt(rewrite('Give me a dinner recipe', 'general', style)).total);
    }
    for (const style of ['detailed', 'structured', 'role-framed', 'example-led'] as const) {
      expect(scorePrompt(rewrite('asdf', 'software', style), 'software').total, style).toBeLessThanOrEqual(35);
    }
    // Example text inside slots is not content: filling slots with "..." changes nothing.
    const slotted = 'Task: Do it\nAudience: [who will use it, e.g. the engineers who maintain parseDate in Node 20]\nGoal: [e.g. cut Lisbon hotel costs to 800 EUR]';
    expect(scorePrompt(slotted).total).toBe(scorePrompt(slotted.replace(/\[[^\]]*\]/g, '[...]')).total);
    expect(scorePrompt(slotted).dimensions.specificity).toBeLessThanOrEqual(2);
    // A hand-written vague scaffold earns no context from its labels.
    const vague = 'Task: write a blog post.\nAudience: people.\nGoal: make it good.\nConstraints: something nice.\nFormat: stuff.';
    expect(scorePrompt(vague, 'content').dimensions.context).toBeLessThanOrEqual(3);
    expect(scorePrompt(vague, 'content').total).toBeLessThan(PREFLIGHT_PASS_MARK);
    for (const filler of ['TODO', 'TBD', '...', '<audience>', '{topic}']) {
      expect(scorePrompt(`Write a blog post.\nAudience: ${filler}`, 'content').dimensions.context, filler).toBeLessThanOrEqual(scorePrompt('Write a blog post.', 'content').dimensions.context);
    }
  });

  it('short concrete prompts (deliverable, inputs, limits, format) clear the pass mark', () => {
    const concrete = [
      'Give me a 30-minute vegetarian dinner recipe for 4 using chickpeas and spinach, no dairy; list ingredients with quantities, then numbered steps.',
      'Write a 150-word cover letter for a junior data analyst role at Acme Bank, citing my 2 years of SQL.',
    ];
    for (const p of concrete) expect(scorePrompt(p).total, p).toBeGreaterThanOrEqual(PREFLIGHT_PASS_MARK + 2);
  });

  it('an empty prompt is the minimum and an output spec does not raise context', () => {
    for (const e of ['', '   ', '\n\n']) expect(scorePrompt(e).total).toBe(8);
    const base = 'Write a Python function that merges two sorted lists of integers.';
    const json = `${base}\nOutput format: respond in JSON: {"title": string, "points": string[], "summary": string}`;
    expect(scorePrompt(json, 'software').dimensions.context).toBe(scorePrompt(base, 'software').dimensions.context);
  });
});
