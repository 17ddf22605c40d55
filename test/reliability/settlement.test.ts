// An ambiguous settlement never makes a client pay twice, and a paid answer is never lost: the real
// service (harness), the test facilitator with faults on /settle, and the real @x402/fetch client.
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { appendPaymentIdentifierToExtensions, generatePaymentId } from '@x402/extensions/payment-identifier';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, ScoreResponseSchema } from '../../shared/schemas/responses.js';
import { startTestFacilitator, type TestFacilitator } from '../helpers/facilitator.js';
import { type Harness, startHarness } from '../helpers/harness.js';

const FACILITATOR_TIMEOUT_MS = 1000;
const BODY = { prompt: 'Write a haiku about rain, 3 lines, no rhyme' };

describe('ambiguous settlements and idempotent retries', () => {
  let facilitator: TestFacilitator;
  let h: Harness;

  beforeAll(async () => {
    facilitator = await startTestFacilitator();
    h = await startHarness({ env: { X402_FACILITATOR_URL: facilitator.url, X402_FACILITATOR_TIMEOUT_MS: String(FACILITATOR_TIMEOUT_MS) } });
  });
  afterEach(() => {
    facilitator.settleFault = undefined;
  });
  afterAll(async () => {
    await h?.close();
    await facilitator?.close();
  });

  /** A paying client (a fresh payer each time) that records the payment header it sends. */
  function payer(paymentId?: string) {
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));
    if (paymentId) {
      client.onBeforePaymentCreation(async ({ paymentRequired }) => {
        appendPaymentIdentifierToExtensions(paymentRequired.extensions ?? {}, paymentId);
      });
    }
    const sent: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const header = request.headers.get('payment-signature');
      if (header) sent.push(header);
      return fetch(request);
    };
    const pay = (body: unknown = BODY) =>
      wrapFetchWithPayment(recording, client)(`${h.url}/api/score`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    return { pay, sent };
  }

  /** Sends a payment header again, as a client retrying the same request does. */
  const resend = (header: string, body: unknown = BODY) =>
    fetch(`${h.url}/api/score`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'payment-signature': header },
      body: JSON.stringify(body),
    });

  /** Retries with the same header until the answer is no longer 502 settlement_pending. */
  async function retryUntilAnswered(header: string): Promise<Response> {
    const until = Date.now() + 15_000;
    for (;;) {
      const res = await resend(header);
      if (res.status !== 502 || Date.now() > until) return res;
      expect(ErrorBodySchema.parse(await res.json()).code).toBe('settlement_pending');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const audit = async (n: number) => (await h.api.deps.access.audit.tail(n)).map((r) => r.outcome);

  it('a settlement that times out is 502 settlement_pending; a retry of the same payment gets the body, settled once', async () => {
    facilitator.settleFault = { kind: 'stall', ms: 3 * FACILITATOR_TIMEOUT_MS };
    const before = { settle: facilitator.calls.settle, landed: facilitator.landed };
    const { pay, sent } = payer();

    const started = Date.now();
    const first = await pay();
    expect(first.status).toBe(502);
    expect(ErrorBodySchema.parse(await first.json()).code).toBe('settlement_pending');
    expect(first.headers.get('retry-after')).toBe('2');
    expect(Date.now() - started).toBeLessThan(FACILITATOR_TIMEOUT_MS + 2_000);

    const retry = await retryUntilAnswered(sent[0]!);
    expect(retry.status).toBe(200);
    const body = ScoreResponseSchema.parse(await retry.json());
    expect(body.score.out_of).toBe(80);
    const receipt = decodePaymentResponseHeader(retry.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true });
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    // One /settle request, one transfer: the retry got the outcome of the first attempt.
    expect(facilitator.calls.settle).toBe(before.settle + 1);
    expect(facilitator.landed).toBe(before.landed + 1);
    const outcomes = await audit(3);
    expect(outcomes[0]).toBe('settlement_pending');
    expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);

    // Later retries keep getting the same answer, and are never charged again.
    const again = await resend(sent[0]!);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    expect(facilitator.landed).toBe(before.landed + 1);
  });

  it('a 5xx before the transfer: the retry settles the same payment, once', async () => {
    facilitator.settleFault = { kind: 'error', status: 502, landed: false };
    const before = { settle: facilitator.calls.settle, landed: facilitator.landed };
    const { pay, sent } = payer();
    const first = await pay();
    expect(first.status).toBe(502);
    expect(ErrorBodySchema.parse(await first.json()).code).toBe('settlement_pending');
    expect(facilitator.landed).toBe(before.landed);

    facilitator.settleFault = undefined;
    const retry = await resend(sent[0]!);
    expect(retry.status).toBe(200);
    ScoreResponseSchema.parse(await retry.json());
    expect(decodePaymentResponseHeader(retry.headers.get('payment-response') ?? '')).toMatchObject({ success: true });
    expect(facilitator.calls.settle).toBe(before.settle + 2);
    expect(facilitator.landed).toBe(before.landed + 1);
  });

  it('a 5xx after the transfer landed: the retry delivers the body and charges nothing more', async () => {
    facilitator.settleFault = { kind: 'error', status: 500, landed: true };
    const before = facilitator.landed;
    const { pay, sent } = payer();
    expect((await pay()).status).toBe(502);
    expect(facilitator.landed).toBe(before + 1);

    facilitator.settleFault = undefined;
    const retry = await resend(sent[0]!);
    expect(retry.status).toBe(200);
    ScoreResponseSchema.parse(await retry.json());
    expect(decodePaymentResponseHeader(retry.headers.get('payment-response') ?? '')).toMatchObject({ success: true });
    expect(facilitator.landed).toBe(before + 1);
  });

  it('the kept answer goes only to the same request: the same payment with another body is 409', async () => {
    facilitator.settleFault = { kind: 'error', status: 503, landed: false };
    const { pay, sent } = payer();
    expect((await pay()).status).toBe(502);
    const other = await resend(sent[0]!, { prompt: 'Something else entirely' });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'idempotency_conflict', reason: 'different_request' });
  });

  it('a payment identifier returns the stored answer for the same payment, and 409 for another', async () => {
    const id = generatePaymentId();
    const before = { settle: facilitator.calls.settle, landed: facilitator.landed };
    const { pay, sent } = payer(id);
    const first = await pay();
    expect(first.status).toBe(200);
    const body = ScoreResponseSchema.parse(await first.json());
    const receipt = first.headers.get('payment-response');

    const same = await resend(sent[0]!);
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual(body);
    expect(same.headers.get('payment-response')).toBe(receipt);
    expect(facilitator.calls.settle).toBe(before.settle + 1);
    expect(facilitator.landed).toBe(before.landed + 1);
    expect((await audit(1))[0]).toBe('redelivered');

    // The same identifier on a new payment (a new signature): a conflict, nothing verified or settled.
    const verifies = facilitator.calls.verify;
    const other = await payer(id).pay();
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'idempotency_conflict', reason: 'different_request' });
    expect(facilitator.calls.verify).toBe(verifies);
    expect(facilitator.landed).toBe(before.landed + 1);
  });

  it('declares the payment-identifier extension in the version 2 challenge', async () => {
    const res = await h.post('/api/score', BODY);
    expect(res.status).toBe(402);
    const required = decodePaymentRequiredHeader(res.headers.get('payment-required') ?? '');
    expect(required.extensions?.['payment-identifier']).toMatchObject({ info: { required: false } });
  });

  it('refuses a malformed payment identifier as an invalid payment, before the facilitator is asked', async () => {
    const challenge = await h.post('/api/score', BODY);
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required') ?? '');
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));
    const payload = await client.createPaymentPayload(required);
    payload.extensions = { 'payment-identifier': { info: { required: false, id: 'not valid!' } } };
    const verifies = facilitator.calls.verify;
    const res = await resend(encodePaymentSignatureHeader(payload));
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ code: 'payment_invalid', reason: 'payment_identifier' });
    expect(facilitator.calls.verify).toBe(verifies);
  });
});
