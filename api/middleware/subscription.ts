// /api/v1/optimize: bearer keys only; a subscription tier is required and limits per tier apply.
import type { Config } from '../../shared/config.js';
import type { Metrics } from '../../shared/metrics.js';
import { ApiError } from './errors.js';
import { bearerToken } from '../../shared/credentials.js';
import type { KeyStore } from '../auth/key-store.js';
import { isSubscription } from '../auth/tiers.js';
import { deliver, type Guard } from './access.js';
import { clientGone } from './client-gone.js';
import type { RateLimits } from './rate-limit.js';

export const subscriptionAccess =
  (config: Config, keys: KeyStore, limits: RateLimits, metrics: Metrics, route: string): Guard =>
  async (ctx, { work }) => {
    const token = bearerToken(ctx.get('authorization'));
    if (token === undefined) {
      throw new ApiError('api_key_required', 'this endpoint needs Authorization: Bearer <API_KEY> with a subscription');
    }
    const key = await keys.lookup(token);
    if (!key) throw new ApiError('invalid_api_key', 'invalid, revoked or malformed API key');
    if (!isSubscription(key.tier)) {
      throw new ApiError('subscription_required', 'this key is on the free tier; /api/v1/optimize needs a solo, team, business or enterprise subscription');
    }
    const perMinute = config.rateLimits.optimizePerMin[key.tier];
    await limits.consume(ctx, { name: `optimize-${key.tier}`, perMinute }, key.id);
    ctx.state.auth = { kind: 'bearer', key };
    const notCharged = deliver(ctx, await work());
    // Included in the subscription: metered for the usage report (nothing owed per call), when delivered.
    const reason = notCharged ?? (clientGone(ctx) ? 'client_gone' : undefined);
    if (reason) return void metrics.payments.notCharged.inc({ route, auth: 'subscription', reason });
    await keys.meter(key.id, ctx.path, 0);
    metrics.payments.charged.inc({ route, auth: 'subscription' });
  };
