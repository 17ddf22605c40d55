// CORS for the public API, so a browser-based agent or x402 client on another origin can call it:
// read a 402 challenge (PAYMENT-REQUIRED), send a payment (PAYMENT-SIGNATURE, X-PAYMENT) or a key,
// read the receipt. Preflights are answered here. Origins come from CORS_ORIGINS (default `*`; no
// credentials mode is offered, keys travel in Authorization). The web page and the admin board are
// same-origin only and get no CORS headers.
import type { Middleware } from 'koa';

/** The API, the discovery documents, the MCP endpoint and the docs pages. */
const PUBLIC_PATHS = /^\/(api\/|mcp$|openapi\.json$|llms\.txt$|\.well-known\/|docs\/)/;

const ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'X-PAYMENT',
  'PAYMENT-SIGNATURE',
  'Mcp-Protocol-Version',
  'Mcp-Session-Id',
  'Last-Event-ID',
].join(', ');

const EXPOSE_HEADERS = [
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'X-PAYMENT-RESPONSE',
  'X-Request-Id',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'Mcp-Session-Id',
  'Allow',
].join(', ');

/** Preflights are cached by browsers for this long. */
const MAX_AGE_S = 86_400;

export const cors =
  (origins: '*' | readonly string[]): Middleware =>
  async (ctx, next) => {
    if (!PUBLIC_PATHS.test(ctx.path)) return next();
    const origin = ctx.get('origin');
    const allowed = origins === '*' ? '*' : origins.includes(origin) ? origin : undefined;
    // A listed origin is echoed, so caches must keep answers per origin.
    if (origins !== '*') ctx.vary('Origin');
    if (allowed) {
      ctx.set('Access-Control-Allow-Origin', allowed);
      ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      if (allowed) {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
        ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
        ctx.set('Access-Control-Max-Age', String(MAX_AGE_S));
      }
      ctx.status = 204;
      return;
    }
    await next();
  };
