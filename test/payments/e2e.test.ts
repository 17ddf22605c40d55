// Paid calls end to end: the real API, real workers and Redis (the harness), the test facilitator
// built from the official facilitator classes, and paying clients from @x402/fetch.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { generateKeyPairSigner } from '@solana/kit';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompareResponseSchema } from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startTestFacilitator, type TestFacilitator } from '../helpers/facilitator.js';
import { type Harness, startHarness } from '../helpers/harness.js';

const run = promisify(execFile);
const payer = privateKeyToAccount(generatePrivateKey());

async function paidHarness(facilitator: TestFacilitator, env: Record<string, string> = {}, pools?: []) {
  return startHarness({ env: { X402_FACILITATOR_URL: facilitator.url, ...env }, ...(pools ? { pools } : {}) });
}

describe('paid calls through the service', () => {
  let facilitator: TestFacilitator;
  let h: Harness;
  let paying: ReturnType<typeof wrapFetchWithPayment>;

  beforeAll(async () => {
    facilitator = await startTestFacilitator();
    h = await paidHarness(facilitator);
    const solana = await generateKeyPairSigner();
    const client = new x402Client()
      .register('eip155:*', new ExactEvmScheme(payer))
      .register('solana:*', new ExactSvmScheme(solana, { rpcUrl: facilitator.solanaRpcUrl }));
    paying = wrapFetchWithPayment(fetch, client);
  });

  afterAll(async () => {
    await h.close();
    await facilitator.close();
  });

  const postPaid = (path: string, body: unknown) =>
    paying(h.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('challenges an unpaid call whatever its body, naming the problem; a paid bad body is a 400, never charged', async () => {
    const probe = await h.post('/api/score', { prompt: '' });
    expect(probe.status).toBe(402);
    expect(probe.body.error).toContain('this request body would be refused: prompt: prompt must not be empty');
    const calls = { ...facilitator.calls };
    const paidBad = await postPaid('/api/score', { prompt: '' });
    expect(paidBad.status).toBe(400);
    expect(await paidBad.json()).toMatchObject({ code: 'invalid_request' });
    expect(paidBad.headers.get('payment-response')).toBeNull();
    expect([facilitator.calls.verify, facilitator.calls.settle]).toEqual([calls.verify, calls.settle]);

    const res = await h.post('/api/score', { prompt: 'Summarize this report' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'payment_required', x402Version: 1, accepts: [{ network: 'base', maxAmountRequired: '25000' }] });
  });

  it('scores a prompt paid on Base (x402 version 2)', async () => {
    const res = await postPaid('/api/score', { prompt: 'Write a haiku about rain, 3 lines, no rhyme' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ svc_version: '2.0', score: { out_of: 80 } });
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: payer.address });
  });

  it('scores a prompt paid on Solana', async () => {
    const res = await postPaid('/api/score/sol', { prompt: 'Write a haiku about rain, 3 lines, no rhyme' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ svc_version: '2.0', score: { out_of: 80 } });
    const receipt = decodePaymentResponseHeader(res.headers.get('x-payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
  });

  it('prints the audit records with `audit tail -n N`', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/audit.ts', 'tail', '-n', '2'], {
      env: { ...process.env, REDIS_URL: h.config.redis.url, QUEUE_PREFIX: h.config.redis.prefix },
    });
    const records = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(records.map((r) => [r.endpoint, r.outcome, r.network])).toEqual([
      ['/api/score', 'settled', 'base'],
      ['/api/score/sol', 'settled', 'solana'],
    ]);
    expect(records[0]).toMatchObject({ auth: 'x402', payer: payer.address, price_usd: 0.025, request_id: expect.any(String) });
  });

  it('refuses a bad audit command with exit code 2', async () => {
    await expect(run(process.execPath, ['--import', 'tsx', 'scripts/audit.ts', 'tail', '-n', 'x'])).rejects.toMatchObject({ code: 2 });
  });
});

