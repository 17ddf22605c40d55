// A call is charged only when its answer reaches a client that is still there: a client that hangs
// up while its job runs is neither metered nor settled, and the audit says `client_gone`.
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyResponseSchema } from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startTestFacilitator, type TestFacilitator } from '../helpers/facilitator.js';
import { type Harness, startHarness } from '../helpers/harness.js';

const SLOW_MODEL = 'slow-800';

describe('a client that leaves before its answer', () => {
  let facilitator: TestFacilitator;
  let provider: FakeOpenAI;
  let h: Harness;

  beforeAll(async () => {
    facilitator = await startTestFacilitator();
    provider = await startFakeOpenAI();
    h = await startHarness({
      env: {
        X402_FACILITATOR_URL: facilitator.url,
        LLM_PROVIDERS: JSON.stringify([{ name: 'p', base_url: provider.baseUrl, models: [SLOW_MODEL], max_retries: 0, max_concurrency: 16 }]),
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
    await facilitator?.close();
  });

  const body = JSON.stringify({ prompt: 'Say hello in French', model: SLOW_MODEL });

  /** Starts `calls` requests, hangs up each once its model call is under way, and waits for their jobs to end. */
  async function abandon(calls: number, send: (signal: AbortSignal) => Promise<Response>): Promise<void> {
    const seen = provider.chatRequests().length;
    const aborts = Array.from({ length: calls }, () => new AbortController());
    const sent = aborts.map((a) => send(a.signal).catch((e: unknown) => e));
    while (provider.chatRequests().length < seen + calls) await new Promise((r) => setTimeout(r, 10));
    for (const a of aborts) a.abort();
    for (const result of await Promise.all(sent)) expect(result).toBeInstanceOf(Error);
  }

  /** The audit records of `auth` calls left with `client_gone`, once there are `count` (the jobs end after the hang-up). */
  async function goneOf(count: number, auth: 'bearer' | 'x402') {
    const until = Date.now() + 10_000;
    for (;;) {
      const records = (await h.api.deps.access.audit.tail(50)).filter((r) => r.auth === auth && r.outcome === 'not_charged' && r.code === 'client_gone');
      if (records.length >= count || Date.now() > until) return records;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('is not metered on a bearer key; a client that stays is', async () => {
    const { key, record } = await h.api.deps.keys.create('solo', 'leaver');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
    await abandon(5, (signal) => fetch(`${h.url}/api/proxy/llm`, { method: 'POST', headers, body, signal }));
    const gone = await goneOf(5, 'bearer');
    expect(gone.filter((r) => r.payer === `key:${record.id}` && r.endpoint === '/api/proxy/llm')).toHaveLength(5);
    expect(await h.api.deps.keys.usage(record.id)).toEqual([]);

    const stays = await fetch(`${h.url}/api/proxy/llm`, { method: 'POST', headers, body });
    expect(stays.status).toBe(200);
    ProxyResponseSchema.parse(await stays.json());
    expect(await h.api.deps.keys.usage(record.id)).toEqual([{ endpoint: '/api/proxy/llm', count: 1, usd_owed: 0.05 }]);
  });

  it('is not settled when paying with x402', async () => {
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));
    const paying = wrapFetchWithPayment(fetch, client);
    const before = { settle: facilitator.calls.settle, landed: facilitator.landed, verify: facilitator.calls.verify };
    await abandon(3, (signal) => paying(`${h.url}/api/proxy/llm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal }));
    expect(await goneOf(3, 'x402')).toHaveLength(3);
    expect(facilitator.calls.verify).toBe(before.verify + 3);
    expect(facilitator.calls.settle).toBe(before.settle);
    expect(facilitator.landed).toBe(before.landed);
  });
});
