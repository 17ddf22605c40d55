// The API's request-path connection auto-pipelines (shared/redis.ts). Its Lua commands must all be
// on the client before the first pipeline: ioredis hands a pipeline the commands the client had when
// the pipeline was started, and one defined later in the same event-loop turn is missing from it
// (ioredis then throws, and its pipeline crashes the process). The rate limiter's first use on a
// turn that already pipelines a key lookup is that case.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KeyStore } from '../../api/auth/key-store.js';
import { RateLimits } from '../../api/middleware/rate-limit.js';
import type { AppContext } from '../../api/state.js';
import { createMetrics } from '../../shared/metrics.js';
import { createRedis, type Redis } from '../../shared/redis.js';

describe('an auto-pipelined connection', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = createRedis(inject('redisUrl'), 'pipelining-test', { commandTimeoutMs: 1_000, autoPipelining: true });
  });
  afterAll(() => redis.quit());

  it('runs a rate limit first used in the same turn as a key lookup, and both are answered', async () => {
    const prefix = `pipe${Date.now()}`;
    const keys = new KeyStore(redis, prefix);
    const limits = new RateLimits(redis, prefix, createMetrics());
    const { key, record } = await keys.create('solo', 'pipelined');
    const headers: Record<string, string> = {};
    const ctx = { set: (name: string, value: string) => void (headers[name] = value) } as unknown as AppContext;
    // Same turn: the lookup starts this turn's pipeline, then a limit of its own is used for the first time.
    const [found] = await Promise.all([keys.lookup(key), limits.consume(ctx, { name: 'pipelined', perMinute: 5 }, 'client')]);
    expect(found?.id).toBe(record.id);
    expect(headers['RateLimit-Remaining']).toBe('4');
  });
});
