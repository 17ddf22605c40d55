// A worker that dies mid-job (SIGKILL) does not hold its jobs: once its locks lapse, another
// worker of the pool retries them (the client still gets its answer, charged once) or, when a job
// stalls again, fails it (502 job_failed, never charged), within seconds (POOL_LOCKS in
// workers/pool.ts). API and pools run as separate processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../../api/auth/key-store.js';
import { createRedis, type Redis } from '../../shared/redis.js';
import { ProxyResponseSchema } from '../../shared/schemas/responses.js';
import { POOL_LOCKS } from '../../workers/pool.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { testEnv } from '../helpers/harness.js';
import { type ChildRun, killChildren, startProcess, waitReady } from '../helpers/processes.js';
import { freePort } from '../helpers/redis-server.js';

const MODEL = 'held';
/** Model calls take this long until a test says otherwise: the job is surely running when its worker is killed. */
const HELD_MS = 60_000;
/**
 * Death to retry: the lock lapses, then the next stalled check runs (BullMQ marks a job at one
 * check and moves it at the next if its lock is gone), plus a margin for a loaded 2-core machine.
 */
const DETECTED_WITHIN_MS = POOL_LOCKS.llm.lockDuration + 2 * POOL_LOCKS.llm.stalledInterval + 4_000;

describe('a worker killed mid-job', { timeout: 120_000 }, () => {
  let provider: FakeOpenAI;
  let redis: Redis;
  let env: Record<string, string>;
  let url: string;
  let keys: KeyStore;

  beforeAll(async () => {
    provider = await startFakeOpenAI();
    const port = await freePort();
    env = testEnv({
      PORT: String(port),
      LOG_LEVEL: 'info',
      LLM_PROVIDERS: JSON.stringify([{ name: 'p', base_url: provider.baseUrl, models: [MODEL], max_retries: 0 }]),
    });
    startProcess('api/main.ts', [], env);
    startProcess('workers/main.ts', ['--pool', 'score'], env);
    url = `http://127.0.0.1:${port}`;
    redis = createRedis(env.REDIS_URL!, 'worker-kill-test');
    keys = new KeyStore(redis, env.QUEUE_PREFIX!);
  });
  afterAll(async () => {
    killChildren();
    redis?.disconnect();
    await provider?.close();
  });

  /** An llm worker process, once its pool runs. */
  async function llmWorker(): Promise<ChildRun> {
    const worker = startProcess('workers/main.ts', ['--pool', 'llm'], env);
    while (!worker.output().includes('worker pools started')) await new Promise((r) => setTimeout(r, 50));
    return worker;
  }

  /** Waits for the model to have received `count` calls in all; returns when the last one came. */
  async function modelCalls(count: number, withinMs: number): Promise<number> {
    const until = Date.now() + withinMs;
    while (provider.chatRequests().length < count) {
      if (Date.now() > until) throw new Error(`model call ${count} did not come within ${withinMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return Date.now();
  }

  /** A paid model call whose job runs on a first llm worker, with a second worker standing by. */
  async function jobUnderWay(name: string) {
    provider.reset();
    provider.setBehavior(MODEL, { delayMs: HELD_MS });
    const first = await llmWorker();
    await waitReady(url);
    const { key, record } = await keys.create('solo', name);
    const answer = fetch(`${url}/api/proxy/llm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ prompt: 'Say hello in French' }),
    });
    await modelCalls(1, 10_000);
    return { first, second: await llmWorker(), answer, keyId: record.id };
  }

  it('retries the job on another worker within seconds: answered, charged once', async () => {
    const { first, second, answer, keyId } = await jobUnderWay('retried');
    provider.setBehavior(MODEL, { delayMs: 200 }); // the retry answers at once
    const killed = Date.now();
    first.child.kill('SIGKILL');
    const retriedAt = await modelCalls(2, 30_000);
    expect(retriedAt - killed).toBeLessThan(DETECTED_WITHIN_MS);

    const res = await answer;
    expect(res.status).toBe(200);
    ProxyResponseSchema.parse(await res.json());
    expect(await keys.usage(keyId)).toEqual([{ endpoint: '/api/proxy/llm', count: 1, usd_owed: 0.05 }]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('fails a job that stalls twice: 502 job_failed within seconds, never charged', async () => {
    const { first, second, answer, keyId } = await jobUnderWay('failed');
    first.child.kill('SIGKILL');
    await modelCalls(2, 30_000);
    // The retry's worker dies too; a third worker finds the job stalled a second time.
    const third = await llmWorker();
    const killed = Date.now();
    second.child.kill('SIGKILL');

    const res = await answer;
    expect(Date.now() - killed).toBeLessThan(DETECTED_WITHIN_MS);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'job_failed' });
    expect(provider.chatRequests()).toHaveLength(2);
    expect(await keys.usage(keyId)).toEqual([]);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
