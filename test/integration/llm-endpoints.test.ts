// The model-backed endpoints through the real API, queue and workers, with fake providers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompareResponseSchema,
  ErrorBodySchema,
  FullResponseSchema,
  ModelListResponseSchema,
  ProxyResponseSchema,
} from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const PROMPT = 'Explain how a hash map handles collisions';

describe('model-backed endpoints with providers', () => {
  let alpha: FakeOpenAI;
  let beta: FakeOpenAI;
  let gamma: FakeOpenAI;
  let h: Harness;
  let auth: Record<string, string>;

  beforeAll(async () => {
    [alpha, beta, gamma] = await Promise.all([startFakeOpenAI(), startFakeOpenAI(), startFakeOpenAI()]);
    const entry = (name: string, base_url: string, models: string[]) => ({ name, base_url, models, max_retries: 0 });
    h = await startHarness({
      env: {
        LLM_PROVIDERS: JSON.stringify([
          { ...entry('alpha', alpha.baseUrl, ['runner', 'fail-500']), aliases: { fast: 'runner' } },
          entry('beta', beta.baseUrl, ['model-b']),
          entry('gamma', gamma.baseUrl, ['judge']),
        ]),
        LLM_COMPARE_MODEL_A: 'runner',
        LLM_COMPARE_MODEL_B: 'model-b',
        LLM_JUDGE_MODEL: 'judge',
      },
    });
    auth = { authorization: `Bearer ${await h.createKey()}` };
  });
  afterAll(async () => {
    await h?.close();
    await Promise.all([alpha, beta, gamma].map((f) => f?.close()));
  });

  it('POST /api/score/full rewrites, runs both prompts on the run model and answers the full body', async () => {
    alpha.reset();
    const res = await h.post('/api/score/full', { prompt: PROMPT, vertical: 'software' }, auth);
    expect(res.status).toBe(200);
    const body = FullResponseSchema.parse(res.body);
    expect(alpha.chatRequests('runner').map((r) => r.messages?.[0]?.content).sort()).toEqual([PROMPT, body.optimized.prompt].sort());
    expect(body.original.output).toContain(`Answer to: ${PROMPT}`);
  });

  it('POST /api/v1/optimize answers the full body to a subscription key', async () => {
    const res = await h.post('/api/v1/optimize', { prompt: PROMPT }, { authorization: `Bearer ${await h.createKey('solo')}` });
    expect(res.status).toBe(200);
    FullResponseSchema.parse(res.body);
  });

  it('POST /api/score/compare runs two providers and the judge on a third', async () => {
    [alpha, beta, gamma].forEach((f) => f.reset());
    const res = await h.post('/api/score/compare', { prompt: PROMPT }, auth);
    expect(res.status).toBe(200);
    const body = CompareResponseSchema.parse(res.body);
    expect([body.results.model_a.model, body.results.model_b.model]).toEqual(['alpha/runner', 'beta/model-b']);
    expect([alpha.chatRequests().length, beta.chatRequests().length, gamma.chatRequests().length]).toEqual([1, 1, 2]);
  });

  it('POST /api/proxy/llm answers the score and the completion', async () => {
    const res = await h.post('/api/proxy/llm', { prompt: PROMPT, model: 'fast' }, auth);
    expect(res.status).toBe(200);
    const body = ProxyResponseSchema.parse(res.body);
    expect(body.llm).toMatchObject({ model: 'alpha/runner', web_search_enabled: false });
  });

  it('POST /api/proxy/llm reports a provider failure in llm.error with status 200, and does not charge it', async () => {
    const { key, record } = await h.api.deps.keys.create('solo', 'proxy-failure');
    const bearer = { authorization: `Bearer ${key}` };
    const res = await h.post('/api/proxy/llm', { prompt: PROMPT, model: 'alpha/fail-500' }, bearer);
    expect(res.status).toBe(200);
    const body = ProxyResponseSchema.parse(res.body);
    expect(body.llm).toMatchObject({ error: expect.stringContaining('HTTP 500') });
    expect(body.meta.price_paid_usdc).toBe(0);
    expect(await h.api.deps.keys.usage(record.id)).toEqual([]);
    // A successful completion is charged.
    const ok = await h.post('/api/proxy/llm', { prompt: PROMPT, model: 'fast' }, bearer);
    expect(ProxyResponseSchema.parse(ok.body).meta.price_paid_usdc).toBe(0.05);
    expect(await h.api.deps.keys.usage(record.id)).toEqual([{ endpoint: '/api/proxy/llm', count: 1, usd_owed: 0.05 }]);
  });

  it('POST /api/proxy/llm rejects an unknown model with 400 before any payment challenge', async () => {
    alpha.reset();
    for (const headers of [{}, auth]) {
      const res = await h.post('/api/proxy/llm', { prompt: PROMPT, model: 'gpt-99' }, headers);
      expect(res.status).toBe(400);
      expect(ErrorBodySchema.parse(res.body).code).toBe('unknown_model');
      expect(res.headers.get('payment-required')).toBeNull();
    }
    expect(alpha.chatRequests()).toHaveLength(0);
  });

  it('GET /api/proxy/llm/models lists qualified ids, aliases and the default, for free', async () => {
    const res = await h.request('/api/proxy/llm/models');
    expect(res.status).toBe(200);
    const body = ModelListResponseSchema.parse(res.body);
    // SPEC, Versioning: every success body but the quick grade's carries svc_version "2.0".
    expect(res.body.svc_version).toBe('2.0');
    expect(body.default_model).toBe('alpha/runner');
    expect(body.models).toContainEqual({ id: 'alpha/runner', provider: 'alpha', aliases: ['fast'] });
    expect(body.models.map((m) => m.id)).toEqual(['alpha/runner', 'alpha/fail-500', 'beta/model-b', 'gamma/judge']);
  });
});

