// Access to a paid per-call route: a bearer key, or an x402 payment (X-PAYMENT for version 1,
// PAYMENT-SIGNATURE for version 2). A bearer key wins when both are sent: the payment header is then
// ignored and nothing is settled. A payment is settled only after the handler answered 200; a failed
// job settles nothing, and a failed settlement withholds the result. A handler that answers 200 but
// whose paid part failed sets `ctx.state.notCharged` to a reason code: nothing is settled or metered. Every outcome but the bare
// challenge is audited.
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.js';
import { AppError, isAppError } from '../../shared/errors.js';
import type { PaidRoute } from '../../shared/prices.js';
import type { Redis } from '../../shared/redis.js';
import type { KeyStore } from '../auth/key-store.js';
import { bearerToken } from '../auth/bearer.js';
import type { AuditRecord } from '../payments/audit.js';
import { receiptHeaders } from '../payments/codec.js';
import type { RouteDiscovery } from '../payments/gateway.js';
import type { PaymentDeps } from '../payments/index.js';

export interface AccessDeps extends PaymentDeps {
  config: Config;
  redis: Redis;
  keys: KeyStore;
  logger: Logger;
}

export interface PaidAccessOptions {
  route: PaidRoute;
  /** The job timeout of this route, so a payment's validity window can outlast the work. */
  jobTimeoutMs: number;
  /** What the challenge tells indexers about the route (Bazaar extension, v1 outputSchema). */
  discovery: RouteDiscovery;
}

type Outcome = Pick<AuditRecord, 'auth' | 'payer' | 'network' | 'outcome'> & Partial<Pick<AuditRecord, 'transaction' | 'code'>>;

const codeOf = (error: unknown) => (isAppError(error) ? error.code : 'internal');

export function paidAccess({ route, jobTimeoutMs, discovery }: PaidAccessOptions, deps: AccessDeps): Middleware {
  return async (ctx, next) => {
    const startedAt = new Date().toISOString();
    const audit = (o: Outcome) =>
      deps.audit.write({
        request_id: String(ctx.state.requestId ?? ''),
        endpoint: route.path,
        price_usd: route.priceUsd,
        transaction: '',
        code: '',
        ...o,
        started_at: startedAt,
        finished_at: new Date().toISOString(),
      });
    /**
     * Runs the handler. A throw or a non-200 is audited as a failure, a 200 with `ctx.state.notCharged`
     * as not charged. True only when the call is to be charged.
     */
    const handle = async (who: Pick<Outcome, 'auth' | 'payer' | 'network'>): Promise<boolean> => {
      try {
        await next();
      } catch (error) {
        await audit({ ...who, outcome: 'failed', code: codeOf(error) });
        throw error;
      }
      if (ctx.status !== 200) {
        await audit({ ...who, outcome: 'failed', code: `status_${ctx.status}` });
        return false;
      }
      if (ctx.state.notCharged) {
        await audit({ ...who, outcome: 'not_charged', code: String(ctx.state.notCharged) });
        return false;
      }
      return true;
    };

    const token = bearerToken(ctx.get('authorization'));
    if (token !== undefined) {
      const key = token ? await deps.keys.lookup(token) : null;
      const who = { auth: 'bearer' as const, payer: key ? `key:${key.id}` : '', network: '' };
      if (!key) {
        await audit({ ...who, outcome: 'rejected', code: 'invalid_api_key' });
        throw new AppError(401, 'invalid_api_key', 'invalid, revoked or malformed API key');
      }
      ctx.state.auth = { kind: 'bearer', key };
      if (!(await handle(who))) return;
      await deps.keys.meter(key.id, route.path, route.priceUsd);
      await audit({ ...who, outcome: 'metered' });
      return;
    }

    const { payments } = deps;
    // A caller with neither key nor payment may have sent a bad body (an indexer probing with `{}`):
    // it still gets the challenge, which names the problem so it is fixed before anyone pays.
    const problem = ctx.state.bodyProblem ? `; this request body would be refused: ${(ctx.state.bodyProblem as AppError).message}` : '';
    if (!payments) {
      throw new AppError(
        402,
        'payment_required',
        `${route.path} costs ${route.priceUsd} USD; x402 payments are disabled on this server, call with a bearer API key${problem}`,
      );
    }
    const offer = await payments.offer(route, jobTimeoutMs, deps.config.http.publicBaseUrl ?? `${ctx.protocol}://${ctx.host}`, discovery);
    const headers = { xPayment: ctx.get('x-payment'), paymentSignature: ctx.get('payment-signature') };
    if (!headers.xPayment && !headers.paymentSignature) {
      throw await payments.paymentRequired(offer, 'payment_required', paymentRequiredMessage(route, offer.target.v1) + problem);
    }
    const acceptance = await payments.accept(offer, headers).catch(async (error: unknown) => {
      await audit({ auth: 'x402', payer: '', network: offer.target.v1, outcome: 'failed', code: codeOf(error) });
      throw error;
    });
    if (!acceptance.ok) {
      await audit({ auth: 'x402', payer: acceptance.payer, network: offer.target.v1, outcome: 'rejected', code: acceptance.error.code });
      throw acceptance.error;
    }
    const { payment } = acceptance;
    const who = { auth: 'x402' as const, payer: payment.payer, network: payment.network };
    ctx.state.auth = { kind: 'x402', payer: payment.payer, network: payment.network };
    // Not charged: the authorization is left to expire unsettled; its replay claim stays, so it cannot be reused.
    if (!(await handle(who))) return;

    const settlement = await payments.settle(payment);
    const receipt = receiptHeaders(payment.decoded.version, settlement);
    if (!settlement.success) {
      const reason = settlement.errorReason ?? 'settlement_failed';
      logSettlementFailure(ctx, deps.logger, reason);
      await audit({ ...who, outcome: 'settlement_failed', code: 'settlement_failed', transaction: settlement.transaction });
      throw await payments.paymentRequired(offer, 'settlement_failed', `settlement failed: ${reason}`, {
        details: { reason },
        headers: receipt,
      });
    }
    ctx.set(receipt);
    await audit({ ...who, outcome: 'settled', transaction: settlement.transaction });
  };
}

/** A key or a payment header: such a caller hears about a bad body (400) rather than a challenge. */
export const carriesCredentials = (ctx: Context) =>
  ctx.get('authorization') !== '' || ctx.get('x-payment') !== '' || ctx.get('payment-signature') !== '';

const paymentRequiredMessage = (route: PaidRoute, network: string) =>
  `payment required: ${route.priceUsd} USD in USDC on ${network} (x402), or a bearer API key`;

/** A settlement that timed out may still land on chain: worth an operator's look. */
function logSettlementFailure(ctx: Context, logger: Logger, reason: string) {
  logger.error({ requestId: ctx.state.requestId, path: ctx.path, reason }, 'x402 settlement failed; result withheld');
}
