// What the paid-access middleware needs, built once at startup from config: the payment gateway and
// its settlement desk (absent when X402_ENABLED=false) and the audit log. Bad x402 settings throw
// ConfigError here.
import { type FacilitatorClient, HTTPFacilitatorClient, x402ResourceServer } from '@x402/core/server';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { bazaarResourceServerExtension } from '@x402/extensions/bazaar';
import { paymentIdentifierResourceServerExtension } from '@x402/extensions/payment-identifier';
import { ExactSvmScheme } from '@x402/svm/exact/server';
import type { Config } from '../../shared/config.js';
import type { Logger } from '../../shared/logger.js';
import type { Redis } from '../../shared/redis.js';
import { AuditLog } from './audit.js';
import { DeliveryStore } from './deliveries.js';
import { PaymentGateway } from './gateway.js';
import { resolveTargets } from './networks.js';
import { ReplayGuard } from './replay.js';
import { SETTLE_FOLLOW_UP_MS, Settlements } from './settlement.js';

export interface PaymentDeps {
  /** Undefined when x402 is disabled: paid endpoints then take bearer keys only. */
  payments: PaymentGateway | undefined;
  /** Present with `payments`. */
  settlements: Settlements | undefined;
  audit: AuditLog;
}

/**
 * /verify and /supported are limited to what a client waits; /settle runs longer, because a
 * settlement the client stopped waiting for may still land and is followed (settlement.ts), while
 * the client's own wait is bounded by Settlements.
 */
function facilitatorClient(url: string, timeoutMs: number): FacilitatorClient {
  const quick = new HTTPFacilitatorClient({ url, timeoutMs });
  const patient = new HTTPFacilitatorClient({ url, timeoutMs: SETTLE_FOLLOW_UP_MS });
  return {
    verify: (payload, requirements) => quick.verify(payload, requirements),
    settle: (payload, requirements) => patient.settle(payload, requirements),
    getSupported: () => quick.getSupported(),
  };
}

export function createPaymentDeps(config: Config, redis: Redis, logger: Logger): PaymentDeps {
  const audit = new AuditLog(redis, config.redis.prefix, config.x402.auditStreamMaxLen, logger);
  if (!config.x402.enabled) return { payments: undefined, settlements: undefined, audit };
  const targets = resolveTargets(config.x402);
  const { facilitatorUrl, facilitatorTimeoutMs } = config.x402;
  const facilitator = facilitatorClient(facilitatorUrl, facilitatorTimeoutMs);
  const server = new x402ResourceServer(facilitator)
    .register(targets.evm.v2, new ExactEvmScheme())
    .register(targets.svm.v2, new ExactSvmScheme())
    .registerExtension(paymentIdentifierResourceServerExtension)
    // Fills in the Bazaar discovery extension of each challenge (the method, from the route).
    .registerExtension(bazaarResourceServerExtension);
  const deliveries = new DeliveryStore(redis, config.redis.prefix);
  const replay = new ReplayGuard(redis, config.redis.prefix);
  const payments = new PaymentGateway(targets, server, facilitator, replay, deliveries, facilitatorTimeoutMs);
  return { payments, settlements: new Settlements(payments, deliveries, facilitatorTimeoutMs, logger), audit };
}
