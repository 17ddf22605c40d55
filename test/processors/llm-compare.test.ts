// score.compare: models A and B on two fake providers, judged by a third model on a third one;
// chatty, fenced and failing judges.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decideWinner } from '../../shared/analysis/compare-verdict.js';
import { heuristicJudge } from '../../shared/analysis/judge-heuristic.js';
import { withTotal } from '../../shared/analysis/judge.js';
import type { ScoreRequest } from '../../shared/schemas/requests.js';
import { CompareResponseSchema } from '../../shared/schemas/responses.js';
import { scoreCompare } from '../../workers/processors/score-compare.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { configWith, contextFor, rejection } from '../providers/support.js';

const INPUT: ScoreRequest = { prompt: 'Explain how a hash map handles collisions', vertical: 'software' };
let alpha: FakeOpenAI;
let beta: FakeOpenAI;
let gamma: FakeOpenAI;
beforeAll(async () => {
  [alpha, beta, gamma] = await Promise.all([startFakeOpenAI(), startFakeOpenAI(), startFakeOpenAI()]);
});
afterAll(() => Promise.all([alpha, beta, gamma].map((f) => f.close())));
afterEach(() => [alpha, beta, gamma].forEach((f) => f.reset()));

/** A on alpha, B on beta, the judge (named `judge`) on gamma. */
function compareConfig(models: { a?: string; b?: string; judge?: string } = {}) {
  const a = models.a ?? 'model-a';
  const b = models.b ?? 'model-b';
  const judge = models.judge ?? 'judge';
  return configWith(
    [
      { name: 'alpha', base_url: alpha.baseUrl, models: [a], max_retries: 0 },
      { name: 'beta', base_url: beta.baseUrl, models: [b], max_retries: 0 },
      { name: 'gamma', base_url: gamma.baseUrl, models: [judge], max_retries: 0 },
    ],
    { LLM_COMPARE_MODEL_A: `alpha/${a}`, LLM_COMPARE_MODEL_B: `beta/${b}`, LLM_JUDGE_MODEL: `gamma/${judge}` },
  );
}

describe('score.compare', () => {
  it('runs the optimized prompt on both providers and has the third model judge each answer', async () => {
    const body = CompareResponseSchema.parse(await scoreCompare(INPUT, contextFor(compareConfig())));
    expect(body.original_prompt).toBe(INPUT.prompt);
    expect(body.optimized_prompt).not.toBe(INPUT.prompt);
    expect(body.vertical).toBe('software');

    expect(alpha.chatRequests().map((r) => r.messages)).toEqual([[{ role: 'user', content: body.optimized_prompt }]]);
    expect(beta.chatRequests().map((r) => r.messages)).toEqual([[{ role: 'user', content: body.optimized_prompt }]]);
    expect(body.results.model_a).toMatchObject({ model: 'alpha/model-a', output: expect.stringContaining('[model-a#') });
    expect(body.results.model_b).toMatchObject({ model: 'beta/model-b', output: expect.stringContaining('[model-b#') });

    const judged = gamma.chatRequests('judge');
    expect(judged).toHaveLength(2);
    expect(judged.map((r) => r.body?.temperature)).toEqual([0, 0]);
    for (const side of ['model_a', 'model_b'] as const) {
      const { scores, output } = body.results[side];
      expect(scores.total).toBe(scores.completeness + scores.relevancy + scores.reasoning_depth + scores.faithfulness);
      expect(judged.some((r) => r.messages?.[1]?.content.includes(output))).toBe(true);
    }
    expect(body.winner).toBe(decideWinner(body.results.model_a.scores, body.results.model_b.scores));
    expect(body.verdict).toContain('Judged by gamma/judge.');
  });

  it('calls models A and B at the same time', async () => {
    // Each answers after 1.5 s: called in turn, the second call would arrive only once the first was
    // answered. Measured from the first arrival, not from the start, so a busy machine's slow
    // rewrite before the calls does not count.
    const pending = scoreCompare(INPUT, contextFor(compareConfig({ a: 'slow-1500', b: 'slow-1500' })));
    const sleep = () => new Promise((r) => setTimeout(r, 10));
    const arrived = () => [alpha.chatRequests().length, beta.chatRequests().length];
    while (arrived().every((n) => n === 0)) await sleep();
    const first = Date.now();
    while (arrived().some((n) => n === 0) && Date.now() - first < 1_500) await sleep();
    expect(arrived()).toEqual([1, 1]);
    expect(Date.now() - first).toBeLessThan(1_500);
    await pending;
  });

  it('uses a judge JSON wrapped in prose and a code fence without asking again', async () => {
    const body = CompareResponseSchema.parse(await scoreCompare(INPUT, contextFor(compareConfig({ judge: 'judge-fenced' }))));
    expect(gamma.chatRequests()).toHaveLength(2);
    expect(body.verdict).toContain('Judged by gamma/judge-fenced.');
  });

  it('asks once more after an unparseable reply and uses the second answer', async () => {
    gamma.setBehavior('judge', {
      content: (messages) => (messages.length > 2 ? '{"completeness": "9", "relevancy": 14, "Reasoning Depth": 7.4, "faithfulness": "8/10"}' : 'I think it is good.'),
    });
    const body = CompareResponseSchema.parse(await scoreCompare(INPUT, contextFor(compareConfig())));
    const retries = gamma.chatRequests().filter((r) => r.messages?.length === 4);
    expect(retries).toHaveLength(2);
    expect(retries[0]?.messages?.[2]).toEqual({ role: 'assistant', content: 'I think it is good.' });
    expect(body.results.model_a.scores).toEqual({ completeness: 9, relevancy: 10, reasoning_depth: 7, faithfulness: 8, total: 34 });
    expect(body.verdict).toContain('Judged by gamma/judge.');
  });

  it('falls back to the deterministic heuristic when the judge stays chatty, and never fails', async () => {
    const body = CompareResponseSchema.parse(await scoreCompare(INPUT, contextFor(compareConfig({ judge: 'judge-chatty' }))));
    expect(gamma.chatRequests()).toHaveLength(4);
    expect(body.results.model_a.scores).toEqual(withTotal(heuristicJudge(body.optimized_prompt, body.results.model_a.output)));
    expect(body.results.model_b.scores).toEqual(withTotal(heuristicJudge(body.optimized_prompt, body.results.model_b.output)));
    expect(body.verdict).toContain('deterministic heuristic (gamma/judge-chatty gave no usable scores)');
  });

  it('falls back to the heuristic when the judge provider fails', async () => {
    const body = CompareResponseSchema.parse(await scoreCompare(INPUT, contextFor(compareConfig({ judge: 'fail-500' }))));
    expect(body.verdict).toContain('deterministic heuristic');
  });

  it('fails with provider_failed when a compared model fails', async () => {
    const e = await rejection(scoreCompare(INPUT, contextFor(compareConfig({ b: 'fail-429' }))));
    expect(e).toMatchObject({ code: 'provider_failed', message: expect.stringContaining('beta/fail-429') });
  });

  it('is provider_unconfigured when comparison is not configured', async () => {
    const config = configWith([{ name: 'alpha', base_url: alpha.baseUrl, models: ['m'] }]);
    expect(await rejection(scoreCompare(INPUT, contextFor(config)))).toMatchObject({ code: 'provider_unconfigured' });
    expect(alpha.chatRequests()).toHaveLength(0);
  });
});
