// Bad input never reaches the queue and never becomes a 500; Redis keeps only what a call needs;
// the admin token holds. The real service (harness) on the suite's Redis.
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenMatches } from '../../shared/credentials.js';
import { MAX_JSON_DEPTH } from '../../shared/json-depth.js';
import type { JobData } from '../../shared/jobs.js';
import { MAX_PROMPT_CHARS } from '../../shared/schemas/common.js';
import { BatchResponseSchema, ErrorBodySchema } from '../../shared/schemas/responses.js';
import { type Harness, startHarness } from '../helpers/harness.js';

/** `[[[...value...]]]`, `depth` arrays deep, as JSON text (built as text: no recursion here either). */
const nested = (depth: number, value = '"x"') => '['.repeat(depth) + value + ']'.repeat(depth);

describe('nesting depth', () => {
  let h: Harness;
  let auth: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    auth = { authorization: `Bearer ${await h.createKey('solo')}` };
  });
  afterAll(async () => h?.close());

  it.each(['/api/score/batch', '/api/score', '/api/score/free', '/api/preflight'])('a body nested 5,000 deep on %s is 400 json_too_deep', async (path) => {
    const body = `{"prompts":[${nested(5000)}],"prompt":${nested(5000)}}`;
    const res = await h.post(path, body, auth);
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(res.body).code).toBe('json_too_deep');
  });

  it(`a batch row within ${MAX_JSON_DEPTH} levels is checked as a row; one level more refuses the body`, async () => {
    // The body object and the prompts array are two levels; the row takes the rest.
    const within = await h.post('/api/score/batch', `{"prompts":["Summarize this report",${nested(MAX_JSON_DEPTH - 2)}]}`, auth);
    expect(within.status).toBe(200);
    expect(BatchResponseSchema.parse(within.body).results[1]).toMatchObject({ error: expect.stringContaining('invalid item') });
    const over = await h.post('/api/score/batch', `{"prompts":["Summarize this report",${nested(MAX_JSON_DEPTH - 1)}]}`, auth);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('json_too_deep');
  });

  it('a payment header nested 5,000 deep is 402 payment_invalid', async () => {
    const header = Buffer.from(`{"x402Version":2,"payload":${nested(5000, '{}')}}`).toString('base64');
    const res = await h.post('/api/score', { prompt: 'hi' }, { 'payment-signature': header });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'payment_invalid' });
  });
});

describe('what Redis keeps', () => {
  it('a batch job carries the checked rows only; finished jobs are kept by count and age', async () => {
    // No workers: the job stays queued long enough to be read, then times out (never charged).
    const h = await startHarness({ pools: [], env: { SCORE_JOB_TIMEOUT_MS: '1500' } });
    try {
      const { key, record } = await h.api.deps.keys.create('solo', 'capacity');
      const junk = [
        { prompt: 'y'.repeat(MAX_PROMPT_CHARS + 1) },
        'z'.repeat(100_000),
        { prompt: 'ok', vertical: 'v'.repeat(50_000) },
        { prompt: 'ok', extra: 'w'.repeat(50_000) },
        ...Array.from({ length: 5 }, () => ({ deep: JSON.parse(nested(40)) as unknown })),
      ];
      const body = { prompts: ['Summarize this report in 3 bullets', ...junk] };
      const sent = h.post('/api/score/batch', body, { authorization: `Bearer ${key}` });
      const queue = h.api.deps.facade.queue('score');
      let jobs = await queue.getJobs(['wait']);
      while (jobs.length === 0) jobs = await queue.getJobs(['wait']);
      const job = jobs[0]!;
      const data = job.data as JobData;
      expect(data.items).toHaveLength(1);
      expect(data.items[0]!.input).toEqual({ rows: [{ prompt: 'Summarize this report in 3 bullets', vertical: 'general' }] });
      expect(JSON.stringify(job.data).length).toBeLessThan(300);
      expect(job.opts).toMatchObject({ removeOnComplete: { count: 0 }, removeOnFail: { count: 1000, age: 3600 } });
      expect((await sent).status).toBe(504);
      expect(await h.api.deps.keys.usage(record.id)).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('a delivered job leaves nothing behind in its queue', async () => {
    const h = await startHarness();
    try {
      const res = await h.post('/api/score/free', { prompt: 'Summarize this report in 3 bullets' });
      expect(res.status).toBe(200);
      const queue = h.api.deps.facade.queue('score');
      expect(await queue.getJob(res.headers.get('x-request-id')!)).toBeUndefined();
      expect(await queue.getJobCounts('completed', 'wait', 'active')).toEqual({ completed: 0, wait: 0, active: 0 });
    } finally {
      await h.close();
    }
  });
});

describe('the admin token', () => {
  const TOKEN = 'admin-secret-0123456789';
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: TOKEN } });
  });
  afterAll(async () => h?.close());

  it.each([
    ['no token', {}],
    ['a wrong token of the same length', { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 5)}` }],
    ['the token with more after it', { authorization: `Bearer ${TOKEN}0` }],
  ])('refuses /admin/queues with %s', async (_label, headers) => {
    const res = await h.request('/admin/queues', { headers });
    expect(res.status).toBe(401);
  });

  it('lets the token in, by header or cookie', async () => {
    expect((await h.request('/admin/queues', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await h.request('/admin/queues', { headers: { cookie: `pg_admin=${TOKEN}` } })).status).toBe(200);
  });

  it('compares digests of equal length whatever was sent', () => {
    expect(adminTokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(adminTokenMatches('', TOKEN)).toBe(false);
    expect(adminTokenMatches(undefined, TOKEN)).toBe(false);
    expect(adminTokenMatches('x'.repeat(10_000), TOKEN)).toBe(false);
  });
});

describe('a client that stalls while sending its request', () => {
  let h: Harness;
  // No workers: an accepted call waits out its job timeout, longer than the request deadline.
  beforeAll(async () => {
    h = await startHarness({ pools: [], env: { HTTP_REQUEST_TIMEOUT_MS: '1000', SCORE_JOB_TIMEOUT_MS: '2500' } });
  });
  afterAll(async () => h?.close());

  it('is answered 408 and let go once HTTP_REQUEST_TIMEOUT_MS has passed without the whole body', async () => {
    const { port } = new URL(h.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    socket.write('POST /api/score/free HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"prompt":');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('does not cut an answer that takes longer than the deadline once the request has arrived', async () => {
    const res = await h.post('/api/score/free', { prompt: 'Summarize the attached report in five bullet points.' });
    expect(res.status).toBe(504);
    expect(ErrorBodySchema.parse(res.body).code).toBe('timeout');
  });
});
