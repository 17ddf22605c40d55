// Payment headers in and out, with the packages' encoders: `X-PAYMENT` carries an x402 version 1
// payload, `PAYMENT-SIGNATURE` a version 2 one. Decoding checks the envelope with the packages'
// schemas and the exact-scheme payload with ours, so bad input is a typed rejection, never a throw
// from deep inside a facilitator call.
import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from '@x402/core/http';
import { PaymentPayloadV1Schema, PaymentPayloadV2Schema } from '@x402/core/schemas';
import type { PaymentPayload, PaymentPayloadV1, SettleResponse } from '@x402/core/types';
import { decodeTransactionFromPayload, getTokenPayerFromTransaction } from '@x402/svm';
import { getBase58Decoder } from '@solana/kit';
import { z } from 'zod';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../shared/json-depth.js';
import type { PaymentNetworkKind } from '../../shared/prices.js';

export type DecodedPayment = { version: 1; payload: PaymentPayloadV1 } | { version: 2; payload: PaymentPayload };

/** Why a payment header was refused before any facilitator call. */
export class PaymentRejection extends Error {
  constructor(
    readonly code: 'payment_invalid' | 'payment_mismatch',
    message: string,
    /** Which requirement did not match (payment_mismatch). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'PaymentRejection';
  }
}

export interface PaymentHeaders {
  xPayment: string;
  paymentSignature: string;
}

export function decodePayment({ xPayment, paymentSignature }: PaymentHeaders): DecodedPayment {
  if (xPayment && paymentSignature) {
    throw new PaymentRejection('payment_invalid', 'send one payment header: X-PAYMENT (x402 v1) or PAYMENT-SIGNATURE (v2)');
  }
  const version = xPayment ? 1 : 2;
  const name = version === 1 ? 'X-PAYMENT' : 'PAYMENT-SIGNATURE';
  let raw: unknown;
  try {
    raw = decodePaymentSignatureHeader(xPayment || paymentSignature);
  } catch {
    throw new PaymentRejection('payment_invalid', `${name} is not base64-encoded JSON`);
  }
  if (nestsDeeperThan(raw)) throw new PaymentRejection('payment_invalid', `${name} nests deeper than ${MAX_JSON_DEPTH} levels`);
  const schema = version === 1 ? PaymentPayloadV1Schema : PaymentPayloadV2Schema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new PaymentRejection('payment_invalid', `${name} is not an x402 version ${version} payment payload`);
  }
  return { version, payload: parsed.data } as DecodedPayment;
}

const uintString = z.string().regex(/^\d{1,78}$/);
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);

const EvmExactPayload = z.object({
  signature: hex,
  authorization: z.object({
    from: hex,
    to: hex,
    value: uintString,
    validAfter: uintString,
    validBefore: uintString,
    nonce: hex,
  }),
});
export type EvmExactPayload = z.infer<typeof EvmExactPayload>;

const SvmExactPayload = z.object({ transaction: z.string().min(1) });

export type SchemePayload = { kind: 'evm'; evm: EvmExactPayload } | { kind: 'svm'; transaction: string };

/** The exact-scheme payload of the network the route is paid on. */
export function schemePayload(kind: PaymentNetworkKind, payload: Record<string, unknown>): SchemePayload {
  if (kind === 'evm') {
    const parsed = EvmExactPayload.safeParse(payload);
    if (!parsed.success) throw new PaymentRejection('payment_invalid', 'payload is not an EIP-3009 exact payment');
    return { kind, evm: parsed.data };
  }
  const parsed = SvmExactPayload.safeParse(payload);
  if (!parsed.success) throw new PaymentRejection('payment_invalid', 'payload is not a Solana exact payment');
  return { kind, transaction: parsed.data.transaction };
}

export interface PaymentIdentity {
  /** Who pays: the authorizing EVM address, or the Solana token authority. */
  payer: string;
  /** What makes this payment single-use: the EIP-3009 nonce, or the payer's transaction signature. */
  id: string;
}

export function identify(network: string, asset: string, scheme: SchemePayload): PaymentIdentity {
  if (scheme.kind === 'evm') {
    const { from, nonce } = scheme.evm.authorization;
    // EIP-3009 nonces are unique per token and authorizer.
    return { payer: from, id: `evm:${network}:${asset}:${from}:${nonce}`.toLowerCase() };
  }
  try {
    const tx = decodeTransactionFromPayload({ transaction: scheme.transaction });
    const payer = getTokenPayerFromTransaction(tx);
    const signature = payer ? tx.signatures[payer as keyof typeof tx.signatures] : null;
    if (!payer || !signature) throw new Error('unsigned');
    return { payer, id: `svm:${network}:${getBase58Decoder().decode(signature)}` };
  } catch {
    throw new PaymentRejection('payment_invalid', 'transaction is not a signed token transfer');
  }
}

/** Settlement receipt headers: `X-PAYMENT-RESPONSE` always, `PAYMENT-RESPONSE` for version 2. */
export function receiptHeaders(version: 1 | 2, settlement: SettleResponse): Record<string, string> {
  const encoded = encodePaymentResponseHeader(settlement);
  return version === 2 ? { 'X-PAYMENT-RESPONSE': encoded, 'PAYMENT-RESPONSE': encoded } : { 'X-PAYMENT-RESPONSE': encoded };
}
