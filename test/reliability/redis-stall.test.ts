// A stalled Redis (`kill -STOP`) fails requests fast instead of holding them: every Redis call on
// the request path (key lookup, rate limiter, replay guard, job add) gives up after
// REDIS_COMMAND_TIMEOUT_MS (1 s by default) with 503 `not_ready`, a request already waiting on its
// job is answered 503 as soon as the stall is seen, /readyz answers 503 within 1 s,
// and after `kill -CONT` the same processes serve again without a restart. The API, score pool and
// llm pool run as separate processes against a Redis of this test's own (in the cluster project, a
// cluster whose masters all stall).
import { encodePaymentSignatureHeader, decodePaymentRequiredHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../../api/auth/key-store.js';
import { createRedis, type Redis } from '../../shared/redis.js';
import { ErrorBodySchema, ScoreResponseSchema } from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startTestFacilitator, type TestFacilitator } from '../helpers/facilitator.js';
import { testEnv } from '../helpers/harness.js';
import { type ChildRun, killChildren, startProcess, waitReady } from '../helpers/processes.js';
import { type OwnRedis, startOwnRedis } from '../helpers/own-redis.js';
import { freePort } from '../helpers/redis-server.js';

/** "About 1 s": the 1 s command timeout plus the request's own work on a busy 2-core machine. */
const ABOUT_ONE_SECOND_MS = 2_000;

describe('a stalled Redis', { timeout: 120_000 }, () => {
  let redisServer: OwnRedis;
  let facilitator: TestFacilitator;
  let provider: FakeOpenAI;
  let redis: Redis;
  let api: ChildRun;
  let url: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    redisServer = await startOwnRedis();
    facilitator = await startTestFacilitator();
    provider = await startFakeOpenAI();
    const port = await freePort();
    const env = testEnv({
      PORT: String(port),
      REDIS_URL: redisServer.url,
      X402_FACILITATOR_URL: facilitator.url,
      LLM_PROVIDERS: JSON.stringify([{ name: 'p', base_url: provider.baseUrl, models: ['slow-20000'], max_retries: 0 }]),
    });
    api = startProcess('api/main.ts', [], env);
    startProcess('workers/main.ts', ['--pool', 'score'], env);
    startProcess('workers/main.ts', ['--pool', 'llm'], env);
    url = `http://127.0.0.1:${port}`;
    await waitReady(url);
    redis = createRedis(redisServer.url, 'stall-test');
    auth = { authorization: `Bearer ${(await new KeyStore(redis, env.QUEUE_PREFIX!).create('solo', 'stall')).key}` };
  });
  afterAll(async () => {
    killChildren();
    redis?.disconnect();
    await redisServer?.stop();
    await facilitator?.close();
    await provider?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** A payment signed by the real client for /api/score, ready to send. */
  async function signedPayment(): Promise<string> {
    const challenge = await post('/api/score', { prompt: 'hi' });
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required') ?? '');
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));
    return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
  }

  it('answers 503 not_ready within about 1 s on every Redis path, and recovers after SIGCONT without a restart', async () => {
    expect((await post('/api/score', { prompt: 'Summarize this report' }, auth)).status).toBe(200);
    const payment = await signedPayment();
    // A model call under way when Redis stalls: its waiter must not wait out the 60 s llm timeout.
    const waiting = post('/api/proxy/llm', { prompt: 'Say hello', model: 'slow-20000' }, auth);
    while (provider.chatRequests().length === 0) await new Promise((r) => setTimeout(r, 20));

    const stalled = Date.now();
    for (const pid of redisServer.pids) process.kill(pid, 'SIGSTOP');
    try {
      const inFlight = await waiting;
      expect(inFlight.status).toBe(503);
      expect(ErrorBodySchema.parse(await inFlight.json()).code).toBe('not_ready');
      expect(Date.now() - stalled).toBeLessThan(ABOUT_ONE_SECOND_MS);

      const calls: [string, () => Promise<Response>][] = [
        ['key lookup', () => post('/api/score', { prompt: 'Summarize this report' }, auth)],
        ['free-tier rate limiter', () => post('/api/score/free', { prompt: 'Summarize this report' })],
        ['replay guard', () => post('/api/score', { prompt: 'Summarize this report' }, { 'payment-signature': payment })],
        ['job add (a preview has no other Redis call)', () => post('/api/fix-injection', { preview: true })],
      ];
      // Several at once, as under load: none waits for the stall to end.
      const results = await Promise.all(
        [...calls, ...calls, ...calls].map(async ([what, call]) => {
          const started = Date.now();
          const res = await call();
          return { what, status: res.status, code: ErrorBodySchema.parse(await res.json()).code, ms: Date.now() - started };
        }),
      );
      for (const r of results) {
        expect(r, r.what).toMatchObject({ status: 503, code: 'not_ready' });
        expect(r.ms, r.what).toBeLessThan(ABOUT_ONE_SECOND_MS);
      }

      // Pipelined and MULTI commands get the bound too (ioredis arms it per command): what
      // pipelining the per-request commands relies on. (One hash tag: a cluster takes a MULTI or a
      // pipeline within one slot only.)
      const bounded = createRedis(redisServer.url, 'stall-bounded', { commandTimeoutMs: 300 });
      try {
        const t0 = Date.now();
        const [multi, pipeline] = await Promise.allSettled([
          bounded.multi().incr('{stall}:a').incr('{stall}:b').exec(),
          bounded.pipeline().get('{stall}:a').get('{stall}:b').exec(),
        ]);
        expect(multi).toMatchObject({ status: 'rejected', reason: { message: 'Command timed out' } });
        const results = pipeline.status === 'fulfilled' ? pipeline.value : [[pipeline.reason]];
        for (const [err] of results ?? []) expect(err).toMatchObject({ message: 'Command timed out' });
        expect(Date.now() - t0).toBeLessThan(1_000);
      } finally {
        bounded.disconnect();
      }

      const started = Date.now();
      const ready = await fetch(`${url}/readyz`);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ code: 'not_ready', checks: { redis: 'unreachable' } });
    } finally {
      for (const pid of redisServer.pids) process.kill(pid, 'SIGCONT');
    }

    // The same processes serve again once Redis answers.
    await waitReady(url, 15_000);
    const res = await post('/api/score', { prompt: 'Summarize this report' }, auth);
    expect(res.status).toBe(200);
    ScoreResponseSchema.parse(await res.json());
    expect((await post('/api/score/free', { prompt: 'Summarize this report' })).status).toBe(200);
    expect(api.child.exitCode).toBeNull();
  });
});