describe('a paid call whose job times out', () => {
  it('answers the timeout and settles nothing', async () => {
    const facilitator = await startTestFacilitator();
    // No workers: the job waits until its timeout.
    const h = await paidHarness(facilitator, { SCORE_JOB_TIMEOUT_MS: '300' }, []);
    try {
      const client = new x402Client().register('eip155:*', new ExactEvmScheme(payer));
      const res = await wrapFetchWithPayment(fetch, client)(`${h.url}/api/score`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'Summarize this report' }),
      });
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({ code: 'timeout' });
      expect(facilitator.calls.verify).toBe(1);
      expect(facilitator.calls.settle).toBe(0);
    } finally {
      await h.close();
      await facilitator.close();
    }
  });
});

describe('paid model-backed calls', () => {
  let facilitator: TestFacilitator;
  let provider: FakeOpenAI;
  let h: Harness;
  let paying: ReturnType<typeof wrapFetchWithPayment>;

  beforeAll(async () => {
    facilitator = await startTestFacilitator();
    provider = await startFakeOpenAI();
    const entry = (name: string, models: string[]) => ({ name, base_url: provider.baseUrl, models, max_retries: 0 });
    h = await paidHarness(facilitator, {
      LLM_PROVIDERS: JSON.stringify([entry('alpha', ['runner']), entry('beta', ['model-b']), entry('gamma', ['judge'])]),
      LLM_COMPARE_MODEL_A: 'alpha/runner',
      LLM_COMPARE_MODEL_B: 'beta/model-b',
      LLM_JUDGE_MODEL: 'gamma/judge',
    });
    // Compare costs $1.25: above the client's default $1 spend cap, so the agent raises its cap.
    const client = x402Client.fromConfig({
      schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(payer) }],
      spendControls: { maxAmountPerPayment: '$2' },
    });
    paying = wrapFetchWithPayment(fetch, client);
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
    await facilitator?.close();
  });

  const postPaid = (path: string, body: unknown) =>
    paying(h.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('a job that fails in the worker (provider down) is answered with its error and never settled', async () => {
    provider.setBehavior('runner', { status: 500 });
    const before = { ...facilitator.calls };
    try {
      const res = await postPaid('/api/score/full', { prompt: 'Explain quicksort' });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: 'provider_unavailable' });
      expect(res.headers.get('payment-response')).toBeNull();
      expect(res.headers.get('x-payment-response')).toBeNull();
      expect(facilitator.calls.verify).toBe(before.verify + 1);
      expect(facilitator.calls.settle).toBe(before.settle);
    } finally {
      provider.reset();
    }
  });

  it('the compare challenge window outlasts the compare timeout plus settlement', async () => {
    const res = await h.post('/api/score/compare', { prompt: 'Explain quicksort' });
    expect(res.status).toBe(402);
    const [accept] = res.body.accepts;
    expect(accept.maxAmountRequired).toBe('1250000');
    expect(accept.maxTimeoutSeconds * 1000).toBeGreaterThan(h.config.timeouts.compareMs);
  });

  it('a paid compare settles after the judged result', async () => {
    const res = await postPaid('/api/score/compare', { prompt: 'Explain quicksort in 5 steps' });
    expect(res.status).toBe(200);
    const body = CompareResponseSchema.parse(await res.json());
    expect(body.results.model_a.model).not.toBe(body.results.model_b.model);
    expect(decodePaymentResponseHeader(res.headers.get('payment-response') ?? '')).toMatchObject({ success: true });
  });
});

describe('a paid proxy call whose provider fails', () => {
  it('answers 200 with llm.error, settles nothing and audits not_charged', async () => {
    const facilitator = await startTestFacilitator();
    const provider = await startFakeOpenAI();
    const h = await paidHarness(facilitator, {
      LLM_PROVIDERS: JSON.stringify([{ name: 'p', base_url: provider.baseUrl, models: ['fail-500', 'ok'], max_retries: 0 }]),
    });
    try {
      const paying = wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', new ExactEvmScheme(payer)));
      const res = await paying(`${h.url}/api/proxy/llm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'What is x402?', model: 'fail-500' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ llm: { error: expect.any(String) }, meta: { price_paid_usdc: 0 } });
      expect(res.headers.get('payment-response')).toBeNull();
      expect(facilitator.calls.verify).toBe(1);
      expect(facilitator.calls.settle).toBe(0);
      const [last] = await h.api.deps.access.audit.tail(1);
      expect(last).toMatchObject({ outcome: 'not_charged', code: 'provider_failed' });
    } finally {
      await h.close();
      await provider.close();
      await facilitator.close();
    }
  });
});
