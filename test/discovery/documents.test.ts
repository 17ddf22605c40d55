// The discovery documents and the challenge as x402 indexers and agents read them, against the real
// app: the router is walked for its paid paths (an unpaid POST of `{}` answers 402), and each one must
// be in /openapi.json, /.well-known/x402 and /llms.txt at the price its challenge asks. Challenges are
// checked with @x402/core's own schemas (both versions) and the Bazaar tools of @x402/extensions.
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { PaymentRequiredV1Schema, PaymentRequiredV2Schema } from '@x402/core/schemas';
import { extractDiscoveryInfoV1, isDiscoverableV1, validateDiscoveryExtension, type DiscoveryExtension } from '@x402/extensions/bazaar';
import type Router from '@koa/router';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { misfitProofs } from '../../api/discovery/ownership.js';
import { Drain } from '../../api/drain.js';
import { createApp } from '../../api/server.js';
import { ConfigError, loadConfig } from '../../shared/config.js';
import { WellKnownX402Schema } from '../../shared/schemas/discovery.js';
import { ChallengeBodySchema, ErrorBodySchema } from '../../shared/schemas/responses.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startHarness, testEnv, type Harness } from '../helpers/harness.js';

/** Every POST path of the app's router. */
function routerPostPaths(h: Harness): string[] {
  const app = createApp(h.api.deps, new Drain());
  const dispatch = app.middleware.find((m) => 'router' in m) as unknown as { router: Router };
  return dispatch.router.stack.filter((layer) => layer.methods.includes('POST')).map((layer) => layer.path as string);
}

const usd = (atomic: string) => Number(atomic) / 1e6;

