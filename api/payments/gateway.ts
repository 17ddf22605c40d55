// The x402 side of a paid call, on @x402/core's resource server and HTTP facilitator client with the
// exact schemes of @x402/evm and @x402/svm: requirements per route, the challenge in both versions
// (version 1 body, version 2 `PAYMENT-REQUIRED` header, which declares the `payment-identifier`
// extension; both carry the route's discovery metadata), matching, the idempotency checks (a payment whose answer was kept, a payment
// identifier), the replay guard, verification and one settlement attempt. Koa stays in the
// middleware; nothing here signs or checks a signature itself.
import { createHash } from 'node:crypto';
import { encodePaymentRequiredHeader, type HTTPRequestContext } from '@x402/core/http';
import type { PaymentPayloadV1, PaymentRequirementsV1 } from '@x402/core/schemas';
import { type FacilitatorClient, type x402ResourceServer } from '@x402/core/server';
import {
  type PaymentPayload,
  type PaymentRequirements,
  type ResourceInfo,
  SettleError,
  type SettleResponse,
  VerifyError,
  type VerifyResponse,
} from '@x402/core/types';
import {
  declarePaymentIdentifierExtension,
  extractAndValidatePaymentIdentifier,
  PAYMENT_IDENTIFIER,
} from '@x402/extensions/payment-identifier';
import { ApiError, type ErrorCode } from '../middleware/errors.js';
import { type PaidRoute, usdToAtomic } from '../../shared/prices.js';
import { isStorageOutage } from '../../shared/redis.js';
import {
  type DecodedPayment,
  decodePayment,
  identify,
  type PaymentHeaders,
  PaymentRejection,
  type SchemePayload,
  schemePayload,
} from './codec.js';
import type { Delivery, DeliveryStore } from './deliveries.js';
import type { PaymentTarget, PaymentTargets } from './networks.js';
import type { ReplayGuard } from './replay.js';

/** Client clock skew, the request's travel and the facilitator's own 6 s expiry guard. */
const WINDOW_MARGIN_S = 30;
/** Pause before asking an unreachable facilitator's /supported again. */
const INIT_RETRY_MS = 5_000;
/** A facilitator's failure reason for a transfer broadcast but not yet final (@x402/evm). */
const NOT_YET_FINAL = 'settlement_pending';
/** Replay claims outlive the payment by this much. */
const REPLAY_MARGIN_S = 60;
/** Longest replay claim; a longer-lived authorization that was settled is refused by its used nonce. */
const REPLAY_MAX_TTL_S = 7 * 24 * 3600;

/** Extensions every version 2 challenge declares: an optional payment identifier (idempotency key). */
const CHALLENGE_EXTENSIONS = { [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false) };

/**
 * `maxTimeoutSeconds` of a route: the authorization must still be valid when settlement runs after
 * verification and the job, each at its limit, so a slow job never outlives what pays for it.
 */
export function paymentWindowSeconds(jobTimeoutMs: number, facilitatorTimeoutMs: number): number {
  return Math.ceil((facilitatorTimeoutMs + jobTimeoutMs + facilitatorTimeoutMs) / 1000) + WINDOW_MARGIN_S;
}

/** What a route's challenge tells x402 indexers, built from its operation row (api/discovery/). */
export interface RouteDiscovery {
  /** Declared extensions (the Bazaar's), enriched by the resource server's registered extensions. */
  extensions: Record<string, unknown>;
  /** Version 1 `outputSchema`: the input with its body fields and `discoverable: true`, and the output. */
  outputSchema: Record<string, unknown>;
  /** A request context for the extensions' enrichment (the Bazaar adds the method from it). */
  context: HTTPRequestContext;
  /** Service metadata on the resource, for catalogues. */
  resource: Pick<ResourceInfo, 'serviceName' | 'tags'>;
}

/** What one route asks for, in both protocol versions. */
export interface Offer {
  route: PaidRoute;
  target: PaymentTarget;
  resource: ResourceInfo;
  v2: PaymentRequirements;
  v1: PaymentRequirementsV1;
  discovery: RouteDiscovery;
}

export interface AcceptedPayment {
  offer: Offer;
  decoded: DecodedPayment;
  payer: string;
  /** Version 1 network name, for the audit record and `ctx.state.auth`. */
  network: string;
  /** What makes the payment single-use (replay guard and kept answers are keyed by it). */
  id: string;
  /** Digest of the payment header and the request it came with: what a retry must repeat. */
  fingerprint: string;
  /** The client's x402 `payment-identifier`, when it sent one. */
  identifier?: string;
  /** How long the payment could be presented again: its replay claim and a kept answer live this long. */
  ttlSeconds: number;
}

