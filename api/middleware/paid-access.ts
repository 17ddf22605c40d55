// Access to a paid per-call route: a bearer key, or an x402 payment (X-PAYMENT for version 1,
// PAYMENT-SIGNATURE for version 2). A bearer key wins when both are sent: the payment header is then
// ignored and nothing is settled. A call is charged (settled or metered) only when its work
// delivered a 200 body, the job's declaration charges that result (a proxy call whose provider
// failed is not), and its client is still connected to receive the body; a failed job settles
// nothing, and a failed settlement withholds the result. A settlement whose outcome is unknown is
// answered 502 `settlement_pending` and its answer kept: a retry with the same payment gets it,
// never paying twice (payments/settlement.ts). Every outcome but the bare challenge is audited.
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.js';
import type { Metrics, PaymentEvent } from '../../shared/metrics.js';
import type { AfterResponse } from '../after-response.js';
import { ApiError, isExpectedError } from './errors.js';
import type { PaidRoute } from '../../shared/prices.js';
import { isStorageOutage, type Redis } from '../../shared/redis.js';
import type { KeyStore } from '../auth/key-store.js';
import { bearerToken } from '../../shared/credentials.js';
import type { AuditRecord } from '../payments/audit.js';
import { receiptHeaders } from '../payments/codec.js';
import type { Delivery } from '../payments/deliveries.js';
import type { AcceptedPayment, Offer, PaymentGateway, RouteDiscovery } from '../payments/gateway.js';
import type { PaymentDeps } from '../payments/index.js';
import type { SettleOutcome, Settlements } from '../payments/settlement.js';
import type { AppContext } from '../state.js';
import { deliver, type Guard, type Work } from './access.js';
import { clientGone } from './client-gone.js';

export interface AccessDeps extends PaymentDeps {
  config: Config;
  redis: Redis;
  keys: KeyStore;
  logger: Logger;
  metrics: Metrics;
  /** Where a bearer call's meter and audit record run once its answer is on its way. */
  afterResponse: AfterResponse;
}

export interface PaidAccessOptions {
  route: PaidRoute;
  /** The job timeout of this route, so a payment's validity window can outlast the work. */
  jobTimeoutMs: number;
  /** What the challenge tells indexers about the route (Bazaar extension, v1 outputSchema). */
  discovery: RouteDiscovery;
}

type Outcome = Pick<AuditRecord, 'auth' | 'payer' | 'network' | 'outcome'> & Partial<Pick<AuditRecord, 'transaction' | 'code'>>;
type Who = Pick<Outcome, 'auth' | 'payer' | 'network'>;

const codeOf = (error: unknown) => (isExpectedError(error) ? error.code : 'internal');

/** How soon a client may retry a payment whose settlement is pending. */
const SETTLEMENT_RETRY_AFTER_S = 2;

