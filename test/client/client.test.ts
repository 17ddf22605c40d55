// promptgate/client against the real service (the harness), paying with a bearer key and with the
// real x402 client (@x402/fetch) settled by the test facilitator; its caps, its timeout and its errors.
import { createServer } from 'node:http';
import { encodePaymentRequiredHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { generateKeyPairSigner } from '@solana/kit';
import { createClient, PromptgateError, ROUTES } from 'promptgate/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../api/routes/index.js';
import { BatchResponseSchema, FreeScoreResponseSchema, ModelListResponseSchema, ScoreResponseSchema } from '../../shared/schemas/responses.js';
import { usePaidService } from '../helpers/paid-service.js';
import { closeServer, listenLocal } from '../helpers/http-server.js';

const PROMPT = 'Write a haiku about rain, 3 lines, no rhyme';
const account = privateKeyToAccount(generatePrivateKey());
const evmPayer = () => wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', new ExactEvmScheme(account)));

/** Resolves with the error a promise rejects with. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a PromptgateError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(PromptgateError);
      return error as PromptgateError;
    },
  );

describe('promptgate/client against the service', () => {
  const s = usePaidService();

  it('has one method per operation of the service, on the same paths', () => {
    const served = OPERATIONS.filter((op) => !op.path.endsWith('/sol'));
    expect(Object.values(ROUTES).map((r) => `${r.method} ${r.path} ${r.access}`).sort()).toEqual(
      served.map((op) => `${op.method.toUpperCase()} ${op.path} ${op.access === 'public' ? 'free' : op.access}`).sort(),
    );
    for (const route of Object.values(ROUTES)) {
      expect({ path: route.path, solana: OPERATIONS.some((op) => op.path === `${route.path}/sol`) }).toEqual({
        path: route.path,
        solana: 'solana' in route && route.solana,
      });
    }
  });

  it('calls free operations and operations paid with a bearer key, metered on the key', async () => {
    const { key, record } = await s.h.api.deps.keys.create('solo', 'client');
    const client = createClient({ baseUrl: s.h.url, apiKey: key });
    expect(FreeScoreResponseSchema.parse(await client.scoreFree({ prompt: PROMPT })).prompt).toBe(PROMPT);
    expect(ScoreResponseSchema.parse(await client.score({ prompt: PROMPT, vertical: 'content' })).vertical).toBe('content');
    expect(BatchResponseSchema.parse(await client.batch({ prompts: [PROMPT, 'Summarize this'] })).batch_size).toBe(2);
    ModelListResponseSchema.parse(await client.models());
    expect(await s.h.api.deps.keys.usage(record.id)).toEqual([
      { endpoint: '/api/score', count: 1, usd_owed: 0.025 },
      { endpoint: '/api/score/batch', count: 1, usd_owed: 0.25 },
    ]);
    expect(client.spentUsd()).toBe(0);
  });

  it('throws PromptgateError {status, code, error} for what the service refuses', async () => {
    const client = createClient({ baseUrl: s.h.url, apiKey: await s.h.createKey('solo') });
    const bad = await refusal(client.score({ prompt: '' }));
    expect(bad).toMatchObject({ status: 400, code: 'invalid_request', error: 'prompt: prompt must not be empty' });
    const noModel = await refusal(client.full({ prompt: PROMPT }));
    expect(noModel).toMatchObject({ status: 503, code: 'provider_unavailable' });
    const unpaid = await refusal(createClient({ baseUrl: s.h.url }).score({ prompt: PROMPT }));
    expect(unpaid).toMatchObject({ status: 402, code: 'payment_required' });
    expect(unpaid.paymentRequired?.accepts[0]).toMatchObject({ network: 'eip155:8453', amount: '25000' });
    const nowhere = await refusal(createClient({ baseUrl: 'http://127.0.0.1:9' }).scoreFree({ prompt: PROMPT }));
    expect(nowhere).toMatchObject({ status: 0, code: 'unreachable' });
  });

  it('pays with an x402 payer on Base, and on Solana through the /sol twin', async () => {
    const solana = await generateKeyPairSigner();
    const payer = wrapFetchWithPayment(
      fetch,
      new x402Client()
        .register('eip155:*', new ExactEvmScheme(account))
        .register('solana:*', new ExactSvmScheme(solana, { rpcUrl: s.facilitator.solanaRpcUrl })),
    );
    const client = createClient({ baseUrl: s.h.url, payer });
    const settled = s.facilitator.calls.settle;
    expect(ScoreResponseSchema.parse(await client.score({ prompt: PROMPT })).prompt).toBe(PROMPT);
    expect(ScoreResponseSchema.parse(await client.score({ prompt: PROMPT }, { network: 'solana' })).prompt).toBe(PROMPT);
    expect(s.facilitator.calls.settle).toBe(settled + 2);
    expect(client.spentUsd()).toBeCloseTo(0.05, 10);
    const audit = await s.h.api.deps.access.audit.tail(2);
    expect(audit.map((r) => [r.endpoint, r.outcome, r.network])).toEqual([
      ['/api/score', 'settled', 'base'],
      ['/api/score/sol', 'settled', 'solana'],
    ]);
    // A paid bad body is a 400 and is not charged.
    expect(await refusal(client.score({ prompt: '' }))).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(s.facilitator.calls.settle).toBe(settled + 2);
    expect(client.spentUsd()).toBeCloseTo(0.05, 10);
  });

  it('refuses, before anything is signed, a call above the per-call cap or beyond the client cap', async () => {
    const verified = s.facilitator.calls.verify;
    const perCall = await refusal(createClient({ baseUrl: s.h.url, payer: evmPayer(), maxUsdPerCall: 0.01 }).score({ prompt: PROMPT }));
    expect(perCall).toMatchObject({ status: 0, code: 'spend_cap_exceeded', error: expect.stringContaining('per-call cap of 0.01 USD') });
    const capped = createClient({ baseUrl: s.h.url, payer: evmPayer(), maxUsdTotal: 0.03 });
    await capped.score({ prompt: PROMPT });
    expect(await refusal(capped.score({ prompt: PROMPT }))).toMatchObject({ code: 'spend_cap_exceeded' });
    expect(capped.spentUsd()).toBe(0.025);
    // The cap applies to each operation's own price: batch costs 0.25.
    const small = createClient({ baseUrl: s.h.url, payer: evmPayer(), maxUsdPerCall: 0.2 });
    expect(await refusal(small.batch({ prompts: [PROMPT] }))).toMatchObject({ code: 'spend_cap_exceeded', error: expect.stringContaining('costs 0.25 USD') });
    expect(s.facilitator.calls.verify).toBe(verified + 1);
  });
});

describe('promptgate/client timeout', () => {
  it("gives up on a paid call after the challenge's maxTimeoutSeconds", async () => {
    const payTo = privateKeyToAccount(generatePrivateKey()).address;
    const challenge = encodePaymentRequiredHeader({
      x402Version: 2,
      error: 'payment required',
      resource: { url: 'http://paid.example/api/score', description: 'score', mimeType: 'application/json' },
      accepts: [
        {
          scheme: 'exact',
          network: 'eip155:8453',
          amount: '25000',
          asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
          payTo,
          maxTimeoutSeconds: 1,
          extra: { name: 'USD Coin', version: '2' },
        },
      ],
    });
    let paidRequests = 0;
    // Challenges unpaid requests, then never answers the paid one.
    const server = createServer((req, res) => {
      req.resume();
      if (req.headers['payment-signature']) {
        paidRequests++;
        return;
      }
      res.writeHead(402, { 'content-type': 'application/json', 'payment-required': challenge }).end('{"error":"payment required","code":"payment_required"}');
    });
    const url = await listenLocal(server);
    try {
      const started = Date.now();
      const error = await refusal(createClient({ baseUrl: url, payer: evmPayer() }).score({ prompt: PROMPT }));
      expect(error).toMatchObject({ status: 0, code: 'timeout' });
      expect(paidRequests).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await closeServer(server);
    }
  });
});
