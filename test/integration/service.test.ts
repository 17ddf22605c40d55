// The service end to end: real HTTP into the Koa app, real BullMQ workers, real Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../../api/auth/key-store.js';
import { MAX_PROMPT_CHARS, VERTICALS } from '../../shared/schemas/common.js';
import {
  BatchResponseSchema,
  ErrorBodySchema,
  FreeScoreResponseSchema,
  ScoreResponseSchema,
  SvcGradeResponseSchema,
  VariantsPreviewSchema,
  VariantsResponseSchema,
} from '../../shared/schemas/responses.js';
import { scorePrompt } from '../../shared/scoring/index.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const PROMPT = 'Write a Python function that parses ISO-8601 dates and returns a datetime; raise ValueError on bad input.';

/** An error body is `{error, code}` with the expected code. */
function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(ErrorBodySchema.parse(res.body).code).toBe(code);
}

describe('service', () => {
  let h: Harness;
  let key: string;

  beforeAll(async () => {
    h = await startHarness();
    key = await h.createKey('free');
  });
  afterAll(() => h.close());

  const paid = (path: string, body: unknown) => h.post(path, body, { authorization: `Bearer ${key}` });

  describe('POST /api/score/free', () => {
    it('answers the flat engine score for the prompt and vertical', async () => {
      const res = await h.post('/api/score/free', { prompt: PROMPT, vertical: 'software' });
      expect(res.status).toBe(200);
      const body = FreeScoreResponseSchema.parse(res.body);
      const engine = scorePrompt(PROMPT, 'software');
      expect(body).toMatchObject({ prompt: PROMPT, vertical: 'software', score: engine.total, grade: engine.grade, out_of: 80 });
      expect(body).not.toHaveProperty('dimensions');
    });

    it('defaults the vertical to general', async () => {
      const res = await h.post('/api/score/free', { prompt: 'hello there' }, { 'x-forwarded-for': '1.1.1.1' });
      expect(FreeScoreResponseSchema.parse(res.body).vertical).toBe('general');
    });
  });

  describe('paid endpoints with a bearer key', () => {
    it('/api/score returns the score object, percentile and exactly 3 fixes', async () => {
      const res = await paid('/api/score', { prompt: PROMPT, vertical: 'software' });
      expect(res.status).toBe(200);
      const body = ScoreResponseSchema.parse(res.body);
      const engine = scorePrompt(PROMPT, 'software');
      expect(body.score).toEqual({
        total: engine.total,
        out_of: 80,
        grade: engine.grade,
        percentile: engine.percentile,
        dimensions: engine.dimensions,
      });
      expect(body.top_fixes).toEqual(engine.top_fixes);
    });

    it('/api/score/sol answers the same shape', async () => {
      const res = await paid('/api/score/sol', { prompt: PROMPT });
      expect(res.status).toBe(200);
      expect(ScoreResponseSchema.parse(res.body).vertical).toBe('general');
    });

    it('meters usage per key and endpoint', async () => {
      const store = new KeyStore(h.redis, h.config.redis.prefix);
      const { key: fresh, record } = await store.create('solo', 'meter');
      await h.post('/api/svc-grade', { prompt: PROMPT }, { authorization: `Bearer ${fresh}` });
      await h.post('/api/svc-grade', { prompt: PROMPT }, { authorization: `Bearer ${fresh}` });
      await h.post('/api/svc-grade', { prompt: '' }, { authorization: `Bearer ${fresh}` }); // 400: not metered
      expect(await store.usage(record.id)).toEqual([{ endpoint: '/api/svc-grade', count: 2, usd_owed: 0.002 }]);
    });

    it('/api/svc-grade returns a composite 0-100 and framework sub-scores', async () => {
      const res = await paid('/api/svc-grade', { prompt: PROMPT, vertical: 'software' });
      const body = SvcGradeResponseSchema.parse(res.body);
      const engine = scorePrompt(PROMPT, 'software');
      expect(body).toMatchObject({ score: engine.composite, grade: engine.grade, frameworks: engine.frameworks });
      expect(body).not.toHaveProperty('svc_version');
    });

    it('/api/variants ranks the default 3 variants best first', async () => {
      const res = await paid('/api/variants', { prompt: 'write a blog post about coffee', vertical: 'content' });
      const body = VariantsResponseSchema.parse(res.body);
      expect(body.variants).toHaveLength(3);
      const totals = body.variants.map((v) => v.score.total);
      expect([...totals].sort((a, b) => b - a)).toEqual(totals);
      expect(new Set(body.variants.map((v) => v.style)).size).toBe(3);
      for (const v of body.variants) expect(v.delta_vs_baseline).toBe(v.score.total - body.baseline_score.total);
      expect(body.best_variant_index).toBe(0);
    });

    it('treats null optional fields as not given', async () => {
      const res = await paid('/api/variants', { prompt: 'summarise this report', vertical: null, count: null });
      const body = VariantsResponseSchema.parse(res.body);
      expect([body.vertical, body.variants.length]).toEqual(['general', 3]);
      expect(ScoreResponseSchema.parse((await paid('/api/score', { prompt: 'hi', vertical: null })).body).vertical).toBe('general');
    });

    it('/api/fix-injection accepts and ignores a vertical, which clients often send everywhere', async () => {
      const res = await paid('/api/fix-injection', { prompt: 'Sort these names.', vertical: 'software' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ injection_detected: false, sanitized_prompt: 'Sort these names.' });
    });

    it('says which field is wrong in a variants request', async () => {
      const fraction = await paid('/api/variants', { prompt: 'x', count: 2.5 });
      expect(fraction.body.error).toMatch(/^count: /);
      const missing = await paid('/api/variants', { count: 2 });
      expect(missing.body.error).toMatch(/^prompt: /);
    });

    it('/api/variants honours count 1 and 5 and rejects 0 and 6', async () => {
      for (const count of [1, 5]) {
        const res = await paid('/api/variants', { prompt: 'summarise this report', count });
        expect(VariantsResponseSchema.parse(res.body).variants).toHaveLength(count);
      }
      for (const count of [0, 6, 2.5]) expectError(await paid('/api/variants', { prompt: 'x', count }), 400, 'invalid_request');
    });

    it('/api/variants preview is free and carries a real example', async () => {
      const res = await h.post('/api/variants', { preview: true });
      expect(res.status).toBe(200);
      const body = VariantsPreviewSchema.parse(res.body);
      expect(body.mode).toBe('preview');
      expect(body.example_response.variants.length).toBeGreaterThan(0);
    });
  });

  describe('batch', () => {
    it('scores good rows and reports bad rows with error in place of the score fields', async () => {
      const prompts = [
        'Explain TCP slow start to a new engineer in 5 bullet points.',
        { prompt: 'Draft a tweet announcing our v2 launch', vertical: 'content' },
        '',
        { prompt: 'x'.repeat(MAX_PROMPT_CHARS + 1) },
        { prompt: 'ok', vertical: 'astrology' },
        42,
      ];
      const res = await paid('/api/score/batch', { prompts });
      expect(res.status).toBe(200);
      const body = BatchResponseSchema.parse(res.body);
      expect(body.batch_size).toBe(6);
      const [a, b, ...bad] = body.results;
      expect(a).toMatchObject({ score: scorePrompt(prompts[0] as string).total, vertical: 'general' });
      expect(b).toMatchObject({ score: scorePrompt('Draft a tweet announcing our v2 launch', 'content').total, vertical: 'content' });
      for (const row of bad) {
        expect(row).toHaveProperty('error');
        expect(row).not.toHaveProperty('score');
      }
      const totals = [a, b].map((r) => (r as { score: number }).score);
      expect(body.summary).toMatchObject({
        total_scored: 2,
        avg_score: (totals[0]! + totals[1]!) / 2,
        avg_out_of: 80,
        highest_score: Math.max(...totals),
        lowest_score: Math.min(...totals),
      });
    });

    it('a null vertical in a row means the batch default', async () => {
      const res = await paid('/api/score/batch', { prompts: [{ prompt: 'Draft a tweet about our launch', vertical: null }], vertical: 'content' });
      expect(BatchResponseSchema.parse(res.body).results[0]).toMatchObject({ vertical: 'content' });
    });

    it('names the bad field of a row and echoes its prompt', async () => {
      const res = await paid('/api/score/batch', { prompts: ['fine prompt', { prompt: 'ok', vertical: 'astrology' }, { prompt: 'y', extra: 1 }, null] });
      const [, badVertical, extra, nothing] = BatchResponseSchema.parse(res.body).results;
      expect(badVertical).toMatchObject({ prompt: 'ok', vertical: 'astrology', error: expect.stringContaining('vertical') });
      expect(extra).toMatchObject({ prompt: 'y', error: expect.stringContaining('extra') });
      expect(nothing).toEqual({ error: expect.stringContaining('invalid item') });
    });

    it('refuses with 400 a batch in which no row can be scored, and does not meter it', async () => {
      const store = h.api.deps.keys;
      const { key: k, record } = await store.create('solo', 'all-bad');
      const res = await h.post('/api/score/batch', { prompts: ['', { prompt: 'x'.repeat(MAX_PROMPT_CHARS + 1) }] }, { authorization: `Bearer ${k}` });
      expectError(res, 400, 'invalid_request');
      expect(res.body.results).toHaveLength(2);
      expect(res.body.results[0].error).toContain('prompt');
      expect(await store.usage(record.id)).toEqual([]);
      // Without key or payment it is the challenge, which names the problem so nobody pays for it.
      const probe = await h.post('/api/score/batch', { prompts: [''] });
      expectError(probe, 402, 'payment_required');
      expect(probe.body.error).toContain('no prompt in this batch can be scored');
    });

    it('rejects a batch of 11 and an empty batch', async () => {
      const eleven = Array.from({ length: 11 }, (_, i) => `prompt ${i}`);
      expectError(await paid('/api/score/batch', { prompts: eleven }), 400, 'invalid_request');
      expectError(await paid('/api/score/batch', { prompts: [] }), 400, 'invalid_request');
      expectError(await paid('/api/score/batch', { prompts: 'not an array' }), 400, 'invalid_request');
    });
  });

  describe('bad input gets a clear 4xx', () => {
    it.each([
      ['invalid JSON', '{"prompt": ', 'invalid_json'],
      ['an empty body', '', 'invalid_json'],
      ['a JSON array', '[1,2]', 'invalid_request'],
      ['a missing prompt', JSON.stringify({ vertical: 'software' }), 'invalid_request'],
      ['an empty prompt', JSON.stringify({ prompt: '' }), 'invalid_request'],
      ['a number prompt', JSON.stringify({ prompt: 5 }), 'invalid_request'],
      ['an oversize prompt', JSON.stringify({ prompt: 'a'.repeat(MAX_PROMPT_CHARS + 1) }), 'invalid_request'],
      ['an unknown vertical', JSON.stringify({ prompt: 'hi', vertical: 'astrology' }), 'invalid_request'],
      ['an unknown field', JSON.stringify({ prompt: 'hi', vertial: 'software' }), 'invalid_request'],
    ])('%s is a 400', async (_name, raw, code) => {
      const res = await h.post('/api/score', raw, { authorization: `Bearer ${key}` });
      expectError(res, 400, code);
    });

    it('names the unknown field and the bad vertical', async () => {
      const unknown = await paid('/api/score', { prompt: 'hi', vertial: 'software' });
      expect(unknown.body.error).toContain('vertial');
      const vertical = await paid('/api/score', { prompt: 'hi', vertical: 'astrology' });
      expect(vertical.body.error).toContain('vertical');
    });

    it('accepts every vertical of the SPEC', async () => {
      for (const vertical of VERTICALS) {
        const res = await h.post('/api/score/free', { prompt: 'hi', vertical }, {});
        expect([200, 429]).toContain(res.status); // the free limit may bite; the point is no 400
      }
    });

    it('a prompt of exactly 10000 characters is accepted', async () => {
      const res = await paid('/api/score', { prompt: 'a'.repeat(MAX_PROMPT_CHARS) });
      expect(res.status).toBe(200);
    });

    it('a batch of 10 prompts of 10000 characters fits the batch body limit however the client escapes them', async () => {
      // JSON encoders that escape every non-ASCII character (Python's json.dumps by default) spend
      // 12 bytes on an emoji: the worst case a valid batch can take.
      const asciiJson = (body: unknown) => JSON.stringify(body).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      const prompt = '😀'.repeat(MAX_PROMPT_CHARS);
      const batch = asciiJson({ prompts: Array.from({ length: 10 }, () => ({ prompt, vertical: 'research' })), vertical: 'education' });
      expect(batch.length).toBeGreaterThan(1_200_000);
      const res = await h.post('/api/score/batch', batch, { authorization: `Bearer ${key}` });
      expect(res.status).toBe(200);
      expect(BatchResponseSchema.parse(res.body).summary.total_scored).toBe(10);
      const single = await h.post('/api/score', asciiJson({ prompt, vertical: 'research' }), { authorization: `Bearer ${key}` });
      expect(single.status).toBe(200);
    });

    it('a body over the limit is a 413', async () => {
      const big = JSON.stringify({ prompt: 'x'.repeat(h.config.http.bodyLimitBytes + 10) });
      expectError(await paid('/api/score', JSON.parse(big)), 413, 'payload_too_large');
    });

    it('a compressed or non-UTF-8 body is a 415', async () => {
      const auth = { authorization: `Bearer ${key}` };
      const gzip = await h.post('/api/score', JSON.stringify({ prompt: 'hi' }), { ...auth, 'content-encoding': 'gzip' });
      expectError(gzip, 415, 'unsupported_media_type');
      const latin1 = await h.post('/api/score', JSON.stringify({ prompt: 'hi' }), { ...auth, 'content-type': 'application/json; charset=iso-8859-1' });
      expectError(latin1, 415, 'unsupported_media_type');
      const utf8 = await h.post('/api/score', JSON.stringify({ prompt: 'hi' }), { ...auth, 'content-type': 'application/json; charset=UTF-8' });
      expect(utf8.status).toBe(200);
    });

    it('a body whose bytes are not valid UTF-8 is a 415, not a prompt with U+FFFD in it', async () => {
      const auth = { authorization: `Bearer ${key}` };
      const latin1Bytes = Buffer.concat([Buffer.from('{"prompt":"caf'), Buffer.from([0xe9]), Buffer.from(' au lait"}')]);
      const overlong = Buffer.concat([Buffer.from('{"prompt":"a'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]);
      for (const bytes of [latin1Bytes, overlong]) {
        for (const path of ['/api/score', '/api/fix-injection', '/api/preflight']) {
          const res = await h.request(path, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: bytes });
          expectError(res, 415, 'unsupported_media_type');
        }
      }
      // Without key or payment: the challenge, naming the refusal.
      const unpaid = await h.request('/api/score', { method: 'POST', headers: { 'content-type': 'application/json' }, body: latin1Bytes });
      expect(unpaid.status).toBe(402);
      expect(ErrorBodySchema.parse(unpaid.body).error).toContain('UTF-8');
      // A byte-order mark and multi-byte characters are still fine.
      const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ prompt: 'café 😀' }))]);
      const ok = await h.request('/api/score', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: bom });
      expect(ok.status).toBe(200);
      expect(ScoreResponseSchema.parse(ok.body).prompt).toBe('café 😀');
    });

    it('counts prompt length in characters (code points)', async () => {
      expect((await paid('/api/score', { prompt: '😀'.repeat(MAX_PROMPT_CHARS) })).status).toBe(200);
      expectError(await paid('/api/score', { prompt: '😀'.repeat(MAX_PROMPT_CHARS + 1) }), 400, 'invalid_request');
    });

    it('a non-JSON content type is a 415', async () => {
      const res = await h.post('/api/score', 'prompt=hi', { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${key}` });
      expectError(res, 415, 'unsupported_media_type');
    });

    it('an unknown path is a JSON 404 and a wrong method a JSON 405', async () => {
      expectError(await h.post('/api/nope', {}), 404, 'not_found');
      const get = await h.request('/api/score');
      expectError(get, 405, 'method_not_allowed');
      expect(get.headers.get('allow')).toContain('POST');
    });

    it('challenges a call with neither key nor payment whatever its body, and names the problem', async () => {
      for (const [body, problem] of [
        [{ prompt: '' }, 'prompt: prompt must not be empty'],
        [{}, 'prompt: '],
        ['', 'request body is empty'],
        ['{"prompt": ', 'request body is not valid JSON'],
      ] as const) {
        const res = await h.post('/api/score', body);
        expectError(res, 402, 'payment_required');
        expect(res.body.error).toContain(`this request body would be refused: ${problem}`);
        expect(res.headers.get('payment-required')).toBeTruthy();
      }
      // A well-formed body gets the plain challenge.
      expect((await h.post('/api/score', { prompt: 'hi' })).body.error).not.toContain('refused');
    });
  });

  describe('keys', () => {
    it('a wrong, malformed or revoked key is 401 invalid_api_key', async () => {
      const store = new KeyStore(h.redis, h.config.redis.prefix);
      const { key: revoked, record } = await store.create('team', 'to revoke');
      expect(await store.revoke(record.id)).toBe(true);
      for (const header of [`Bearer pgk_${'A'.repeat(43)}`, 'Bearer nope', 'Basic abc', `Bearer ${revoked}`]) {
        expectError(await h.post('/api/score', { prompt: 'hi' }, { authorization: header }), 401, 'invalid_api_key');
      }
    });
  });

  describe('x402 challenge', () => {
    it.each([
      ['/api/score', 'base', '25000', h_evm, { prompt: 'hi' }],
      ['/api/svc-grade', 'base', '1000', h_evm, { prompt: 'hi' }],
      ['/api/variants', 'base', '100000', h_evm, { prompt: 'hi', count: 2 }],
      ['/api/score/batch/sol', 'solana', '250000', h_svm, { prompts: ['hi'] }],
      ['/api/preflight/sol', 'solana', '50000', h_svm, { prompt: 'hi' }],
    ])('%s without auth is a 402 with a v1 challenge on %s', async (path, network, amount, payTo, body) => {
      const res = await h.post(path, body);
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ x402Version: 1, code: 'payment_required' });
      expect(typeof res.body.error).toBe('string');
      const [accept] = res.body.accepts;
      expect(accept).toMatchObject({
        scheme: 'exact',
        network,
        maxAmountRequired: amount,
        payTo: payTo(),
        mimeType: 'application/json',
      });
      expect(accept.resource).toContain(path);
      expect(accept.maxTimeoutSeconds).toBeGreaterThan(0);
      expect(typeof accept.asset).toBe('string');
      expect(typeof accept.description).toBe('string');
      if (network === 'base') expect(accept.extra).toMatchObject({ name: expect.any(String), version: expect.any(String) });
      expect(res.headers.get('payment-required')).toBeTruthy();
    });
  });

  describe('ops', () => {
    it('healthz and readyz answer with workers of both pools alive', async () => {
      expect((await h.request('/healthz')).status).toBe(200);
      const ready = await h.request('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.checks).toEqual({ redis: 'ok', workers_score: 'ok', workers_llm: 'ok' });
    });

    it('publishes an OpenAPI document with every SPEC path', async () => {
      const res = await h.request('/openapi.json');
      const paths = Object.keys(res.body.paths);
      for (const p of ['/api/score/free', '/api/score', '/api/score/full', '/api/score/batch', '/api/score/compare', '/api/preflight', '/api/svc-grade', '/api/variants', '/api/fix-injection', '/api/proxy/llm', '/api/score/sol', '/api/score/full/sol', '/api/score/batch/sol', '/api/score/compare/sol', '/api/preflight/sol', '/api/v1/optimize']) {
        expect(paths).toContain(p);
      }
      expect(res.body.paths['/api/score'].post.requestBody.content['application/json'].schema.properties.prompt.maxLength).toBe(MAX_PROMPT_CHARS);
    });

    it('serves the methodology page that /api/svc-grade links to', async () => {
      const grade = SvcGradeResponseSchema.parse((await paid('/api/svc-grade', { prompt: PROMPT })).body);
      const page = await h.request(grade.methodology_url!);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/markdown');
      expect(page.body).toContain('Grade thresholds');
      expect((await h.request('/docs/../package.json')).status).toBe(404);
      expect((await h.request('/docs/secrets')).status).toBe(404);
    });
  });

  function h_evm() {
    return h.config.x402.evm.payTo;
  }
  function h_svm() {
    return h.config.x402.svm.payTo;
  }
});
