// CORS from a real browser: a page served on another origin calls the API with fetch in Debian's
// chromium (playwright-core). It must read a 402 challenge (status and the PAYMENT-REQUIRED header),
// get a free score, send a key (a preflighted header) and read the discovery document; an origin left
// out of CORS_ORIGINS must be refused by the browser.
import { createServer, type Server } from 'node:http';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { PaymentRequiredV2Schema } from '@x402/core/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WellKnownX402Schema } from '../../shared/schemas/discovery.js';
import { FreeScoreResponseSchema, ScoreResponseSchema } from '../../shared/schemas/responses.js';
import { ConfigError, loadConfig } from '../../shared/config.js';
import { startHarness, testEnv, type Harness } from '../helpers/harness.js';
import { closeServer, listenLocal } from '../helpers/http-server.js';
import { type Browser, CHROMIUM_PATH, chromiumFound, launch } from './chromium.js';

interface Fetched {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

/** A blank page on its own origin, from which the browser calls the API. */
async function startOtherOrigin(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>agent</title>'));
  return { url: await listenLocal(server), server };
}

const found = chromiumFound();

describe.skipIf(!found)(found ? 'CORS from a page on another origin' : `CORS in Chromium: SKIPPED, no chromium at ${CHROMIUM_PATH}`, () => {
  let h: Harness;
  let restricted: Harness;
  let other: { url: string; server: Server };
  let b: Browser;

  beforeAll(async () => {
    other = await startOtherOrigin();
    [h, restricted] = await Promise.all([
      startHarness({ pools: ['score'] }),
      startHarness({ pools: [], env: { CORS_ORIGINS: 'https://allowed.example' } }),
    ]);
    b = await launch();
    await b.page.goto(other.url);
  });
  afterAll(async () => {
    await b?.close();
    await Promise.all([h?.close(), restricted?.close()]);
    if (other) await closeServer(other.server);
  });

  /** fetch() run in the page, on the other origin. */
  const browserFetch = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string }, read: string[] = []) =>
    b.page.evaluate(
      async ({ url, init, read }) => {
        try {
          const res = await fetch(url, init);
          const text = await res.text();
          const headers = Object.fromEntries(read.map((name) => [name, res.headers.get(name)]));
          return { status: res.status, headers, body: text ? JSON.parse(text) : null } as Fetched;
        } catch (error) {
          return { status: -1, headers: {}, body: String(error) } as Fetched;
        }
      },
      { url, init, read },
    );

  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('the page is on another origin than the API', () => {
    expect(new URL(other.url).origin).not.toBe(new URL(h.url).origin);
  });

  it('reads a 402 challenge: its status and its PAYMENT-REQUIRED header', async () => {
    const res = await browserFetch(`${h.url}/api/score`, json({ prompt: 'Write a haiku' }), ['payment-required', 'x-request-id']);
    expect(res.status).toBe(402);
    const challenge = PaymentRequiredV2Schema.parse(decodePaymentRequiredHeader(res.headers['payment-required']!));
    expect(challenge.accepts[0]).toMatchObject({ network: 'eip155:8453', amount: '25000' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toMatchObject({ code: 'payment_required', x402Version: 1 });
  });

  it('gets a free score and reads its rate-limit headers', async () => {
    const res = await browserFetch(`${h.url}/api/score/free`, json({ prompt: 'Write a haiku about autumn' }), ['ratelimit-remaining']);
    expect(res.status).toBe(200);
    expect(FreeScoreResponseSchema.parse(res.body).prompt).toBe('Write a haiku about autumn');
    expect(Number(res.headers['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
  });

  it('sends a bearer key (a preflighted request) and reads the discovery document', async () => {
    const key = await h.createKey('solo');
    const init = json({ prompt: 'Write a haiku about autumn' });
    const res = await browserFetch(`${h.url}/api/score`, { ...init, headers: { ...init.headers, authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    ScoreResponseSchema.parse(res.body);
    const wellKnown = await browserFetch(`${h.url}/.well-known/x402`, {});
    expect(WellKnownX402Schema.parse(wellKnown.body).resources).toContain(`${h.url}/api/score`);
  });

  it('is refused by the browser from an origin that CORS_ORIGINS does not list', async () => {
    const res = await browserFetch(`${restricted.url}/api/score/free`, json({ prompt: 'Write a haiku' }));
    expect(res.status).toBe(-1);
    expect(res.body).toMatch(/Failed to fetch/);
    // The listed origin is echoed, and only it.
    const preflight = await fetch(`${restricted.url}/api/score`, {
      method: 'OPTIONS',
      headers: { origin: 'https://allowed.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'payment-signature' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://allowed.example');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/PAYMENT-SIGNATURE/);
    expect(preflight.headers.get('vary')).toMatch(/Origin/);
  });

  it('gives no CORS headers to the web page, which stays same-origin', async () => {
    const res = await fetch(`${h.url}/`, { headers: { origin: other.url } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS', () => {
  it('is `*` by default, else the listed origins; anything but an origin stops startup', () => {
    expect(loadConfig(testEnv()).http.corsOrigins).toBe('*');
    expect(loadConfig(testEnv({ CORS_ORIGINS: 'https://a.example, http://localhost:3000' })).http.corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:3000',
    ]);
    expect(() => loadConfig(testEnv({ CORS_ORIGINS: 'https://a.example/path' }))).toThrow(ConfigError);
  });
});