export function paidAccess({ route, jobTimeoutMs, discovery }: PaidAccessOptions, deps: AccessDeps): Guard {
  const count = counters(deps.metrics, route);
  return async (ctx, { work, refused }) => {
    const startedAt = new Date().toISOString();
    const audit = (o: Outcome) =>
      deps.audit.write({
        request_id: ctx.state.requestId,
        endpoint: route.path,
        price_usd: route.priceUsd,
        transaction: '',
        code: '',
        ...o,
        started_at: startedAt,
        finished_at: new Date().toISOString(),
      });
    /** With the store itself unreachable the record could not be written either: not waited on. */
    const auditFailure = async (who: Who, error: unknown) => {
      if (!isStorageOutage(error) && !isStorageOutage((error as { cause?: unknown })?.cause)) {
        await audit({ ...who, outcome: 'failed', code: codeOf(error) });
      }
    };
    /**
     * Runs the work, or takes the one already `started`. A throw is audited as a failure; a delivery its job does not charge, or whose
     * client has gone, as not charged. True only when the call is to be charged.
     */
    const handle = async (who: Who, started?: ReturnType<Work>): Promise<boolean> => {
      let notCharged: string | undefined;
      try {
        notCharged = deliver(ctx, await (started ?? work()));
      } catch (error) {
        await auditFailure(who, error);
        throw error;
      }
      notCharged ??= clientGone(ctx) ? 'client_gone' : undefined;
      if (notCharged) {
        count.notCharged(who.auth, notCharged);
        await audit({ ...who, outcome: 'not_charged', code: notCharged });
        return false;
      }
      return true;
    };

    /**
     * The `metered` record after the meter's reply, never before: no `metered` record for usage that
     * was not counted. (Usage and audit live in two slots of a cluster, so they cannot share one
     * script or transaction.) It is written once the client has its answer; a record that cannot be
     * written is logged by AuditLog.write, and the API waits for this before closing Redis.
     */
    const meterAndAudit = async (keyId: string, who: Who) => {
      try {
        await deps.keys.meter(keyId, route.path, route.priceUsd);
      } catch (err) {
        deps.logger.error({ err, requestId: ctx.state.requestId, key: keyId, path: route.path }, 'metering failed; answer delivered, usage may be short');
        return;
      }
      count.charged('bearer');
      await audit({ ...who, outcome: 'metered' });
    };

    const token = bearerToken(ctx.get('authorization'));
    if (token !== undefined) {
      const presented = token ? deps.keys.present(token) : null;
      // A key whose live record this process has read before: its work starts now, alongside the
      // read of its record, rather than one round trip later (two process hops off the call's path).
      // Should the record say revoked or gone, the work is dropped unanswered and uncharged, and the
      // key is forgotten, so the next call with it reads its mapping first and starts nothing. A key
      // never seen live (a bogus one) never starts work before its record says it may.
      const started = presented?.rememberedId !== undefined ? work() : undefined;
      // Its outcome is read below, or dropped with the key: never an unhandled rejection.
      started?.catch(() => undefined);
      const key = await deps.keys.lookup(presented);
      const who = { auth: 'bearer' as const, payer: key ? `key:${key.id}` : '', network: '' };
      if (!key) {
        await audit({ ...who, outcome: 'rejected', code: 'invalid_api_key' });
        throw new ApiError('invalid_api_key', 'invalid, revoked or malformed API key');
      }
      ctx.state.auth = { kind: 'bearer', key };
      if (!(await handle(who, started))) return;
      // Charged: the meter is sent now, while the client is known to be there, and the answer is
      // written in this same turn without waiting for Redis's reply: the meter's and the audit record's
      // round trips (four process hops) leave the call's path.
      // Waiting would make the charge no surer: the answer is delivered even when its meter fails (a
      // meter that timed out may still be applied once Redis answers, and an answer refused after it
      // would be charged without being delivered), and every hop waited is more time for the client
      // to leave between the check above and its answer. Commands keep their order on a connection,
      // so a usage read sent after the answer arrived sees this call.
      deps.afterResponse.track(meterAndAudit(key.id, who));
      return;
    }

    const { payments, settlements } = deps;
    // A caller with neither key nor payment may have sent a bad body (an indexer probing with `{}`):
    // it still gets the challenge, which names the problem so it is fixed before anyone pays.
    const problem = refused ? `; this request body would be refused: ${refused.message}` : '';
    if (!payments || !settlements) {
      throw new ApiError('payment_required',
        `${route.path} costs ${route.priceUsd} USD; x402 payments are disabled on this server, call with a bearer API key${problem}`,
      );
    }
    const offer = await payments.offer(route, jobTimeoutMs, deps.config.http.publicBaseUrl ?? `${ctx.protocol}://${ctx.host}`, discovery);
    const headers = { xPayment: ctx.get('x-payment'), paymentSignature: ctx.get('payment-signature') };
    if (!headers.xPayment && !headers.paymentSignature) {
      throw await payments.paymentRequired(offer, 'payment_required', paymentRequiredMessage(route, offer.target.v1) + problem);
    }
    // What the payment pays for, so a retry of it must ask for the same thing.
    const request = `${route.path}\n${JSON.stringify(ctx.state.body ?? null)}`;
    const acceptance = await payments.accept(offer, headers, request).catch(async (error: unknown) => {
      await auditFailure({ auth: 'x402', payer: '', network: offer.target.v1 }, error);
      throw error;
    });
    if (!acceptance.ok) {
      count.x402(acceptance.error.code === 'payment_replayed' ? 'replay_refused' : 'rejected');
      await audit({ auth: 'x402', payer: acceptance.payer, network: offer.target.v1, outcome: 'rejected', code: acceptance.error.code });
      throw acceptance.error;
    }
    const { payment, kept } = acceptance;
    const who = { auth: 'x402' as const, payer: payment.payer, network: payment.network };
    ctx.state.auth = { kind: 'x402', payer: payment.payer, network: payment.network };
    const charge: Charge = { ctx, audit, who, payment, payments, offer, logger: deps.logger, count };
    if (kept) return redeliver(charge, settlements, kept);
    count.x402('verified');
    // Not charged: the authorization is left to expire unsettled; its replay claim stays, so it cannot be reused.
    if (!(await handle(who))) return void (await payments.release(payment));

    const answer = { requestId: ctx.state.requestId, body: JSON.stringify(ctx.body) };
    const outcome = await settlements.settle(payment, answer, lateAudit(charge));
    await answerSettlement(charge, outcome);
    // Gone while it was being settled: charged, so its answer is kept for a retry of the same payment.
    if (outcome.kind === 'settled' && clientGone(ctx)) await settlements.keep(payment, answer, outcome.receipt);
  };
}

