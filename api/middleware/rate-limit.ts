// Fixed-window rate limits kept in Redis by rate-limiter-flexible (one atomic Lua INCR+PEXPIRE per
// call). Every answer carries RateLimit-* headers; a refusal is 429 with Retry-After.
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Metrics } from '../../shared/metrics.js';
import { ApiError } from './errors.js';
import { type Redis, redisKey } from '../../shared/redis.js';
import type { AppContext, AppMiddleware } from '../state.js';

export interface Limit {
  /** Stable name, part of the Redis key. */
  name: string;
  perMinute: number;
}

export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly metrics: Metrics,
  ) {
    // A limiter defines its Lua command on the client when it is made. An auto-pipelined client
    // hands its pipeline the commands it had when that pipeline was started, so a command defined
    // in the middle of an event-loop turn that already pipelines others is missing from it (and
    // ioredis then throws). One limiter made now, before any request, defines it for good.
    this.limiter({ name: 'free', perMinute: 1 });
  }

  private limiter({ name, perMinute }: Limit): RateLimiterRedis {
    const id = `${name}:${perMinute}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: redisKey(this.prefix, 'ratelimit', name),
        points: perMinute,
        duration: 60,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Spends one request of `subject` under `limit`; throws 429 when none is left. */
  async consume(ctx: AppContext, limit: Limit, subject: string): Promise<void> {
    try {
      const res = await this.limiter(limit).consume(subject);
      setHeaders(ctx, limit, res);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      this.metrics.payments.rateLimited.inc({ limit: limit.name });
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ApiError('rate_limited', `rate limit of ${limit.perMinute} requests per minute exceeded; retry in ${retryAfter} s`, {
        headers: { ...headersFor(limit, rejection), 'Retry-After': String(retryAfter) },
      });
    }
  }
}

function headersFor(limit: Limit, res: RateLimiterRes): Record<string, string> {
  return {
    'RateLimit-Limit': String(limit.perMinute),
    'RateLimit-Remaining': String(Math.max(0, res.remainingPoints)),
    'RateLimit-Reset': String(Math.max(0, Math.ceil(res.msBeforeNext / 1000))),
    'RateLimit-Policy': `${limit.perMinute};w=60`,
  };
}

function setHeaders(ctx: AppContext, limit: Limit, res: RateLimiterRes) {
  for (const [name, value] of Object.entries(headersFor(limit, res))) ctx.set(name, value);
}

/** The free tier: per client address (the socket address, or X-Forwarded-For with TRUST_PROXY). */
export const freeRateLimit = (limits: RateLimits, perMinute: number): AppMiddleware => async (ctx, next) => {
  await limits.consume(ctx, { name: 'free', perMinute }, ctx.ip || 'unknown');
  await next();
};
