// When Redis goes away the service answers quickly with 503 or 504, never hangs and never 500s.
// In the cluster project the Redis that goes away is a whole cluster of the test's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../shared/schemas/responses.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { type OwnRedis, startOwnRedis } from '../helpers/own-redis.js';

describe('Redis outage', () => {
  let redis: OwnRedis;
  let h: Harness;
  let key: string;

  beforeAll(async () => {
    redis = await startOwnRedis();
    h = await startHarness({ env: { REDIS_URL: redis.url, SCORE_JOB_TIMEOUT_MS: '1500' } });
    key = await h.createKey('solo');
    expect((await h.post('/api/score', { prompt: 'hi' }, { authorization: `Bearer ${key}` })).status).toBe(200);
    await redis.stop();
  });
  afterAll(async () => {
    // Connections retry in the background; closing must not wait for a server that is gone.
    await Promise.race([h.close().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
  });

  it.each([
    ['/api/score/free', {}],
    ['/api/score', { authorization: 'Bearer pgk_' + 'a'.repeat(43) }],
  ])('%s answers 503 or 504 with a code within the job timeout', async (path, headers) => {
    const started = Date.now();
    const res = await h.post(path, { prompt: 'hello' }, headers);
    expect([503, 504]).toContain(res.status);
    expect(['not_ready', 'timeout']).toContain(ErrorBodySchema.parse(res.body).code);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('readyz reports the store unreachable', async () => {
    const res = await h.request('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks.redis).toBe('unreachable');
  });

  it('liveness is independent of Redis', async () => {
    expect((await h.request('/healthz')).status).toBe(200);
  });
});
