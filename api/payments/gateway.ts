// The x402 side of a paid call, on @x402/core's resource server and HTTP facilitator client with the
// exact schemes of @x402/evm and @x402/svm: requirements per route, the challenge in both versions
// (version 1 body, version 2 `PAYMENT-REQUIRED` header, both carrying the route's discovery
// metadata), matching, the replay guard, verification and settlement. Koa stays in the middleware; nothing here signs or checks a signature itself.
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
import { AppError, type ErrorCode } from '../../shared/errors.js';
import { type PaidRoute, usdToAtomic } from '../../shared/prices.js';
import {
  type DecodedPayment,
  decodePayment,
  identify,
  type PaymentHeaders,
  PaymentRejection,
  type SchemePayload,
  schemePayload,
} from './codec.js';
import type { PaymentTarget, PaymentTargets } from './networks.js';
import type { ReplayGuard } from './replay.js';

/** Per-request limit on facilitator calls (/verify, /settle, /supported). */
export const FACILITATOR_TIMEOUT_MS = 30_000;
/** Client clock skew, the request's travel and the facilitator's own 6 s expiry guard. */
const WINDOW_MARGIN_S = 30;
/** Pause before asking an unreachable facilitator's /supported again. */
const INIT_RETRY_MS = 5_000;
/** Replay claims outlive the payment by this much. */
const REPLAY_MARGIN_S = 60;
/** Longest replay claim; a longer-lived authorization that was settled is refused by its used nonce. */
const REPLAY_MAX_TTL_S = 7 * 24 * 3600;

/**
 * `maxTimeoutSeconds` of a route: the authorization must still be valid when settlement runs after
 * verification and the job, each at its limit, so a slow job never outlives what pays for it.
 */
export function paymentWindowSeconds(jobTimeoutMs: number): number {
  return Math.ceil((FACILITATOR_TIMEOUT_MS + jobTimeoutMs + FACILITATOR_TIMEOUT_MS) / 1000) + WINDOW_MARGIN_S;
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
}

export type Acceptance = { ok: true; payment: AcceptedPayment } | { ok: false; error: AppError; payer: string };

const unavailable = (err: unknown) =>
  new AppError(502, 'facilitator_unavailable', 'payment facilitator unavailable, try again', { cause: err });

const mismatch = (reason: string, message: string) => new PaymentRejection('payment_mismatch', message, reason);

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
      maxTimeoutSeconds: paymentWindowSeconds(jobTimeoutMs),
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
  ): Promise<AppError> {
    const { extensions, context } = offer.discovery;
    const v2 = await this.server.createPaymentRequiredResponse(
      [offer.v2],
      offer.resource,
      message,
      this.server.enrichExtensions(extensions, context),
    );
    return new AppError(402, code, message, {
      details: { x402Version: 1, accepts: [offer.v1], ...extra.details },
      headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(v2), ...extra.headers },
    });
  }

  /** Decodes, matches, claims and verifies a payment. Throws only when the facilitator is unreachable. */
  async accept(offer: Offer, headers: PaymentHeaders): Promise<Acceptance> {
    let payer = '';
    let claimed: string | undefined;
    const refuse = async (code: ErrorCode, message: string, reason?: string): Promise<Acceptance> => {
      if (claimed) await this.replay.release(claimed);
      const details = reason ? { reason } : undefined;
      return { ok: false, payer, error: await this.paymentRequired(offer, code, message, { details }) };
    };
    try {
      const decoded = decodePayment(headers);
      const scheme = this.schemeOf(offer, decoded);
      const identity = identify(offer.target.v2, offer.target.asset, scheme);
      payer = identity.payer;
      this.matchTerms(offer, decoded, scheme);
      if (!(await this.replay.claim(identity.id, replayTtlSeconds(scheme, offer.v2.maxTimeoutSeconds)))) {
        return await refuse('payment_replayed', 'this payment was already used');
      }
      claimed = identity.id;
      const verdict = await this.verify(offer, decoded);
      if (!verdict.isValid) {
        const reason = verdict.invalidReason ?? 'invalid_payment';
        return await refuse('payment_verification_failed', `payment verification failed: ${reason}`, reason);
      }
      return { ok: true, payment: { offer, decoded, payer, network: offer.target.v1 } };
    } catch (err) {
      if (err instanceof PaymentRejection) return refuse(err.code, err.message, err.reason);
      if (claimed) await this.replay.release(claimed);
      throw unavailable(err);
    }
  }

  /** Settles an accepted payment; a failure comes back as `success: false`, never as a throw. */
  async settle(payment: AcceptedPayment): Promise<SettleResponse> {
    const { decoded, offer } = payment;
    try {
      return decoded.version === 2
        ? await this.server.settlePayment(decoded.payload, offer.v2)
        : await this.facilitator.settle(...asWire(decoded.payload, offer.v1));
    } catch (err) {
      if (err instanceof SettleError) {
        const { errorReason, transaction, network, payer } = err;
        return { success: false, errorReason: errorReason ?? err.message, transaction, network, payer };
      }
      const errorReason = err instanceof Error ? err.message : 'settlement failed';
      return { success: false, errorReason, transaction: '', network: offer.v2.network };
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
