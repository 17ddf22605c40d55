// Builds the web page (web/) into dist/web/ with esbuild: the TypeScript entry bundled into one
// script, the stylesheet, the HTML and the icon. No CDN and no font files: the page works offline.
// `npm run build` runs it after tsc; the browser tests call buildWeb() so they always test the source.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { MAX_PROMPT_CHARS, VERTICALS } from '../shared/schemas/common.js';
import { DEFAULT_VARIANTS, MAX_VARIANTS } from '../shared/schemas/requests.js';

// This file runs as scripts/build-web.ts (tsx, vitest) or dist/scripts/build-web.js (npm run build).
const ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '..' : '../..', import.meta.url));
export const WEB_SOURCE_DIR = join(ROOT, 'web');
export const WEB_DIST_DIR = join(ROOT, 'dist', 'web');

/** Copied as they are. */
const STATIC_FILES = ['index.html', 'favicon.svg'];

/**
 * The facts the page shows, taken from the schemas at build time (web/vocab.ts reads them) so the
 * bundle needs no zod and each fact stays in one place.
 */
const PAGE_VOCAB = {
  verticals: VERTICALS,
  maxPromptChars: MAX_PROMPT_CHARS,
  maxVariants: MAX_VARIANTS,
  defaultVariants: DEFAULT_VARIANTS,
};

export async function buildWeb(outdir = WEB_DIST_DIR): Promise<void> {
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: { main: join(WEB_SOURCE_DIR, 'main.ts'), style: join(WEB_SOURCE_DIR, 'style.css') },
    outdir,
    bundle: true,
    format: 'esm',
    minify: true,
    target: ['chrome109', 'firefox115', 'safari16'],
    tsconfig: join(WEB_SOURCE_DIR, 'tsconfig.json'),
    define: { PROMPTGATE_VOCAB: JSON.stringify(PAGE_VOCAB) },
    legalComments: 'none',
    logLevel: 'warning',
  });
  await Promise.all(STATIC_FILES.map((file) => copyFile(join(WEB_SOURCE_DIR, file), join(outdir, file))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildWeb();
