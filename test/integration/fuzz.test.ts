// Bad input never breaks the service: arbitrary JSON values and raw bytes posted to every operation
// get a 2xx or a 4xx with {error, code}; never a 5xx (beyond the documented 503 for unconfigured
// model providers) and never a hang.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../api/routes/index.js';
import { ErrorBodySchema } from '../../shared/schemas/responses.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const POST_PATHS = OPERATIONS.filter((op) => op.method === 'post' && op.access !== 'free').map((op) => op.path);

describe('fuzzed request bodies', () => {
  let h: Harness;
  let auth: Record<string, string>;

  beforeAll(async () => {
    h = await startHarness();
    auth = { authorization: `Bearer ${await h.createKey('team')}` };
  });
  afterAll(() => h.close());

  function expectHandled(res: { status: number; body: unknown }) {
    if (res.status === 503) {
      expect(ErrorBodySchema.parse(res.body).code).toBe('provider_unavailable');
      return;
    }
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) ErrorBodySchema.parse(res.body);
  }

  // Bodies shaped like requests, with every field's value drawn at random.
  const requestLike = fc.record(
    {
      prompt: fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue()),
      vertical: fc.oneof(fc.constantFrom('software', 'crypto', 'general', 'nope', ''), fc.jsonValue()),
      count: fc.oneof(fc.integer({ min: -3, max: 9 }), fc.jsonValue()),
      prompts: fc.oneof(fc.array(fc.oneof(fc.string({ maxLength: 50 }), fc.jsonValue()), { maxLength: 12 }), fc.jsonValue()),
      preview: fc.jsonValue(),
      endpoint_url: fc.oneof(fc.webUrl(), fc.string()),
      model: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );

  it('answers arbitrary JSON and request-like bodies without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_PATHS), fc.oneof(fc.jsonValue(), requestLike), async (path, body) => {
        expectHandled(await h.post(path, JSON.stringify(body), auth));
      }),
      { numRuns: 150 },
    );
  });

  it('answers raw non-JSON bytes with 400 invalid_json', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_PATHS), fc.string({ minLength: 1, maxLength: 200 }), async (path, text) => {
        fc.pre(!isJson(text));
        const res = await h.post(path, text, auth);
        expect(res.status).toBe(400);
        expect(ErrorBodySchema.parse(res.body).code).toBe('invalid_json');
      }),
      { numRuns: 60 },
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
