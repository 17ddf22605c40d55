// The production shape: the API and each worker pool as separate processes, stopped by SIGTERM.
import { afterAll, describe, expect, it } from 'vitest';
import { FreeScoreResponseSchema } from '../../shared/schemas/responses.js';
import { freePort } from '../helpers/redis-server.js';
import { startFakeOpenAI } from '../helpers/fake-openai.js';
import { testEnv } from '../helpers/harness.js';
import { createKeyVia, killChildren, startProcess as start, waitReady } from '../helpers/processes.js';

afterAll(killChildren);

describe('separate processes', { timeout: 90_000 }, () => {
  it('serves with API, score pool and llm pool in three processes, and all exit 0 on SIGTERM', async () => {
    const port = await freePort();
    const env = testEnv({ PORT: String(port), LOG_LEVEL: 'info' });
    const api = start('api/main.ts', [], env);
    const score = start('workers/main.ts', ['--pool', 'score'], env);
    const llm = start('workers/main.ts', ['--pool', 'llm'], env);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url);

    const res = await fetch(`${url}/api/score/free`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'List 3 uses of Redis streams.' }) });
    expect(res.status).toBe(200);
    FreeScoreResponseSchema.parse(await res.json());
    expect(score.output()).toContain('worker pools started');
    expect(score.output()).toContain('"pools":["score"]');
    expect(llm.output()).toContain('"pools":["llm"]');

    for (const p of [api, score, llm]) p.child.kill('SIGTERM');
    expect(await Promise.all([api.exited, score.exited, llm.exited])).toEqual([0, 0, 0]);
    expect(api.output()).toContain('API stopped');
  }, 60_000);

  it('finishes in-flight work on SIGTERM before exiting', async () => {
    const provider = await startFakeOpenAI();
    try {
      const port = await freePort();
      const env = testEnv({
        PORT: String(port),
        LLM_PROVIDERS: JSON.stringify([{ name: 'p', base_url: provider.baseUrl, models: ['slow-1500'], max_retries: 0 }]),
      });
      const api = start('api/main.ts', [], env);
      const workers = start('workers/main.ts', [], env);
      const url = `http://127.0.0.1:${port}`;
      await waitReady(url);
      const key = await createKeyVia(env);

      const inFlight = fetch(`${url}/api/proxy/llm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ prompt: 'Say hello' }),
      });
      // Stop both once the slow completion is under way.
      while (provider.chatRequests().length === 0) await new Promise((r) => setTimeout(r, 20));
      api.child.kill('SIGTERM');
      workers.child.kill('SIGTERM');

      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ llm: { model: 'p/slow-1500', content: expect.any(String) } });
      expect(await Promise.all([api.exited, workers.exited])).toEqual([0, 0]);
    } finally {
      await provider.close();
    }
  }, 60_000);

  it('refuses to start on a bad setting and names it', async () => {
    const bad = start('api/main.ts', [], testEnv({ PORT: 'eighty', REDIS_URL: 'http://nope' }));
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('REDIS_URL');
  });

  it('refuses to start with x402 on and no recipient', async () => {
    const bad = start('api/main.ts', [], testEnv({ X402_EVM_PAY_TO: '' }));
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toContain('X402_EVM_PAY_TO');
  });

  it('refuses a malformed recipient address with exit code 78', async () => {
    const bad = start('main.ts', [], testEnv({ X402_EVM_PAY_TO: '0xnothex' }));
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toContain('X402_EVM_PAY_TO');
  });

  it('refuses an unknown pool name', async () => {
    const bad = start('workers/main.ts', ['--pool', 'gpu'], testEnv());
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toContain('--pool must be one of score, llm');
  });
});
