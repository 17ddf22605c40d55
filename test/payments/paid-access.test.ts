// The paid-access middleware on a small Koa app, with real parts around it: a real Redis, the test
// facilitator built from the official facilitator classes, and real paying clients (@x402/fetch with
// a viem account and a Solana keypair). The handler stands in for the job so failures can be forced.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { x402Client, wrapFetchWithPayment, decodePaymentResponseHeader } from '@x402/fetch';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/client';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import Koa, { type Context } from 'koa';
import { pino } from 'pino';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { KeyStore } from '../../api/auth/key-store.js';
import { errorHandler } from '../../api/middleware/errors.js';
import { AfterResponse } from '../../api/after-response.js';
import { type AccessDeps, paidAccess } from '../../api/middleware/paid-access.js';
import { requestId } from '../../api/middleware/request-id.js';
import { routeDiscovery } from '../../api/discovery/bazaar.js';
import { paidFacts } from '../../api/discovery/catalog.js';
import { OPERATIONS } from '../../api/routes/index.js';
import { createPaymentDeps } from '../../api/payments/index.js';
import { loadConfig } from '../../shared/config.js';
import { ApiError } from '../../api/middleware/errors.js';
import { paidRoute } from '../../shared/prices.js';
import { createMetrics } from '../../shared/metrics.js';
import { createRedis, type Redis } from '../../shared/redis.js';
import { startTestFacilitator, type TestFacilitator } from '../helpers/facilitator.js';

const logger = pino({ level: 'silent' });
const EVM_PAY_TO = privateKeyToAccount(generatePrivateKey()).address;
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

const PATHS = ['/api/score', '/api/score/sol', '/api/score/compare'];

/** A route's work: its 200 body. */
type Job = () => Promise<unknown>;
const answer: Job = async () => ({ result: 'scored' });

interface Service {
  url: string;
  access: AccessDeps;
  setJob(job: Job): void;
  close(): Promise<void>;
}