/** Everything answering a settlement needs. */
interface Charge {
  ctx: AppContext;
  audit: (o: Outcome) => Promise<void>;
  who: Who;
  payment: AcceptedPayment;
  payments: PaymentGateway;
  offer: Offer;
  logger: Logger;
  count: Counters;
}

/** The payment series of one route (shared/metrics.ts). */
function counters({ payments }: Metrics, route: PaidRoute) {
  const labels = { route: route.path };
  return {
    x402: (outcome: PaymentEvent) => payments.x402.inc({ ...labels, outcome }),
    /** A charge made: counted where it is made (a settlement that landed, a meter), never before. */
    charged: (auth: Who['auth']) => payments.charged.inc({ ...labels, auth }),
    notCharged: (auth: Who['auth'], reason: string) => payments.notCharged.inc({ ...labels, auth, reason }),
  };
}
type Counters = ReturnType<typeof counters>;

/** A retry of a payment whose answer was kept: that answer, never a second charge. */
async function redeliver(charge: Charge, settlements: Settlements, kept: Delivery) {
  const { ctx, audit, who } = charge;
  // Settling again is a charge like any other: only for a client still there.
  if (kept.state === 'pending' && clientGone(ctx)) {
    charge.count.notCharged(who.auth, 'client_gone');
    return void (await audit({ ...who, outcome: 'not_charged', code: 'client_gone' }));
  }
  const outcome = await settlements.resume(charge.payment, kept, lateAudit(charge));
  if (outcome.kind === 'settled') {
    ctx.status = 200;
    ctx.body = JSON.parse(kept.body) as unknown;
  }
  await answerSettlement(charge, outcome);
}

/** The answer to a settlement: the receipt with the body, 402 without it, or 502 to retry. */
async function answerSettlement({ ctx, audit, who, payment, payments, offer, logger, count }: Charge, outcome: SettleOutcome) {
  countSettlement(count, outcome);
  switch (outcome.kind) {
    case 'settled': {
      ctx.set(receiptHeaders(payment.decoded.version, outcome.receipt));
      await audit({ ...who, outcome: outcome.fresh ? 'settled' : 'redelivered', transaction: outcome.receipt.transaction });
      return;
    }
    case 'failed': {
      const reason = outcome.receipt.errorReason ?? 'settlement_failed';
      logger.error({ requestId: ctx.state.requestId, path: ctx.path, reason }, 'x402 settlement failed; result withheld');
      await audit({ ...who, outcome: 'settlement_failed', code: 'settlement_failed', transaction: outcome.receipt.transaction });
      await payments.release(payment);
      throw await payments.paymentRequired(offer, 'settlement_failed', `settlement failed: ${reason}`, {
        details: { reason },
        headers: receiptHeaders(payment.decoded.version, outcome.receipt),
      });
    }
    case 'pending': {
      await audit({ ...who, outcome: 'settlement_pending', code: 'settlement_pending' });
      throw new ApiError('settlement_pending',
        'the payment facilitator has not confirmed the settlement yet; send the same request with the same payment header again to get the answer (it is never charged twice)',
        { headers: { 'Retry-After': String(SETTLEMENT_RETRY_AFTER_S) } },
      );
    }
  }
}

/** A settlement's outcome in the payment series; a kept answer handed over again (not fresh) charges nothing. */
function countSettlement(count: Counters, outcome: SettleOutcome) {
  if (outcome.kind === 'pending') return count.x402('settlement_pending');
  if (outcome.kind === 'failed') return count.x402('settlement_failed');
  if (!outcome.fresh) return;
  count.x402('settled');
  count.charged('x402');
}

/** How a followed settlement ended, in the audit, under the request that started it. */
function lateAudit({ audit, who, logger, count }: Charge) {
  return (late: SettleOutcome) => {
    if (late.kind === 'pending') return;
    countSettlement(count, late);
    logger.info({ outcome: late.kind }, 'x402 settlement outcome known after its client was answered');
    void audit(
      late.kind === 'settled'
        ? { ...who, outcome: 'settled', transaction: late.receipt.transaction }
        : { ...who, outcome: 'settlement_failed', code: 'settlement_failed', transaction: late.receipt.transaction },
    );
  };
}

/** A key or a payment header: such a caller hears about a bad body (400) rather than a challenge. */
export const carriesCredentials = (ctx: AppContext) =>
  ctx.get('authorization') !== '' || ctx.get('x-payment') !== '' || ctx.get('payment-signature') !== '';

const paymentRequiredMessage = (route: PaidRoute, network: string) =>
  `payment required: ${route.priceUsd} USD in USDC on ${network} (x402), or a bearer API key`;
