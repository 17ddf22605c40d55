// score.full over real SDK clients and fake providers: rewrite, run both prompts, score both.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FullResponseSchema } from '../../shared/schemas/responses.js';
import { scorePrompt } from '../../shared/scoring/index.js';
import { bestEngineRewrite } from '../../workers/processors/llm-steps.js';
import { scoreFull } from '../../workers/processors/score-full.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { configWith, contextFor, rejection } from '../providers/support.js';

const PROMPT = 'write a blog post about unit testing';
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const provider = (models: string[]) => [{ name: 'p', base_url: fake.baseUrl, models, max_retries: 0 }];


describe('score.full', () => {
  it('rewrites with the engine, runs both prompts on the run model and scores both', async () => {
    const config = configWith(provider(['runner']), { LLM_RUN_MODEL: 'runner' });
    const body = FullResponseSchema.parse(await scoreFull({ prompt: PROMPT, vertical: 'content' }, contextFor(config)));

    const engine = bestEngineRewrite(PROMPT, 'content');
    expect(body.original.prompt).toBe(PROMPT);
    expect(body.optimized.prompt).toBe(engine.prompt);
    expect(body.original.score.total).toBe(scorePrompt(PROMPT, 'content').total);
    expect(body.optimized.score.total).toBe(engine.score.total);
    expect(body.improvement_pct).toBe(Math.round(((body.optimized.score.total - body.original.score.total) / body.original.score.total) * 100));
    expect(body.improvement_pct).toBeGreaterThan(0);
    expect(body.explanation).toContain(engine.by);

    const sent = fake.chatRequests('runner').map((r) => r.messages);
    expect(sent).toHaveLength(2);
    expect(sent).toContainEqual([{ role: 'user', content: PROMPT }]);
    expect(sent).toContainEqual([{ role: 'user', content: engine.prompt }]);
    expect(body.original.output).toContain(`Answer to: ${PROMPT}`);
    expect(body.optimized.output).not.toBe(body.original.output);
  });

  it('rewrites with LLM_REWRITE_MODEL when configured', async () => {
    const config = configWith(provider(['runner', 'rewriter']), { LLM_RUN_MODEL: 'runner', LLM_REWRITE_MODEL: 'rewriter' });
    const body = FullResponseSchema.parse(await scoreFull({ prompt: PROMPT, vertical: 'general' }, contextFor(config)));
    const [rewriteCall] = fake.chatRequests('rewriter');
    expect(rewriteCall?.messages?.[0]?.role).toBe('system');
    expect(rewriteCall?.messages?.[1]).toEqual({ role: 'user', content: PROMPT });
    expect(body.optimized.prompt).toMatch(/^You are a senior domain expert/);
    expect(body.optimized.score.total).toBe(scorePrompt(body.optimized.prompt, 'general').total);
    expect(body.explanation).toContain('p/rewriter');
    expect(fake.chatRequests('runner').map((r) => r.messages?.[0]?.content)).toContain(body.optimized.prompt);
  });

  it('falls back to the engine rewrite when the rewrite model fails', async () => {
    const config = configWith(provider(['runner', 'fail-500']), { LLM_RUN_MODEL: 'runner', LLM_REWRITE_MODEL: 'fail-500' });
    const body = FullResponseSchema.parse(await scoreFull({ prompt: PROMPT, vertical: 'general' }, contextFor(config)));
    expect(body.optimized.prompt).toBe(bestEngineRewrite(PROMPT, 'general').prompt);
  });

  it('fails with provider_failed when the run model fails', async () => {
    const config = configWith(provider(['fail-500']));
    expect(await rejection(scoreFull({ prompt: PROMPT, vertical: 'general' }, contextFor(config)))).toMatchObject({ code: 'provider_failed' });
  });

  it('is provider_unconfigured without providers, before calling anything', async () => {
    const e = await rejection(scoreFull({ prompt: PROMPT, vertical: 'general' }, contextFor(configWith(undefined))));
    expect(e).toMatchObject({ code: 'provider_unconfigured' });
  });

  it('stops with 504 timeout when the job signal aborts', async () => {
    const config = configWith(provider(['slow-3000']));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const e = await rejection(scoreFull({ prompt: PROMPT, vertical: 'general' }, contextFor(config, controller.signal)));
    expect(e).toMatchObject({ code: 'timeout' });
  });
});