describe('discovery with every operation available', () => {
  let provider: FakeOpenAI;
  let h: Harness;
  /** Paid path -> price in USD, as the challenge of the live route asks it. */
  const paid = new Map<string, number>();

  beforeAll(async () => {
    provider = await startFakeOpenAI();
    const entry = (name: string, models: string[]) => ({ name, base_url: provider.baseUrl, models, max_retries: 0 });
    h = await startHarness({
      env: {
        LLM_PROVIDERS: JSON.stringify([entry('alpha', ['runner']), entry('beta', ['model-b']), entry('gamma', ['judge'])]),
        LLM_COMPARE_MODEL_A: 'alpha/runner',
        LLM_COMPARE_MODEL_B: 'beta/model-b',
        LLM_JUDGE_MODEL: 'gamma/judge',
      },
      pools: [],
    });
    for (const path of routerPostPaths(h)) {
      const res = await h.post(path, {});
      if (res.status !== 402 || res.body.code !== 'payment_required') continue;
      paid.set(path, usd(res.body.accepts[0].maxAmountRequired));
    }
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });

  it('finds the 14 paid paths of the SPEC by walking the router', () => {
    expect([...paid.keys()].sort()).toEqual(
      [
        '/api/score',
        '/api/score/full',
        '/api/score/batch',
        '/api/score/compare',
        '/api/preflight',
        '/api/svc-grade',
        '/api/variants',
        '/api/fix-injection',
        '/api/proxy/llm',
        '/api/score/sol',
        '/api/score/full/sol',
        '/api/score/batch/sol',
        '/api/score/compare/sol',
        '/api/preflight/sol',
      ].sort(),
    );
    expect(paid.get('/api/score/compare')).toBe(1.25);
  });

  it('lists every paid path in /openapi.json with x-payment-info at the price of its challenge', async () => {
    const doc = (await h.request('/openapi.json')).body;
    for (const [path, price] of paid) {
      const op = doc.paths[path].post;
      expect({ path, info: op['x-payment-info'] }).toEqual({
        path,
        info: { price: { mode: 'fixed', amount: String(price), currency: 'USD' }, protocols: [{ x402: {} }] },
      });
      expect(op.responses['402'].headers['PAYMENT-REQUIRED']).toBeDefined();
      expect(op.responses['402'].content['application/json'].schema.properties.accepts).toBeDefined();
      expect(op['x-available']).toBe(true);
    }
    // Free and subscription operations carry no payment info.
    expect(doc.paths['/api/score/free'].post['x-payment-info']).toBeUndefined();
    expect(doc.paths['/api/v1/optimize'].post['x-payment-info']).toBeUndefined();
    expect(doc.info['x-guidance']).toMatch(/PAYMENT-SIGNATURE/);
    expect(doc.servers).toEqual([{ url: h.url }]);
    expect(doc['x-discovery']).toEqual({ llmsTxtUrl: `${h.url}/llms.txt`, wellKnownUrl: `${h.url}/.well-known/x402`, mcpUrl: `${h.url}/mcp` });
  });

  it('lists every paid URL in /.well-known/x402 with method, price, requirements and schemas', async () => {
    const res = await h.request('/.well-known/x402');
    expect(res.status).toBe(200);
    const doc = WellKnownX402Schema.parse(res.body);
    expect(doc.version).toBe(1);
    expect(doc.ownershipProofs).toBeUndefined();
    expect(doc.resources.sort()).toEqual([...paid.keys()].map((p) => h.url + p).sort());
    for (const item of doc.items) {
      const path = new URL(item.resource).pathname;
      const challenge = (await h.post(path, {})).body.accepts[0];
      expect({ path, usd: Number(item.price.amount), atomic: item.price.atomic }).toEqual({ path, usd: paid.get(path), atomic: challenge.maxAmountRequired });
      expect(item.accepts).toEqual([expect.objectContaining({ amount: challenge.maxAmountRequired, payTo: challenge.payTo, asset: challenge.asset })]);
      expect(item.inputSchema).toMatchObject({ type: 'object', properties: expect.any(Object) });
      expect(item.outputSchema).toMatchObject({ type: 'object', properties: expect.objectContaining({}) });
      expect(item.available).toBe(true);
    }
    expect(doc.mcp.tools).toEqual(['score_prompt', 'optimize_prompt', 'compare_models', 'detect_injection', 'preflight', 'variants', 'score_batch']);
  });

  it('lists every paid path in /llms.txt with its price, latency class and an example body', async () => {
    const res = await h.request('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.body as string;
    for (const [path, price] of paid) {
      const section = text.split(`### POST ${path}\n`)[1]?.split('###')[0];
      expect(section, path).toBeDefined();
      expect(section).toContain(`Price: ${price} USD per call`);
      expect(section).toMatch(/Latency: (fast|moderate|slow)/);
      const example = /Example body: `(.*)`/.exec(section!)?.[1];
      expect(JSON.parse(example!)).toHaveProperty(path.includes('batch') ? 'prompts' : 'prompt');
    }
    for (const link of ['/openapi.json', '/.well-known/x402', '/mcp', '/docs/scoring.md', '/docs/payments.md']) expect(text).toContain(h.url + link);
  });

  it('answers every paid path with a challenge valid in both x402 versions, carrying the Bazaar metadata', async () => {
    for (const path of paid.keys()) {
      const res = await h.post(path, {});
      const v1 = PaymentRequiredV1Schema.parse(res.body);
      ChallengeBodySchema.parse(res.body);
      const v2 = PaymentRequiredV2Schema.parse(decodePaymentRequiredHeader(res.headers.get('payment-required')!));
      expect(v2.accepts[0]!.amount).toBe(v1.accepts[0]!.maxAmountRequired);
      expect(v2.resource).toMatchObject({ url: h.url + path, serviceName: 'promptgate' });

      // The Bazaar's beside the payment identifier every challenge declares.
      expect(Object.keys(v2.extensions ?? {}).sort()).toEqual(['bazaar', 'payment-identifier']);
      const bazaar = v2.extensions?.bazaar as DiscoveryExtension;
      expect(validateDiscoveryExtension(bazaar), path).toEqual({ valid: true });
      expect(bazaar.info.input).toMatchObject({ type: 'http', method: 'POST', bodyType: 'json' });
      expect(bazaar.info.output?.example).toBeDefined();

      const accept = v1.accepts[0]!;
      expect(isDiscoverableV1(accept as never), path).toBe(true);
      expect(accept.outputSchema).toMatchObject({ input: { discoverable: true, bodyType: 'json' } });
      const info = extractDiscoveryInfoV1(accept as never);
      expect(info?.input).toMatchObject({ type: 'http', method: 'POST', bodyType: 'json' });
      const fields = (info?.input as { body: Record<string, { required?: boolean }> }).body;
      expect(fields[path.includes('batch') ? 'prompts' : 'prompt']).toMatchObject({ required: true });
    }
  });

  it('names the body problem in the challenge of an indexer probing with a bad body', async () => {
    for (const body of [{}, { prompt: '' }, '']) {
      const res = await h.post('/api/variants', body);
      expect(res.status).toBe(402);
      expect(res.body.error).toMatch(/this request body would be refused: .+/);
      PaymentRequiredV1Schema.parse(res.body);
    }
    // The SPEC's own rule stays: an unknown model is a 400 before any challenge.
    const unknown = await h.post('/api/proxy/llm', { prompt: 'hi', model: 'gpt-nope' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'unknown_model']);
    expect(unknown.headers.get('payment-required')).toBeNull();
  });
});

describe('discovery on a deployment without models, with ownership proofs', () => {
  const owner = privateKeyToAccount(generatePrivateKey());
  const origin = 'https://promptgate.example.com';
  let proof: string;
  let h: Harness;

  beforeAll(async () => {
    proof = await owner.signMessage({ message: origin });
    h = await startHarness({ env: { PUBLIC_BASE_URL: origin, X402_EVM_PAY_TO: owner.address, X402_OWNERSHIP_PROOFS: proof }, pools: [] });
  });
  afterAll(() => h?.close());

  const MODEL_PATHS = ['/api/score/full', '/api/score/full/sol', '/api/score/compare', '/api/score/compare/sol', '/api/proxy/llm'];

  it('answers 503 provider_unavailable on model paths before any challenge', async () => {
    for (const path of MODEL_PATHS) {
      const res = await h.post(path, { prompt: 'Explain CAP' });
      expect({ path, status: res.status, code: ErrorBodySchema.parse(res.body).code }).toEqual({ path, status: 503, code: 'provider_unavailable' });
      expect(res.headers.get('payment-required')).toBeNull();
    }
  });

  it('says which operations are unavailable in /.well-known/x402, /openapi.json and /llms.txt', async () => {
    const wellKnown = WellKnownX402Schema.parse((await h.request('/.well-known/x402')).body);
    const openapi = (await h.request('/openapi.json')).body;
    const llms = (await h.request('/llms.txt')).body as string;
    for (const item of wellKnown.items) {
      const path = new URL(item.resource).pathname;
      const unavailable = MODEL_PATHS.includes(path);
      expect({ path, available: item.available }).toEqual({ path, available: !unavailable });
      expect({ path, available: openapi.paths[path].post['x-available'] }).toEqual({ path, available: !unavailable });
      const section = llms.split(`### POST ${path}\n`)[1]!.split('###')[0]!;
      expect({ path, says: section.includes('Unavailable on this deployment') }).toEqual({ path, says: unavailable });
      if (unavailable) expect(item.unavailableReason).toMatch(/no model provider is configured/);
    }
  });

  it('publishes the configured ownership proof, which recovers to the payTo wallet for the origin', async () => {
    const wellKnown = WellKnownX402Schema.parse((await h.request('/.well-known/x402')).body);
    expect(wellKnown.ownershipProofs).toEqual([proof]);
    expect(wellKnown.resources[0]).toMatch(new RegExp(`^${origin}/api/`));
    const openapi = (await h.request('/openapi.json')).body;
    expect(openapi['x-discovery']).toMatchObject({ ownershipProofs: [proof], llmsTxtUrl: `${origin}/llms.txt` });
    const { verifyMessage } = await import('viem');
    expect(await verifyMessage({ address: owner.address, message: origin, signature: proof as `0x${string}` })).toBe(true);
  });

  it('refuses a malformed ownership proof at startup, and finds a proof of another origin or wallet', async () => {
    expect(() => loadConfig(testEnv({ X402_OWNERSHIP_PROOFS: '0xdeadbeef' }))).toThrow(ConfigError);
    const otherOrigin = await owner.signMessage({ message: 'https://elsewhere.example.com' });
    const otherWallet = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: origin });
    const config = loadConfig(
      testEnv({ PUBLIC_BASE_URL: origin, X402_EVM_PAY_TO: owner.address, X402_OWNERSHIP_PROOFS: [proof, otherOrigin, otherWallet].join(',') }),
    );
    expect(await misfitProofs(config)).toEqual([otherOrigin, otherWallet]);
  });
});

describe('discovery with x402 switched off', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { X402_ENABLED: 'false' }, pools: [] });
  });
  afterAll(() => h?.close());

  it('still lists every paid URL, with no payment requirements and instructions to use a key', async () => {
    const doc = WellKnownX402Schema.parse((await h.request('/.well-known/x402')).body);
    expect(doc.resources).toContain(`${h.url}/api/score`);
    expect(doc.items.every((item) => item.accepts.length === 0)).toBe(true);
    expect(doc.instructions).toMatch(/^x402 is switched off on this deployment: call with Authorization: Bearer/);
  });

  it('names the body problem in the 402 that asks for a key', async () => {
    const res = await h.post('/api/score', { prompt: '' });
    expect([res.status, res.body.code]).toEqual([402, 'payment_required']);
    expect(res.body.error).toMatch(/call with a bearer API key; this request body would be refused: prompt: prompt must not be empty$/);
  });
});
