// The compare judge's pure parts: reply parsing, the heuristic fallback and the winner rule.
import { describe, expect, it } from 'vitest';
import { compareVerdict, decideWinner } from '../../shared/analysis/compare-verdict.js';
import { heuristicJudge } from '../../shared/analysis/judge-heuristic.js';
import { parseJudgeReply, withTotal } from '../../shared/analysis/judge.js';
import { ComparisonScoresSchema } from '../../shared/schemas/common.js';

const criteria = (completeness: number, relevancy: number, reasoning_depth: number, faithfulness: number) => ({
  completeness,
  relevancy,
  reasoning_depth,
  faithfulness,
});

describe('parseJudgeReply', () => {
  it('reads a plain JSON object', () => {
    expect(parseJudgeReply('{"completeness":7,"relevancy":8,"reasoning_depth":6,"faithfulness":9}')).toEqual(criteria(7, 8, 6, 9));
  });

  it('finds the object in prose and code fences, folds key spellings and nesting', () => {
    expect(parseJudgeReply('Scores:\n```json\n{"scores": {"Completeness": 5, "relevancy": 5, "reasoningDepth": 5, "faithfulness": 5}}\n```')).toEqual(
      criteria(5, 5, 5, 5),
    );
    expect(parseJudgeReply('Here you go: {"completeness": 3, "relevancy": 4, "reasoning-depth": 5, "faithfulness": 6}. Cheers')).toMatchObject({
      reasoning_depth: 5,
    });
  });

  it('clamps and rounds out-of-range and fractional values, reads numeric strings', () => {
    expect(parseJudgeReply('{"completeness": 0, "relevancy": 11, "reasoning_depth": "6.6", "faithfulness": "7/10"}')).toEqual(criteria(1, 10, 7, 7));
  });

  it('gives up on prose, broken JSON, missing criteria and non-numbers', () => {
    for (const reply of [
      'Both are fine.',
      '{"completeness": 7, "relevancy": 8',
      '{"completeness": 7, "relevancy": 8, "reasoning_depth": 6}',
      '{"completeness": "high", "relevancy": 8, "reasoning_depth": 6, "faithfulness": 9}',
      '[]',
    ]) {
      expect(parseJudgeReply(reply)).toBeUndefined();
    }
  });
});

describe('heuristicJudge', () => {
  const prompt = 'Explain how a hash map handles collisions with chaining and open addressing';

  it('scores an empty answer 1 on every criterion', () => {
    expect(heuristicJudge(prompt, '  ')).toEqual(criteria(1, 1, 1, 1));
  });

  it('rates an on-topic, reasoned answer above an off-topic refusal, within 1..10', () => {
    const good = heuristicJudge(
      prompt,
      'A hash map handles collisions in two ways.\n1. Chaining keeps a list per bucket, because several keys can share one.\n2. Open addressing probes the next slot; therefore deletion needs tombstones. However, chaining degrades more gracefully.',
    );
    const bad = heuristicJudge(prompt, "As an AI I cannot help with that. I don't know.");
    const total = (c: typeof good) => withTotal(c).total;
    expect(total(good)).toBeGreaterThan(total(bad));
    expect(good.relevancy).toBeGreaterThan(bad.relevancy);
    expect(good.reasoning_depth).toBeGreaterThan(bad.reasoning_depth);
    for (const c of [good, bad]) ComparisonScoresSchema.parse(withTotal(c));
  });

  it('is deterministic', () => {
    expect(heuristicJudge(prompt, 'Chaining, then probing.')).toEqual(heuristicJudge(prompt, 'Chaining, then probing.'));
  });
});

describe('winner and verdict', () => {
  const scores = (c: number, r: number, d: number, f: number) => withTotal(criteria(c, r, d, f));

  it('picks the higher total', () => {
    expect(decideWinner(scores(5, 5, 5, 5), scores(6, 5, 5, 5))).toBe('model_b');
    expect(decideWinner(scores(9, 5, 5, 5), scores(6, 5, 5, 5))).toBe('model_a');
  });

  it('breaks a tie on faithfulness, then relevancy, and finally gives model_a the win', () => {
    expect(decideWinner(scores(6, 5, 5, 4), scores(5, 5, 5, 5))).toBe('model_b');
    expect(decideWinner(scores(5, 6, 4, 5), scores(5, 5, 5, 5))).toBe('model_a');
    expect(decideWinner(scores(5, 5, 5, 5), scores(5, 5, 5, 5))).toBe('model_a');
  });

  it('names both models, the score and the largest edge', () => {
    const sides = { model_a: { model: 'x/a', scores: scores(5, 5, 5, 5) }, model_b: { model: 'y/b', scores: scores(5, 8, 6, 5) } };
    expect(compareVerdict('model_b', sides, 'z/judge')).toBe('y/b (model_b) beats x/a 24 to 20 out of 40. Its largest edge is relevancy (+3). Judged by z/judge.');
    const tied = { model_a: { model: 'x/a', scores: scores(5, 5, 5, 5) }, model_b: { model: 'y/b', scores: scores(5, 5, 5, 5) } };
    expect(compareVerdict('model_a', tied, 'z/judge')).toMatch(/^x\/a \(model_a\) ties y\/b at 20\/40 and wins on the tie-break/);
  });
});
