// The metrics tell the truth: known traffic through the real app (x402 paid through the test
// facilitator, a bearer key, the free tier, a model provider), then every series read from the
// API's /metrics and the worker pools' own METRICS_PORT, parsed sample by sample and compared whole.
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, ProxyResponseSchema, ScoreResponseSchema } from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startTestFacilitator, type TestFacilitator } from '../helpers/facilitator.js';
import { type Harness, startHarness } from '../helpers/harness.js';
import { parseSamples, type Sample, series } from '../helpers/prometheus.js';

const TOKEN = 'metrics-admin-token-0123';
const admin = { authorization: `Bearer ${TOKEN}` };
const PROMPT = 'Summarize the attached quarterly report for the board in five bullet points';

/** Only the series of these routes: the scrapes themselves are requests too. */
const apiRoutes = (all: Record<string, number>) => Object.fromEntries(Object.entries(all).filter(([k]) => k.includes('route=/api/')));

describe('metrics under known traffic', () => {
  let facilitator: TestFacilitator;
  let provider: FakeOpenAI;
  let h: Harness;
  let bearer: Record<string, string>;
  const client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));

  beforeAll(async () => {
    [facilitator, provider] = await Promise.all([startTestFacilitator(), startFakeOpenAI()]);
    provider.setBehavior('flaky', { status: 500, failTimes: 1 });
    h = await startHarness({
      env: {
        X402_FACILITATOR_URL: facilitator.url,
        ADMIN_TOKEN: TOKEN,
        METRICS_PORT: '0',
        FREE_RATE_LIMIT_PER_MIN: '2',
        WORKER_SCORE_CONCURRENCY: '3',
        WORKER_LLM_CONCURRENCY: '5',
        LLM_PROVIDERS: JSON.stringify([
          { name: 'alpha', base_url: provider.baseUrl, models: ['runner', 'fail-500'], max_retries: 0 },
          { name: 'beta', base_url: provider.baseUrl, models: ['flaky'], max_retries: 1 },
        ]),
      },
    });
    bearer = { authorization: `Bearer ${await h.createKey()}` };
  });
  afterAll(async () => {
    await h?.close();
    await facilitator?.close();
    await provider?.close();
  });

  const scrapeApi = async (): Promise<Sample[]> => {
    const res = await h.request('/metrics', { headers: admin });
    expect(res.status).toBe(200);
    return parseSamples(res.body as string);
  };
  const scrapeWorkers = async (): Promise<Sample[]> => {
    const res = await fetch(h.workers.metricsServer!.url, { headers: admin });
    expect(res.status).toBe(200);
    return parseSamples(await res.text());
  };

  /** A paid call with a payment the real client signed against the route's challenge: the challenge, then the paid answer. */
  async function pay(path: string, body: unknown): Promise<{ res: Awaited<ReturnType<Harness['post']>>; payment: string }> {
    const challenge = await h.post(path, body);
    expect(challenge.status).toBe(402);
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required') ?? '');
    const payment = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    return { res: await h.post(path, body, { 'payment-signature': payment }), payment };
  }

  it('counts each request, payment, job and model call exactly once, under its real status and outcome', async () => {
    // Two paid successes.
    const first = await pay('/api/score', { prompt: PROMPT });
    expect(first.res.status).toBe(200);
    ScoreResponseSchema.parse(first.res.body);
    const second = await pay('/api/score', { prompt: PROMPT });
    expect(second.res.status).toBe(200);
    // A 400 (thrown by validation: recorded as 400, not as the 404 the router left).
    const bad = await h.post('/api/score', { prompt: '' }, bearer);
    expect(bad.status).toBe(400);
    ErrorBodySchema.parse(bad.body);
    // A failed settlement: the job ran and set 200, then the settlement failed: a 402, not charged.
    facilitator.failWrites = true;
    const failed = await pay('/api/score', { prompt: PROMPT });
    facilitator.failWrites = false;
    expect(failed.res.status).toBe(402);
    expect(ErrorBodySchema.parse(failed.res.body).code).toBe('settlement_failed');
    // A replayed payment.
    const replay = await h.post('/api/score', { prompt: PROMPT }, { 'payment-signature': first.payment });
    expect(ErrorBodySchema.parse(replay.body).code).toBe('payment_replayed');
    // A proxy call whose provider failed: a 200, not charged.
    const proxied = await h.post('/api/proxy/llm', { prompt: PROMPT, model: 'alpha/fail-500' }, bearer);
    expect(proxied.status).toBe(200);
    expect(ProxyResponseSchema.parse(proxied.body).llm).toHaveProperty('error');
    // The free tier, limited to 2 a minute: the third is refused.
    const free = [];
    for (let i = 0; i < 3; i++) free.push((await h.post('/api/score/free', { prompt: PROMPT })).status);
    expect(free).toEqual([200, 200, 429]);

    const api = await scrapeApi();
    expect(apiRoutes(series(api, 'promptgate_http_request_duration_seconds_count'))).toEqual({
      // 3 challenges of paid calls, the failed settlement and the replay.
      'method=POST,route=/api/score,status=402': 5,
      'method=POST,route=/api/score,status=200': 2,
      'method=POST,route=/api/score,status=400': 1,
      'method=POST,route=/api/proxy/llm,status=200': 1,
      'method=POST,route=/api/score/free,status=200': 2,
      'method=POST,route=/api/score/free,status=429': 1,
    });
    expect(series(api, 'promptgate_paid_calls_total')).toEqual({ 'auth=x402,route=/api/score': 2 });
    expect(series(api, 'promptgate_x402_payments_total')).toEqual({
      'outcome=verified,route=/api/score': 3,
      'outcome=settled,route=/api/score': 2,
      'outcome=settlement_failed,route=/api/score': 1,
      'outcome=replay_refused,route=/api/score': 1,
    });
    expect(series(api, 'promptgate_calls_not_charged_total')).toEqual({ 'auth=bearer,reason=provider_failed,route=/api/proxy/llm': 1 });
    expect(series(api, 'promptgate_rate_limited_total')).toEqual({ 'limit=free': 1 });
    expect(series(api, 'promptgate_redis_ready')).toEqual({ '': 1 });
    expect(Object.keys(series(api, 'promptgate_queue_jobs')).sort()).toEqual(
      ['llm', 'score'].flatMap((queue) => ['active', 'delayed', 'failed', 'waiting'].map((state) => `queue=${queue},state=${state}`)).sort(),
    );

    const workers = await scrapeWorkers();
    const calls = { 'job_name=score.detailed,queue=score': 3, 'job_name=score.free,queue=score': 2, 'job_name=proxy.llm,queue=llm': 1 };
    expect(series(workers, 'promptgate_jobs_total')).toEqual({
      'job_name=score.detailed,outcome=completed,queue=score': 3,
      'job_name=score.free,outcome=completed,queue=score': 2,
      'job_name=proxy.llm,outcome=completed,queue=llm': 1,
    });
    expect(series(workers, 'promptgate_job_wait_seconds_count')).toEqual(calls);
    expect(series(workers, 'promptgate_job_run_seconds_count')).toEqual(calls);
    // One call per queue job: each call came alone.
    expect(series(workers, 'promptgate_job_items_count')).toEqual({ 'queue=score': 5, 'queue=llm': 1 });
    expect(series(workers, 'promptgate_job_items_sum')).toEqual({ 'queue=score': 5, 'queue=llm': 1 });
    expect(series(workers, 'promptgate_pool_concurrency')).toEqual({ 'queue=score': 3, 'queue=llm': 5 });
    expect(series(workers, 'promptgate_job_timeout_seconds')).toMatchObject({ 'job_name=score.detailed,queue=score': 5, 'job_name=proxy.llm,queue=llm': 60, 'job_name=score.compare,queue=llm': 120 });
    expect(series(workers, 'promptgate_pool_busy_slots')).toEqual({ 'queue=score': 0, 'queue=llm': 0 });
    const busy = series(workers, 'promptgate_pool_busy_seconds_total');
    expect(Object.keys(busy).sort()).toEqual(['queue=llm', 'queue=score']);
    // Slot time covers the calls' run time (each ran alone in its queue job).
    for (const queue of ['score', 'llm']) expect(busy[`queue=${queue}`]).toBeGreaterThanOrEqual(series(workers, 'promptgate_job_run_seconds_sum', ['job_name'])[`queue=${queue}`]! * 0.99);
    expect(series(workers, 'promptgate_model_calls_total')).toEqual({ 'model=fail-500,outcome=error,provider=alpha': 1 });
    expect(series(workers, 'promptgate_model_call_duration_seconds_count')).toEqual({ 'model=fail-500,provider=alpha': 1 });
    expect(series(workers, 'promptgate_model_call_retries_total')).toEqual({});
  });

  it('counts a provider retry, and a bearer call charged where it is metered', async () => {
    const res = await h.post('/api/proxy/llm', { prompt: PROMPT, model: 'beta/flaky' }, bearer);
    expect(res.status).toBe(200);
    expect(ProxyResponseSchema.parse(res.body).llm).not.toHaveProperty('error');
    const workers = await scrapeWorkers();
    expect(series(workers, 'promptgate_model_call_retries_total')).toEqual({ 'model=flaky,provider=beta': 1 });
    expect(series(workers, 'promptgate_model_calls_total')).toMatchObject({ 'model=flaky,outcome=ok,provider=beta': 1 });
    expect(series(await scrapeApi(), 'promptgate_paid_calls_total')).toEqual({ 'auth=x402,route=/api/score': 2, 'auth=bearer,route=/api/proxy/llm': 1 });
  });

  it('wants the admin token on /metrics, the workers\' metrics port and /admin/queues', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }] as Record<string, string>[]) {
      const res = await h.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(ErrorBodySchema.parse(res.body).code).toBe('invalid_api_key');
      expect((await h.request('/admin/queues', { headers })).status).toBe(401);
      expect((await fetch(h.workers.metricsServer!.url, { headers })).status).toBe(401);
    }
    expect(series(await scrapeApi(), 'promptgate_http_request_duration_seconds_count')).toMatchObject({ 'method=GET,route=/metrics,status=401': 2 });
  });
});

describe('/metrics on the public port', () => {
  let h: Harness;
  afterAll(async () => h?.close());

  it('is off without ADMIN_TOKEN, and open to all with METRICS_PUBLIC=true', async () => {
    h = await startHarness({ pools: [] });
    expect((await h.request('/metrics')).status).toBe(404);
    await h.close();
    h = await startHarness({ pools: [], env: { METRICS_PUBLIC: 'true' } });
    const res = await h.request('/metrics');
    expect(res.status).toBe(200);
    expect(series(parseSamples(res.body as string), 'promptgate_redis_ready')).toEqual({ '': 1 });
  });
});
