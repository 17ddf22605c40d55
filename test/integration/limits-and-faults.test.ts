// Free-tier limits, client addresses, timeouts, readiness and the keys CLI, against the real service.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, FreeScoreResponseSchema } from '../../shared/schemas/responses.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const run = promisify(execFile);

/** Lets the current free-tier window of every client end, as if a minute had passed. */
async function expireFreeWindows(h: Harness) {
  const keys = await h.keys(`${h.config.redis.prefix}:ratelimit:free*`);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) await h.redis.pexpire(key, 1);
  await new Promise((r) => setTimeout(r, 20));
}

describe('free tier rate limit (socket address)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('allows 5 calls a minute, refuses the 6th with 429 and Retry-After, then allows again', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.post('/api/score/free', { prompt: `prompt number ${i}` });
      expect(res.status).toBe(200);
      FreeScoreResponseSchema.parse(res.body);
      remaining.push(res.headers.get('ratelimit-remaining') ?? '');
      expect(res.headers.get('ratelimit-limit')).toBe('5');
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);

    const sixth = await h.post('/api/score/free', { prompt: 'one too many' });
    expect(sixth.status).toBe(429);
    expect(ErrorBodySchema.parse(sixth.body).code).toBe('rate_limited');
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sixth.headers.get('ratelimit-remaining')).toBe('0');

    // X-Forwarded-For is not trusted without TRUST_PROXY: a forged address is still the same client.
    const forged = await h.post('/api/score/free', { prompt: 'spoofed' }, { 'x-forwarded-for': '203.0.113.9' });
    expect(forged.status).toBe(429);

    await expireFreeWindows(h);
    const later = await h.post('/api/score/free', { prompt: 'a new minute' });
    expect(later.status).toBe(200);
    expect(FreeScoreResponseSchema.parse(later.body).prompt).toBe('a new minute');
  });
});

describe('free tier rate limit behind a trusted proxy', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { TRUST_PROXY: 'true', FREE_RATE_LIMIT_PER_MIN: '2' } });
  });
  afterAll(() => h.close());

  it('counts each X-Forwarded-For client separately and honours FREE_RATE_LIMIT_PER_MIN', async () => {
    const as = (ip: string) => h.post('/api/score/free', { prompt: 'hi' }, { 'x-forwarded-for': ip });
    expect((await as('198.51.100.1')).status).toBe(200);
    expect((await as('198.51.100.1')).status).toBe(200);
    expect((await as('198.51.100.1')).status).toBe(429);
    expect((await as('198.51.100.2')).status).toBe(200);
  });
});

describe('timeouts and readiness without workers', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness({ pools: [], env: { SCORE_JOB_TIMEOUT_MS: '300' } });
    key = await h.createKey('solo');
  });
  afterAll(() => h.close());

  it('answers 504 timeout when no worker takes the job, and discards the job', async () => {
    const res = await h.post('/api/score', { prompt: 'nobody will score this' }, { authorization: `Bearer ${key}` });
    expect(res.status).toBe(504);
    expect(ErrorBodySchema.parse(res.body).code).toBe('timeout');
    const requestId = res.headers.get('x-request-id')!;
    expect(await h.api.deps.facade.queue('score').getJob(requestId)).toBeUndefined();
  });

  it('does not meter a call that timed out', async () => {
    const store = h.api.deps.keys;
    const { key: k, record } = await store.create('solo', 'timeout');
    await h.post('/api/score', { prompt: 'x' }, { authorization: `Bearer ${k}` });
    expect(await store.usage(record.id)).toEqual([]);
  });

  it('readyz is 503 naming the missing pools', async () => {
    const res = await h.request('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'not_ready', checks: { redis: 'ok', workers_score: 'none', workers_llm: 'none' } });
    expect((await h.request('/healthz')).status).toBe(200);
  });
});

describe('keys CLI', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ pools: ['score'] });
  });
  afterAll(() => h.close());

  const keys = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', ...args], {
      env: { ...process.env, REDIS_URL: h.config.redis.url, QUEUE_PREFIX: h.config.redis.prefix },
    });

  it('creates a key that works, lists it, reports its usage and revokes it', async () => {
    const { stdout } = await keys('create', '--tier', 'team', '--name', 'ci');
    const key = stdout.trim();
    expect(key).toMatch(/^pgk_[A-Za-z0-9_-]{43}$/);
    expect(stdout).toBe(`${key}\n`); // the key alone on stdout

    expect((await h.post('/api/score', { prompt: 'hi' }, { authorization: `Bearer ${key}` })).status).toBe(200);

    const list = (await keys('list')).stdout;
    const line = list.split('\n').find((l) => l.includes('\tteam\t'))!;
    const id = line.split('\t')[0]!;
    expect(line).toContain('active');
    expect(list).not.toContain(key); // only a hint of the key is ever shown

    const usage = (await keys('usage', id)).stdout;
    expect(usage).toContain('/api/score\t1 calls\t$0.025000');

    expect((await keys('revoke', id)).stdout).toContain(`revoked ${id}`);
    expect((await h.post('/api/score', { prompt: 'hi' }, { authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await keys('list')).stdout).toContain('revoked');
  });

  it('refuses an unknown tier with exit code 2', async () => {
    await expect(keys('create', '--tier', 'platinum')).rejects.toMatchObject({ code: 2 });
  });

  it('stores only hashes in Redis', async () => {
    const key = (await keys('create', '--tier', 'solo')).stdout.trim();
    const all = await h.keys(`${h.config.redis.prefix}:*`);
    for (const k of all) {
      expect(k).not.toContain(key);
      const type = await h.redis.type(k);
      if (type === 'hash') expect(JSON.stringify(await h.redis.hgetall(k))).not.toContain(key);
      if (type === 'string') expect(await h.redis.get(k)).not.toContain(key);
    }
  });
});
