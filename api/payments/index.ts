// What the paid-access middleware needs, built once at startup from config: the payment gateway
// (absent when X402_ENABLED=false) and the audit log. Bad x402 settings throw ConfigError here.
import { HTTPFacilitatorClient, x402ResourceServer } from '@x402/core/server';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { ExactSvmScheme } from '@x402/svm/exact/server';
import { bazaarResourceServerExtension } from '@x402/extensions/bazaar';
import type { Config } from '../../shared/config.js';
import type { Logger } from '../../shared/logger.js';
import type { Redis } from '../../shared/redis.js';
import { AuditLog } from './audit.js';
import { FACILITATOR_TIMEOUT_MS, PaymentGateway } from './gateway.js';
import { resolveTargets } from './networks.js';
import { ReplayGuard } from './replay.js';

export interface PaymentDeps {
  /** Undefined when x402 is disabled: paid endpoints then take bearer keys only. */
  payments: PaymentGateway | undefined;
  audit: AuditLog;
}

export function createPaymentDeps(config: Config, redis: Redis, logger: Logger): PaymentDeps {
  const audit = new AuditLog(redis, config.redis.prefix, config.x402.auditStreamMaxLen, logger);
  if (!config.x402.enabled) return { payments: undefined, audit };
  const targets = resolveTargets(config.x402);
  const facilitator = new HTTPFacilitatorClient({ url: config.x402.facilitatorUrl, timeoutMs: FACILITATOR_TIMEOUT_MS });
  const server = new x402ResourceServer(facilitator)
    .register(targets.evm.v2, new ExactEvmScheme())
    .register(targets.svm.v2, new ExactSvmScheme())
    // Fills in the Bazaar discovery extension of each challenge (the method, from the route).
    .registerExtension(bazaarResourceServerExtension);
  const payments = new PaymentGateway(targets, server, facilitator, new ReplayGuard(redis, config.redis.prefix));
  return { payments, audit };
}