/**
 * Accepted: a fresh payment, verified and claimed; or, with `kept`, a retry of a payment whose
 * answer was kept (not verified or claimed again: it already was).
 */
export type Acceptance =
  | { ok: true; payment: AcceptedPayment; kept?: Delivery }
  | { ok: false; error: ApiError; payer: string };

/** One call to the facilitator's /settle, classified. */
export type SettleAttempt =
  | { kind: 'settled'; receipt: SettleResponse }
  /** The facilitator answered that it did not settle. */
  | { kind: 'refused'; receipt: SettleResponse }
  /** No answer to trust (timeout, 5xx, network, a non-terminal `settlement_pending`): it may have landed. */
  | { kind: 'unknown'; reason: string };

const unavailable = (err: unknown) =>
  new ApiError('facilitator_unavailable', 'payment facilitator unavailable, try again', { cause: err });

const mismatch = (reason: string, message: string) => new PaymentRejection('payment_mismatch', message, reason);

const conflict = (reason: 'different_request' | 'in_progress', message: string) =>
  new ApiError('idempotency_conflict', message, { details: { reason } });

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

/** The payload's `payment-identifier` (version 2 only), checked with the extension's own helpers. */
function paymentIdentifierOf(decoded: DecodedPayment): string | undefined {
  if (decoded.version !== 2) return undefined;
  const { id, validation } = extractAndValidatePaymentIdentifier(decoded.payload);
  if (!validation.valid) {
    throw new PaymentRejection('payment_invalid', `payment-identifier: ${validation.errors?.join('; ') ?? 'invalid'}`, 'payment_identifier');
  }
  return id ?? undefined;
}

/** Compares unsigned integer strings; a malformed amount is simply not enough. */
function atLeast(value: string, min: string): boolean {
  return /^\d{1,78}$/.test(value) && BigInt(value) >= BigInt(min);
}

function replayTtlSeconds(scheme: SchemePayload, windowSeconds: number): number {
  if (scheme.kind === 'svm') {
    // A Solana transaction dies with its blockhash (about 150 slots, a minute), well inside the window.
    return windowSeconds + REPLAY_MARGIN_S;
  }
  const left = BigInt(scheme.evm.authorization.validBefore) - BigInt(Math.floor(Date.now() / 1000));
  const capped = left > BigInt(REPLAY_MAX_TTL_S) ? REPLAY_MAX_TTL_S : Number(left);
  return Math.max(capped, windowSeconds) + REPLAY_MARGIN_S;
}

export class PaymentGateway {
  private ready: Promise<void> | undefined;
  /** After a failed /supported, challenges are built offline until then instead of waiting on it. */
  private retryAt = 0;
  private readonly requirements = new Map<string, Promise<PaymentRequirements>>();

  constructor(
    private readonly targets: PaymentTargets,
    private readonly server: x402ResourceServer,
    /** The same client the resource server uses; called directly for version 1 payloads. */
    private readonly facilitator: FacilitatorClient,
    private readonly replay: ReplayGuard,
    private readonly deliveries: DeliveryStore,
    /** Limit of one facilitator call as the client sees it (X402_FACILITATOR_TIMEOUT_MS). */
    private readonly facilitatorTimeoutMs: number,
  ) {}

  /** Reads the facilitator's /supported (the SVM fee payer comes from there); retried after a failure. */
  init(): Promise<void> {
    if (!this.ready && Date.now() < this.retryAt) return Promise.reject(unavailable(new Error('facilitator recently unreachable')));
    this.ready ??= this.server.initialize().catch((err: unknown) => {
      this.ready = undefined;
      this.retryAt = Date.now() + INIT_RETRY_MS;
      throw unavailable(err);
    });
    return this.ready;
  }

  /** The route's requirements; `baseUrl` names the resource (public base URL or the request's origin). */
  async offer(route: PaidRoute, jobTimeoutMs: number, baseUrl: string, discovery: RouteDiscovery): Promise<Offer> {
    const target = this.targets[route.network];
    const v2 = await this.requirementsFor(route, jobTimeoutMs);
    const resource: ResourceInfo = {
      url: baseUrl.replace(/\/+$/, '') + route.path,
      description: route.description,
      mimeType: 'application/json',
      ...discovery.resource,
    };
    const v1: PaymentRequirementsV1 = {
      scheme: v2.scheme,
      network: target.v1,
      maxAmountRequired: v2.amount,
      resource: resource.url,
      description: route.description,
      mimeType: 'application/json',
      outputSchema: discovery.outputSchema,
      payTo: v2.payTo,
      maxTimeoutSeconds: v2.maxTimeoutSeconds,
      asset: v2.asset,
      extra: v2.extra,
    };
    return { route, target, resource, v2, v1, discovery };
  }

