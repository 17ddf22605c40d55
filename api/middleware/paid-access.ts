// PLACEHOLDER (to be replaced by the x402 work): bearer keys only, and a bare 402 otherwise.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.js';
import { AppError } from '../../shared/errors.js';
import type { PaidRoute } from '../../shared/prices.js';
import type { Redis } from '../../shared/redis.js';
import type { KeyStore } from '../auth/key-store.js';
import { bearerToken } from '../auth/bearer.js';

export interface AccessDeps {
  config: Config;
  redis: Redis;
  keys: KeyStore;
  logger: Logger;
}

export interface PaidAccessOptions {
  route: PaidRoute;
  /** The job timeout of this route, so a payment's validity window can outlast the work. */
  jobTimeoutMs: number;
}

export function paidAccess({ route }: PaidAccessOptions, deps: AccessDeps): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (token === undefined) {
      throw new AppError(402, 'payment_required', `payment required: ${route.priceUsd} USDC`);
    }
    const key = await deps.keys.lookup(token);
    if (!key) throw new AppError(401, 'invalid_api_key', 'invalid, revoked or malformed API key');
    ctx.state.auth = { kind: 'bearer', key };
    await next();
    if (ctx.status === 200) await deps.keys.meter(key.id, route.path, route.priceUsd);
  };
}
