// GET / and its assets: the web page that `npm run build` bundles into dist/web/ (scripts/build-web.ts).
// Only the listed files are served, each read from disk once, with an ETag, a strict
// Content-Security-Policy (this origin's scripts and styles only, nothing inline, Trusted Types
// enforced, no framing) and the usual security headers.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import type { RequestState } from '../state.js';
import { ApiError } from '../middleware/errors.js';

// dist/web/ from this module, whether it runs as api/routes/web.ts (tsx, tests) or dist/api/routes/web.js.
const WEB_DIR = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../dist/web/' : '../../web/', import.meta.url));

/** URL path → built file and its type. */
const FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/assets/main.js': { file: 'main.js', type: 'text/javascript; charset=utf-8' },
  '/assets/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
  '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml' },
};

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

interface Asset {
  body: Buffer;
  etag: string;
}

// Read once per process; a file missing now (page not built yet) is looked for again next time.
const assets = new Map<string, Promise<Asset>>();
function load(file: string): Promise<Asset> {
  let asset = assets.get(file);
  if (!asset) {
    asset = readFile(WEB_DIR + file).then((body) => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }));
    asset.catch(() => assets.delete(file));
    assets.set(file, asset);
  }
  return asset;
}

export function mountWeb(router: Router<RequestState>) {
  for (const [path, { file, type }] of Object.entries(FILES)) {
    router.get(path, async (ctx) => {
      const asset = await load(file).catch(() => {
        throw new ApiError('not_ready', 'the web page is not built; run `npm run build`');
      });
      ctx.set(SECURITY_HEADERS);
      // Revalidated on every load (a cheap 304), so a new deployment shows at once.
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = type;
      ctx.etag = asset.etag;
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.body = asset.body;
    });
  }
}
