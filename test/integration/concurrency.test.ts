// WORKER_LLM_CONCURRENCY bounds how many model jobs one llm-pool process runs at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyResponseSchema } from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startHarness, type Harness } from '../helpers/harness.js';

describe('worker concurrency', () => {
  let provider: FakeOpenAI;
  let h: Harness;

  beforeAll(async () => {
    provider = await startFakeOpenAI();
    h = await startHarness({
      pools: ['llm'],
      env: {
        WORKER_LLM_CONCURRENCY: '2',
        LLM_PROVIDERS: JSON.stringify([{ name: 'p', base_url: provider.baseUrl, models: ['slow-300'], max_concurrency: 50, max_retries: 0 }]),
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });

  it('runs at most WORKER_LLM_CONCURRENCY model jobs at once and still answers every request', async () => {
    const key = await h.createKey('solo');
    const calls = Array.from({ length: 6 }, (_, i) =>
      h.post('/api/proxy/llm', { prompt: `question ${i}` }, { authorization: `Bearer ${key}` }),
    );
    const results = await Promise.all(calls);
    for (const res of results) {
      expect(res.status).toBe(200);
      expect(ProxyResponseSchema.parse(res.body).llm).toHaveProperty('content');
    }
    expect(provider.maxInFlight()).toBe(2);
    expect(h.workers.workers[0]!.concurrency).toBe(2);
  });
});