async function startService(redis: Redis, env: Record<string, string>): Promise<Service> {
  const config = loadConfig({ LOG_LEVEL: 'silent', QUEUE_PREFIX: `pgtest-${randomUUID()}`, ...env });
  const keys = new KeyStore(redis, config.redis.prefix);
  const access: AccessDeps = { config, redis, keys, logger, metrics: createMetrics(), afterResponse: new AfterResponse(logger), ...createPaymentDeps(config, redis, logger) };
  let job = answer;
  // The guards the API mounts for these rows: price, job timeout and discovery metadata from the catalog.
  const guards = new Map(
    PATHS.map((path) => {
      const facts = paidFacts(OPERATIONS.find((op) => op.path === path)!, config);
      return [path, paidAccess({ route: facts.route, jobTimeoutMs: facts.latency.timeoutMs, discovery: routeDiscovery(facts) }, access)];
    }),
  );
  const app = new Koa();
  app.use(requestId());
  app.use(errorHandler(logger));
  app.use(async (ctx) => {
    const guard = guards.get(ctx.path);
    if (!guard || ctx.method !== 'POST') throw new ApiError('not_found', 'not found');
    await guard(ctx, {
      work: async () => ({ body: await job() }),
    });
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    access,
    setJob: (next) => {
      job = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const json = async (res: Response) => (await res.json()) as Record<string, any>;

const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

/** Drops the version 2 header so a client falls back to the version 1 body, as a v1 client would. */
const v1Only: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const headers = new Headers(res.headers);
  headers.delete('payment-required');
  return new Response(res.body, { status: res.status, headers });
};

describe('paid access over x402', () => {
  let redis: Redis;
  let facilitator: TestFacilitator;
  let service: Service;
  let evmAccount: PrivateKeyAccount;
  let solanaPayer: KeyPairSigner;
  let svmPayTo: string;
  let client: x402Client;

  beforeAll(async () => {
    redis = createRedis(inject('redisUrl'), 'paid-access-test');
    facilitator = await startTestFacilitator();
    svmPayTo = (await generateKeyPairSigner()).address;
    service = await startService(redis, {
      REDIS_URL: inject('redisUrl'),
      X402_FACILITATOR_URL: facilitator.url,
      X402_EVM_PAY_TO: EVM_PAY_TO,
      X402_SVM_PAY_TO: svmPayTo,
    });
    evmAccount = privateKeyToAccount(generatePrivateKey());
    solanaPayer = await generateKeyPairSigner();
    const rpc = { rpcUrl: facilitator.solanaRpcUrl };
    client = new x402Client()
      .register('eip155:*', new ExactEvmScheme(evmAccount))
      .register('solana:*', new ExactSvmScheme(solanaPayer, rpc))
      .registerV1('base', new ExactEvmSchemeV1(evmAccount))
      .registerV1('solana', new ExactSvmSchemeV1(solanaPayer, rpc))
      // The compare route costs more than the default $1 cap of a paying client.
      .setSpendControls(false);
  });

  afterEach(() => {
    service.setJob(answer);
    facilitator.failWrites = false;
  });

  afterAll(async () => {
    await service.close();
    await facilitator.close();
    redis.disconnect();
  });

  /** The newest audit record, once the records written after the last answer are in. */
  const lastAudit = async () => {
    await service.access.afterResponse.settled();
    return (await service.access.audit.tail(1))[0];
  };

  /** The version 2 challenge of a route, as a paying client reads it. */
  async function challenge(path: string): Promise<PaymentRequired> {
    const res = await post(service.url + path);
    expect(res.status).toBe(402);
    return decodePaymentRequiredHeader(res.headers.get('payment-required') ?? '');
  }

  /** A payment the real client signs, for requirements the test may alter first. */
  async function signed(path: string, alter: (r: PaymentRequired['accepts'][number]) => void = () => {}) {
    const required = await challenge(path);
    alter(required.accepts[0]!);
    return client.createPaymentPayload(required);
  }

  const pay = (path: string, payload: PaymentPayload) =>
    post(service.url + path, { 'payment-signature': encodePaymentSignatureHeader(payload) });

  it('answers 402 with a version 1 challenge body and a version 2 header', async () => {
    const res = await post(`${service.url}/api/score`);
    expect(res.status).toBe(402);
    const body = await json(res);
    expect(body).toMatchObject({ x402Version: 1, code: 'payment_required' });
    expect(body.error).toMatch(/0\.025 USD/);
    expect(body.accepts).toEqual([
      {
        scheme: 'exact',
        network: 'base',
        maxAmountRequired: '25000',
        resource: `${service.url}/api/score`,
        description: paidRoute('/api/score').description,
        mimeType: 'application/json',
        outputSchema: { input: expect.objectContaining({ type: 'http', method: 'POST', discoverable: true }), output: expect.any(Object) },
        payTo: EVM_PAY_TO,
        maxTimeoutSeconds: expect.any(Number),
        asset: BASE_USDC,
        extra: { name: 'USD Coin', version: '2' },
      },
    ]);
    const v2 = decodePaymentRequiredHeader(res.headers.get('payment-required') ?? '');
    expect(v2).toMatchObject({ x402Version: 2, accepts: [{ network: 'eip155:8453', amount: '25000', payTo: EVM_PAY_TO }] });

    const sol = await json(await post(`${service.url}/api/score/sol`));
    expect(sol.accepts[0]).toMatchObject({
      network: 'solana',
      maxAmountRequired: '25000',
      payTo: svmPayTo,
      asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      extra: { feePayer: facilitator.feePayer },
    });
  });

  it('settles an EVM payment (version 2) and answers with the receipt headers', async () => {
    const res = await wrapFetchWithPayment(fetch, client)(`${service.url}/api/score`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ result: 'scored' });
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: evmAccount.address });
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(decodePaymentResponseHeader(res.headers.get('x-payment-response') ?? '')).toEqual(receipt);
    expect(await lastAudit()).toMatchObject({
      endpoint: '/api/score',
      price_usd: 0.025,
      auth: 'x402',
      payer: evmAccount.address,
      network: 'base',
      transaction: receipt.transaction,
      outcome: 'settled',
      code: '',
    });
  });

  it('settles an EVM payment sent as version 1 X-PAYMENT', async () => {
    const res = await wrapFetchWithPayment(v1Only, client)(`${service.url}/api/score`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('payment-response')).toBeNull();
    const receipt = decodePaymentResponseHeader(res.headers.get('x-payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, network: 'base', payer: evmAccount.address });
  });

  it('settles a Solana payment in both versions', async () => {
    const v2 = await wrapFetchWithPayment(fetch, client)(`${service.url}/api/score/sol`, { method: 'POST', body: '{}' });
    expect(v2.status).toBe(200);
    const receipt = decodePaymentResponseHeader(v2.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', payer: solanaPayer.address });
    expect(receipt.transaction).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await lastAudit()).toMatchObject({ outcome: 'settled', network: 'solana', payer: solanaPayer.address });

    const v1 = await wrapFetchWithPayment(v1Only, client)(`${service.url}/api/score/sol`, { method: 'POST', body: '{}' });
    expect(v1.status).toBe(200);
    expect(decodePaymentResponseHeader(v1.headers.get('x-payment-response') ?? '')).toMatchObject({ success: true, network: 'solana' });
  });

  it.each([
    ['amount', (r: PaymentRequired['accepts'][number]) => void (r.amount = '24999')],
    ['payTo', (r: PaymentRequired['accepts'][number]) => void (r.payTo = privateKeyToAccount(generatePrivateKey()).address)],
  ])('refuses a payment with the wrong %s before asking the facilitator', async (reason, alter) => {
    const verifies = facilitator.calls.verify;
    const res = await pay('/api/score', await signed('/api/score', alter));
    expect(res.status).toBe(402);
    expect(await json(res)).toMatchObject({ code: 'payment_mismatch', reason, x402Version: 1, accepts: [{ network: 'base' }] });
    expect(facilitator.calls.verify).toBe(verifies);
    expect(await lastAudit()).toMatchObject({ outcome: 'rejected', code: 'payment_mismatch', payer: evmAccount.address });
  });

  it('refuses an EVM payment on a /sol path', async () => {
    const res = await pay('/api/score/sol', await signed('/api/score'));
    expect(res.status).toBe(402);
    expect(await json(res)).toMatchObject({ code: 'payment_mismatch', reason: 'network', accepts: [{ network: 'solana' }] });
  });

  it('refuses an expired authorization after the facilitator checked it', async () => {
    const required = await challenge('/api/score');
    // Signed ten minutes ago: its validity window closed long before now.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 600_000 });
    const payload = await client.createPaymentPayload(required).finally(() => vi.useRealTimers());
    const res = await pay('/api/score', payload);
    expect(res.status).toBe(402);
    expect(await json(res)).toMatchObject({ code: 'payment_verification_failed', reason: expect.stringMatching(/valid_before/) });
  });

  it('refuses a tampered signature, EVM and Solana', async () => {
    const evm = await signed('/api/score');
    const sig = evm.payload.signature as string;
    evm.payload.signature = sig.slice(0, 10) + (sig[10] === 'a' ? 'b' : 'a') + sig.slice(11);
    const evmRes = await pay('/api/score', evm);
    expect(evmRes.status).toBe(402);
    expect(await json(evmRes)).toMatchObject({ code: 'payment_verification_failed' });

    const svm = await signed('/api/score/sol');
    const tx = Buffer.from(svm.payload.transaction as string, 'base64');
    // Byte 0 counts the signatures; the fee payer's slot (empty) comes first, the payer's second.
    tx[1 + 64 + 5] = (tx[1 + 64 + 5]! + 1) % 256;
    svm.payload.transaction = tx.toString('base64');
    const svmRes = await pay('/api/score/sol', svm);
    expect(svmRes.status).toBe(402);
    expect(await json(svmRes)).toMatchObject({ code: 'payment_verification_failed' });
  });

  it('accepts a payment once; the second use is payment_replayed', async () => {
    const payload = await signed('/api/score');
    const settles = facilitator.calls.settle;
    expect((await pay('/api/score', payload)).status).toBe(200);
    const again = await pay('/api/score', payload);
    expect(again.status).toBe(402);
    expect(await json(again)).toMatchObject({ code: 'payment_replayed' });
    expect(facilitator.calls.settle).toBe(settles + 1);
    expect(await lastAudit()).toMatchObject({ outcome: 'rejected', code: 'payment_replayed' });
  });

  it('withholds the result when settlement fails', async () => {
    facilitator.failWrites = true;
    const res = await pay('/api/score', await signed('/api/score'));
    expect(res.status).toBe(402);
    const body = await json(res);
    expect(body).toMatchObject({ code: 'settlement_failed', x402Version: 1 });
    expect(body).not.toHaveProperty('result');
    expect(decodePaymentResponseHeader(res.headers.get('x-payment-response') ?? '')).toMatchObject({ success: false });
    expect(await lastAudit()).toMatchObject({ outcome: 'settlement_failed', code: 'settlement_failed' });
  });

  it('settles nothing when the job fails', async () => {
    service.setJob(async () => {
      throw new ApiError('job_failed', 'worker failed');
    });
    const settles = facilitator.calls.settle;
    const res = await pay('/api/score', await signed('/api/score'));
    expect(res.status).toBe(502);
    expect(await json(res)).toMatchObject({ code: 'job_failed' });
    expect(res.headers.get('x-payment-response')).toBeNull();
    expect(facilitator.calls.settle).toBe(settles);
    expect(await lastAudit()).toMatchObject({ outcome: 'failed', code: 'job_failed', auth: 'x402' });
  });

  it.each([
    ['not base64', '%%%not-base64%%%'],
    ['base64 but not JSON', Buffer.from('not json').toString('base64')],
    ['JSON but not a payment', Buffer.from('{"x402Version":1}').toString('base64')],
  ])('answers a malformed X-PAYMENT (%s) with 402 payment_invalid', async (_label, value) => {
    const res = await post(`${service.url}/api/score`, { 'x-payment': value });
    expect(res.status).toBe(402);
    expect(await json(res)).toMatchObject({ code: 'payment_invalid', accepts: [{ network: 'base' }] });
  });

  it('lets a bearer key win over a payment header: metered, nothing verified or settled', async () => {
    const { key, record } = await service.access.keys.create('free', 'bearer-wins');
    const calls = { ...facilitator.calls };
    const payload = await signed('/api/score');
    const res = await post(`${service.url}/api/score`, {
      authorization: `Bearer ${key}`,
      'payment-signature': encodePaymentSignatureHeader(payload),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-payment-response')).toBeNull();
    expect(facilitator.calls.verify).toBe(calls.verify);
    expect(facilitator.calls.settle).toBe(calls.settle);
    expect(await service.access.keys.usage(record.id)).toEqual([{ endpoint: '/api/score', count: 1, usd_owed: 0.025 }]);
    expect(await lastAudit()).toMatchObject({ auth: 'bearer', payer: `key:${record.id}`, outcome: 'metered' });
  });

  it('meters each bearer call it answers and writes its `metered` record after the answer', async () => {
    const { key, record } = await service.access.keys.create('solo', 'after-the-answer');
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(`${service.url}/api/score`, { authorization: `Bearer ${key}` })));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    // Sent before each answer, on the connection this read takes after them: all counted.
    expect(await service.access.keys.usage(record.id)).toEqual([{ endpoint: '/api/score', count: 20, usd_owed: 0.5 }]);
    await service.access.afterResponse.settled();
    const records = new Map((await service.access.audit.tail(100)).map((r) => [r.request_id, r]));
    for (const res of responses) {
      expect(records.get(res.headers.get('x-request-id')!)).toMatchObject({ auth: 'bearer', payer: `key:${record.id}`, outcome: 'metered', endpoint: '/api/score' });
    }
  });

  it('keeps an authorization for the slowest route valid through its job timeout and settlement', async () => {
    const config = service.access.config;
    const { facilitatorTimeoutMs } = config.x402;
    const payload = await signed('/api/score/compare');
    expect(payload.accepted.maxTimeoutSeconds * 1000).toBeGreaterThan(config.timeouts.compareMs + 2 * facilitatorTimeoutMs);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      // The job runs to its full timeout, after a verification that took its full limit.
      service.setJob(async () => {
        vi.setSystemTime(Date.now() + facilitatorTimeoutMs + config.timeouts.compareMs);
        return answer();
      });
      const res = await pay('/api/score/compare', payload);
      expect(res.status).toBe(200);
      expect(decodePaymentResponseHeader(res.headers.get('payment-response') ?? '')).toMatchObject({ success: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('paid access with X402_ENABLED=false', () => {
  it('takes bearer keys only, and the 402 says so', async () => {
    const redis = createRedis(inject('redisUrl'), 'paid-access-test');
    const service = await startService(redis, { REDIS_URL: inject('redisUrl'), X402_ENABLED: 'false' });
    try {
      const res = await post(`${service.url}/api/score`, { 'x-payment': 'e30=' });
      expect(res.status).toBe(402);
      const body = await json(res);
      expect(body).toEqual({ code: 'payment_required', error: expect.stringMatching(/disabled.*bearer API key/) });
      const { key } = await service.access.keys.create('free', 'only-bearer');
      expect((await post(`${service.url}/api/score`, { authorization: `Bearer ${key}` })).status).toBe(200);
    } finally {
      await service.close();
      redis.disconnect();
    }
  });
});

describe('paid access while the facilitator is unreachable', () => {
  it('still answers the challenge, and a payment is 502 facilitator_unavailable', async () => {
    const redis = createRedis(inject('redisUrl'), 'paid-access-test');
    const service = await startService(redis, {
      REDIS_URL: inject('redisUrl'),
      X402_FACILITATOR_URL: 'http://127.0.0.1:9',
      X402_EVM_PAY_TO: EVM_PAY_TO,
      X402_SVM_PAY_TO: (await generateKeyPairSigner()).address,
    });
    try {
      const challenge = await post(`${service.url}/api/score`);
      expect(challenge.status).toBe(402);
      const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required') ?? '');
      const client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));
      const payload = await client.createPaymentPayload(required);
      const res = await post(`${service.url}/api/score`, { 'payment-signature': encodePaymentSignatureHeader(payload) });
      expect(res.status).toBe(502);
      expect(await json(res)).toMatchObject({ code: 'facilitator_unavailable' });
      expect((await service.access.audit.tail(1))[0]).toMatchObject({ outcome: 'failed', code: 'facilitator_unavailable' });
    } finally {
      await service.close();
      redis.disconnect();
    }
  });
});