describe('model-backed endpoints without providers', () => {
  let h: Harness;
  let auth: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    auth = { authorization: `Bearer ${await h.createKey()}` };
  });
  afterAll(() => h?.close());

  it('answers 503 provider_unavailable on full, compare and proxy', async () => {
    for (const path of ['/api/score/full', '/api/score/compare', '/api/proxy/llm']) {
      const res = await h.post(path, { prompt: PROMPT }, auth);
      expect({ path, status: res.status, code: res.body?.code }).toEqual({ path, status: 503, code: 'provider_unavailable' });
    }
  });

  it('answers 503 before any challenge or key check, whatever the body: nobody is asked to sign for it', async () => {
    for (const path of ['/api/score/full', '/api/score/full/sol', '/api/score/compare', '/api/score/compare/sol', '/api/proxy/llm']) {
      for (const [body, headers] of [
        [{ prompt: PROMPT }, {}],
        [{}, {}],
        [{ prompt: PROMPT }, { authorization: 'Bearer pgk_nope' }],
        [{ prompt: PROMPT }, { 'payment-signature': 'anything' }],
      ] as const) {
        const res = await h.post(path, body, headers);
        expect({ path, status: res.status, code: res.body?.code }).toEqual({ path, status: 503, code: 'provider_unavailable' });
        expect(res.headers.get('payment-required')).toBeNull();
      }
    }
    for (const headers of [{}, auth, { authorization: `Bearer ${await h.createKey('team')}` }]) {
      const res = await h.post('/api/v1/optimize', { prompt: PROMPT }, headers);
      expect([res.status, res.body.code]).toEqual([503, 'provider_unavailable']);
    }
  });

  it('still refuses a named model with 400 unknown_model before payment', async () => {
    const res = await h.post('/api/proxy/llm', { prompt: PROMPT, model: 'gpt-nonexistent' });
    expect([res.status, res.body.code]).toEqual([400, 'unknown_model']);
  });

  it('does not meter a call refused for want of a provider', async () => {
    const { key, record } = await h.api.deps.keys.create('solo', 'no-provider');
    await h.post('/api/proxy/llm', { prompt: PROMPT }, { authorization: `Bearer ${key}` });
    expect(await h.api.deps.keys.usage(record.id)).toEqual([]);
  });

  it('lists no models', async () => {
    const res = await h.request('/api/proxy/llm/models');
    expect(ModelListResponseSchema.parse(res.body)).toMatchObject({ default_model: null, models: [] });
  });
});
