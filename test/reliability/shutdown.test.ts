// SIGTERM under keep-alive load, in the production shape (API, score pool and llm pool as separate
// processes): the API stops taking requests, answers what is in flight with `Connection: close`,
// exits 0 within its grace period; no request is reset, and every charge has a delivered body.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../../api/auth/key-store.js';
import { AuditLog } from '../../api/payments/audit.js';
import { createRedis, type Redis } from '../../shared/redis.js';
import { ProxyResponseSchema, ScoreResponseSchema } from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { testEnv } from '../helpers/harness.js';
import { killChildren, startProcess, waitReady } from '../helpers/processes.js';
import { freePort } from '../helpers/redis-server.js';

type Result = { status: number; connection: string; body: string } | { error: string };

/** One POST on a kept-alive socket of `agent`, with Node's own client (its errors carry codes). */
function post(agent: Agent, url: string, path: string, body: unknown, headers: Record<string, string>): Promise<Result> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: String(res.headers.connection ?? ''), body: text }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(JSON.stringify(body));
  });
}

/** A refused connection is a clear "not here" to a client; anything else mid-request is a reset. */
const isRefused = (r: Result) => 'error' in r && r.error === 'ECONNREFUSED';

describe('SIGTERM under keep-alive load', { timeout: 120_000 }, () => {
  let provider: FakeOpenAI;
  let redis: Redis;

  beforeAll(async () => {
    provider = await startFakeOpenAI();
  });
  afterAll(async () => {
    killChildren();
    redis?.disconnect();
    await provider?.close();
  });

  async function startService(env: Record<string, string>) {
    const port = await freePort();
    const all = testEnv({
      PORT: String(port),
      LOG_LEVEL: 'info',
      LLM_PROVIDERS: JSON.stringify([{ name: 'p', base_url: provider.baseUrl, models: ['slow-1500', 'slow-6000'], max_retries: 0, max_concurrency: 16 }]),
      ...env,
    });
    const api = startProcess('api/main.ts', [], all);
    const score = startProcess('workers/main.ts', ['--pool', 'score'], all);
    const llm = startProcess('workers/main.ts', ['--pool', 'llm'], all);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url);
    redis ??= createRedis(all.REDIS_URL!, 'shutdown-test');
    const keys = new KeyStore(redis, all.QUEUE_PREFIX!);
    const { key, record } = await keys.create('solo', 'load');
    const audit = new AuditLog(redis, all.QUEUE_PREFIX!, 10_000);
    return { api, score, llm, url, keys, audit, keyId: record.id, auth: { authorization: `Bearer ${key}` } };
  }

  it('finishes in-flight work, resets nothing, exits 0, and charges only delivered answers', async () => {
    const s = await startService({ SHUTDOWN_GRACE_MS: '15000' });
    const agent = new Agent({ keepAlive: true, maxSockets: 12 });
    const scored: Result[] = [];
    let stop = false;
    // Eight clients, each sending its next request on its kept-alive socket as soon as it has an answer.
    const loops = Array.from({ length: 8 }, async (_, i) => {
      while (!stop) {
        const r = await post(agent, s.url, '/api/score', { prompt: `Summarize ticket ${i} in 3 bullets` }, s.auth);
        scored.push(r);
        if ('error' in r) break;
      }
    });
    // The load runs (more answers than clients) before the slow calls start: on a loaded machine the
    // slow calls could otherwise reach the provider before the clients have had their first answers.
    while (scored.length <= 8 && !scored.some((r) => 'error' in r)) await new Promise((r) => setTimeout(r, 20));
    // Four slow model calls that will be in flight when SIGTERM comes.
    const seen = provider.chatRequests().length;
    const slow = Array.from({ length: 4 }, () => post(agent, s.url, '/api/proxy/llm', { prompt: 'Say hello', model: 'slow-1500' }, s.auth));
    while (provider.chatRequests().length < seen + 4) await new Promise((r) => setTimeout(r, 20));
    const before = scored.length;

    const signalled = Date.now();
    s.api.child.kill('SIGTERM');
    const slowResults = await Promise.all(slow);
    expect(await s.api.exited).toBe(0);
    const stoppedInMs = Date.now() - signalled;
    stop = true;
    await Promise.all(loops);
    agent.destroy();

    // The load was running, and it went on while the API drained, until connections were refused.
    expect(before).toBeGreaterThan(8);
    const answered = scored.filter((r): r is Extract<Result, { status: number }> => 'status' in r);
    const failures = scored.filter((r) => 'error' in r);
    expect(failures.filter((r) => !isRefused(r))).toEqual([]);
    expect(answered.every((r) => r.status === 200)).toBe(true);
    for (const r of answered.slice(-8)) ScoreResponseSchema.parse(JSON.parse(r.body));
    expect(answered.some((r) => r.connection === 'close')).toBe(true);
    // The slow calls in flight at SIGTERM were finished and delivered.
    for (const r of slowResults) {
      expect(r).toMatchObject({ status: 200, connection: 'close' });
      ProxyResponseSchema.parse(JSON.parse((r as { body: string }).body));
    }
    expect(stoppedInMs).toBeLessThan(15_000);
    expect(s.api.output()).toContain('API stopped');

    // Charged exactly what was delivered: one metered call per 200 received, nothing else.
    const usage = Object.fromEntries((await s.keys.usage(s.keyId)).map((l) => [l.endpoint, l.count]));
    expect(usage).toEqual({ '/api/score': answered.length, '/api/proxy/llm': 4 });
    // And each has its audit record, though written after its answer: the API waited for them before it exited.
    const metered = (await s.audit.tail(10_000)).filter((r) => r.outcome === 'metered');
    expect(metered.filter((r) => r.endpoint === '/api/score')).toHaveLength(answered.length);
    expect(metered.filter((r) => r.endpoint === '/api/proxy/llm')).toHaveLength(4);

    for (const p of [s.score, s.llm]) p.child.kill('SIGTERM');
    expect(await Promise.all([s.score.exited, s.llm.exited])).toEqual([0, 0]);
  });

  it('past the grace period, a request still waiting is answered 503, not charged, and the API exits 0', async () => {
    const s = await startService({ SHUTDOWN_GRACE_MS: '1000' });
    const agent = new Agent({ keepAlive: true });
    const seen = provider.chatRequests().length;
    const waiting = post(agent, s.url, '/api/proxy/llm', { prompt: 'Say hello', model: 'slow-6000' }, s.auth);
    while (provider.chatRequests().length < seen + 1) await new Promise((r) => setTimeout(r, 20));

    const signalled = Date.now();
    s.api.child.kill('SIGTERM');
    const r = await waiting;
    expect(r).toMatchObject({ status: 503, connection: 'close' });
    expect(JSON.parse((r as { body: string }).body)).toMatchObject({ code: 'not_ready' });
    expect(await s.api.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(await s.keys.usage(s.keyId)).toEqual([]);
    agent.destroy();

    for (const p of [s.score, s.llm]) p.child.kill('SIGTERM');
    expect(await Promise.all([s.score.exited, s.llm.exited])).toEqual([0, 0]);
  });
});