  private async requirementsFor(route: PaidRoute, jobTimeoutMs: number): Promise<PaymentRequirements> {
    const target = this.targets[route.network];
    const config = {
      scheme: 'exact',
      network: target.v2,
      payTo: target.payTo,
      price: { amount: usdToAtomic(route.priceUsd), asset: target.asset, extra: target.extra },
      maxTimeoutSeconds: paymentWindowSeconds(jobTimeoutMs, this.facilitatorTimeoutMs),
    };
    try {
      await this.init();
    } catch {
      // The challenge still names the price while the facilitator is away; paying waits for it (an
      // SVM client also needs the fee payer that /supported gives).
      const { price, ...rest } = config;
      return { ...rest, amount: price.amount, asset: price.asset, extra: { ...price.extra } };
    }
    const key = `${route.path}|${jobTimeoutMs}`;
    let pending = this.requirements.get(key);
    if (!pending) {
      pending = this.server.buildPaymentRequirements(config).then(([built]) => {
        if (!built) throw new Error(`no requirements for ${route.path}`);
        return built;
      });
      pending.catch(() => this.requirements.delete(key));
      this.requirements.set(key, pending);
    }
    return pending.catch((err: unknown) => {
      throw unavailable(err);
    });
  }

  /** A 402 carrying the challenge: version 1 body fields and the version 2 header. */
  async paymentRequired(
    offer: Offer,
    code: ErrorCode,
    message: string,
    extra: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ): Promise<ApiError> {
    const { extensions, context } = offer.discovery;
    const declared = this.server.enrichExtensions({ ...CHALLENGE_EXTENSIONS, ...extensions }, context);
    const v2 = await this.server.createPaymentRequiredResponse([offer.v2], offer.resource, message, declared);
    return new ApiError(code, message, {
      details: { x402Version: 1, accepts: [offer.v1], ...extra.details },
      headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(v2), ...extra.headers },
    });
  }

  /**
   * Decodes, matches, claims and verifies a payment; `request` names what it pays for (route and
   * body). A payment whose answer was kept comes back with it; a payment identifier already used
   * for another request, or still in progress, is 409. Throws only when the facilitator or the
   * store is unreachable.
   */
  async accept(offer: Offer, headers: PaymentHeaders, request: string): Promise<Acceptance> {
    let payer = '';
    let claimed: string | undefined;
    let identifier: string | undefined;
    const letGo = async () => {
      if (claimed) await this.replay.release(claimed);
      if (identifier) await this.deliveries.releaseIdentifier(identifier);
    };
    const refuse = async (code: ErrorCode, message: string, reason?: string): Promise<Acceptance> => {
      await letGo();
      const details = reason ? { reason } : undefined;
      return { ok: false, payer, error: await this.paymentRequired(offer, code, message, { details }) };
    };
    try {
      const decoded = decodePayment(headers);
      const scheme = this.schemeOf(offer, decoded);
      const identity = identify(offer.target.v2, offer.target.asset, scheme);
      payer = identity.payer;
      this.matchTerms(offer, decoded, scheme);
      const payment: AcceptedPayment = {
        offer,
        decoded,
        payer,
        network: offer.target.v1,
        id: identity.id,
        fingerprint: digest(headers.xPayment || headers.paymentSignature, request),
        ttlSeconds: replayTtlSeconds(scheme, offer.v2.maxTimeoutSeconds),
      };
      const named = paymentIdentifierOf(decoded);
      if (named) {
        const held = await this.deliveries.claimIdentifier(named, { fingerprint: payment.fingerprint, paymentId: payment.id }, payment.ttlSeconds);
        if (held && held.fingerprint !== payment.fingerprint) {
          return { ok: false, payer, error: conflict('different_request', 'this payment identifier was already used with another payment or request') };
        }
        payment.identifier = named;
        if (!held) identifier = named;
      }
      const kept = await this.deliveries.get(payment.id);
      if (kept) {
        if (kept.fingerprint !== payment.fingerprint) {
          return { ok: false, payer, error: conflict('different_request', 'this payment was already used for another request') };
        }
        return { ok: true, payment, kept };
      }
      if (named && !identifier) {
        return { ok: false, payer, error: conflict('in_progress', 'a request with this payment identifier is still in progress; retry shortly') };
      }
      if (!(await this.replay.claim(payment.id, payment.ttlSeconds))) {
        return await refuse('payment_replayed', 'this payment was already used');
      }
      claimed = payment.id;
      const verdict = await this.verify(offer, decoded);
      if (!verdict.isValid) {
        const reason = verdict.invalidReason ?? 'invalid_payment';
        return await refuse('payment_verification_failed', `payment verification failed: ${reason}`, reason);
      }
      return { ok: true, payment };
    } catch (err) {
      if (err instanceof PaymentRejection) return refuse(err.code, err.message, err.reason);
      if (isStorageOutage(err)) throw err;
      await letGo();
      throw unavailable(err);
    }
  }

  /** Frees the payment identifier of a call that ended uncharged, so it may come with a new payment. */
  async release(payment: AcceptedPayment): Promise<void> {
    if (payment.identifier) await this.deliveries.releaseIdentifier(payment.identifier);
  }

  /** One settlement attempt; never throws. */
  async settleOnce(payment: AcceptedPayment): Promise<SettleAttempt> {
    const { decoded, offer } = payment;
    try {
      const receipt =
        decoded.version === 2
          ? await this.server.settlePayment(decoded.payload, offer.v2)
          : await this.facilitator.settle(...asWire(decoded.payload, offer.v1));
      if (receipt.success) return { kind: 'settled', receipt };
      return receipt.errorReason === NOT_YET_FINAL ? { kind: 'unknown', reason: NOT_YET_FINAL } : { kind: 'refused', receipt };
    } catch (err) {
      // A 4xx with a settle body is the facilitator refusing; a 5xx or no answer says nothing.
      if (err instanceof SettleError && err.statusCode < 500 && err.errorReason !== NOT_YET_FINAL) {
        const { errorReason, transaction, network, payer } = err;
        return { kind: 'refused', receipt: { success: false, errorReason: errorReason ?? err.message, transaction, network, payer } };
      }
      return { kind: 'unknown', reason: err instanceof Error ? err.message : 'settlement failed' };
    }
  }

  /** The exact-scheme payload, once scheme and network match the route. */
  private schemeOf({ route, target }: Offer, decoded: DecodedPayment): SchemePayload {
    const [scheme, network, wantNetwork] =
      decoded.version === 1
        ? [decoded.payload.scheme, decoded.payload.network, target.v1]
        : [decoded.payload.accepted.scheme, decoded.payload.accepted.network, target.v2];
    if (scheme !== 'exact') throw mismatch('scheme', `scheme "${scheme}" is not accepted; pay with "exact"`);
    if (network !== wantNetwork) throw mismatch('network', `${route.path} is paid on ${wantNetwork}, not ${network}`);
    return schemePayload(target.kind, decoded.payload.payload);
  }

  /** Amount, payTo and asset against the route, before the facilitator is asked. */
  private matchTerms({ target, v2: want }: Offer, decoded: DecodedPayment, scheme: SchemePayload) {
    const same = (a: string, b: string) => (target.kind === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b);
    const terms: { amount: string; payTo: string; asset?: string }[] = [];
    if (decoded.version === 2) terms.push(decoded.payload.accepted);
    // What the EVM payer signed, which is what the chain will execute.
    if (scheme.kind === 'evm') terms.push({ amount: scheme.evm.authorization.value, payTo: scheme.evm.authorization.to });
    for (const { amount, payTo, asset } of terms) {
      if (!atLeast(amount, want.amount)) throw mismatch('amount', `amount ${amount} is below the price ${want.amount}`);
      if (!same(payTo, want.payTo)) throw mismatch('payTo', `payTo must be ${want.payTo}`);
      if (asset !== undefined && !same(asset, want.asset)) throw mismatch('asset', `asset must be ${want.asset}`);
    }
  }

  private async verify(offer: Offer, decoded: DecodedPayment): Promise<VerifyResponse> {
    try {
      return decoded.version === 2
        ? await this.server.verifyPayment(decoded.payload, offer.v2)
        : await this.facilitator.verify(...asWire(decoded.payload, offer.v1));
    } catch (err) {
      if (err instanceof VerifyError) return { isValid: false, invalidReason: err.invalidReason ?? err.message };
      throw err;
    }
  }
}

/**
 * The facilitator client sends the payload's own `x402Version` and the objects as they are, so it
 * serves version 1 too; only its parameter types name version 2.
 */
function asWire(payload: PaymentPayloadV1, requirements: PaymentRequirementsV1): [PaymentPayload, PaymentRequirements] {
  return [payload as unknown as PaymentPayload, requirements as unknown as PaymentRequirements];
}
