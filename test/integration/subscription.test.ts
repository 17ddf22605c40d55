// /api/v1/optimize: bearer keys with a subscription tier only, with per-tier rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, OptimizeResponseSchema } from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const PROMPT = 'Explain the CAP theorem';

describe('/api/v1/optimize', () => {
  let provider: FakeOpenAI;
  let h: Harness;

  beforeAll(async () => {
    provider = await startFakeOpenAI();
    h = await startHarness({
      env: {
        LLM_PROVIDERS: JSON.stringify([{ name: 'local', base_url: provider.baseUrl, models: ['runner'], max_retries: 0 }]),
        OPTIMIZE_RATE_LIMIT_SOLO_PER_MIN: '2',
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });

  const optimize = (headers: Record<string, string> = {}) => h.post('/api/v1/optimize', { prompt: PROMPT }, headers);
  const code = (res: { body: unknown }) => ErrorBodySchema.parse(res.body).code;

  it('answers the /api/score/full body to a subscription key', async () => {
    const res = await optimize({ authorization: `Bearer ${await h.createKey('team')}` });
    expect(res.status).toBe(200);
    const body = OptimizeResponseSchema.parse(res.body);
    expect(body.original.prompt).toBe(PROMPT);
    expect(body.optimized.score.total).toBeGreaterThanOrEqual(body.original.score.total);
  });

  it('needs a bearer key: none is 401, and an x402 payment is not accepted', async () => {
    const none = await optimize();
    expect(none.status).toBe(401);
    expect(code(none)).toBe('api_key_required');
    const paid = await optimize({ 'x-payment': 'eyJ4NDAyVmVyc2lvbiI6MX0=' });
    expect(paid.status).toBe(401);
  });

  it('refuses a wrong key with 401 and a free-tier key with 402', async () => {
    const wrong = await optimize({ authorization: 'Bearer pgk_nope' });
    expect([wrong.status, code(wrong)]).toEqual([401, 'invalid_api_key']);
    const free = await optimize({ authorization: `Bearer ${await h.createKey('free')}` });
    expect([free.status, code(free)]).toEqual([402, 'subscription_required']);
  });

  it('applies the per-tier limit per key: the 3rd solo call in a minute is 429', async () => {
    const key = await h.createKey('solo');
    const auth = { authorization: `Bearer ${key}` };
    expect((await optimize(auth)).status).toBe(200);
    expect((await optimize(auth)).status).toBe(200);
    const third = await optimize(auth);
    expect([third.status, code(third)]).toEqual([429, 'rate_limited']);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another solo key has its own budget; an enterprise key a larger one.
    expect((await optimize({ authorization: `Bearer ${await h.createKey('solo')}` })).status).toBe(200);
  });

  it('validates the body like /api/score/full', async () => {
    const res = await h.post('/api/v1/optimize', { prompt: '' }, { authorization: `Bearer ${await h.createKey('business')}` });
    expect([res.status, code(res)]).toEqual([400, 'invalid_request']);
  });
});
