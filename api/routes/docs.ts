// GET /docs/<page>.md: the methodology pages that response bodies link to (methodology_url).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import type { RequestState } from '../state.js';

const PAGES = new Set(['scoring', 'injection', 'preflight', 'payments', 'providers']);

// From api/routes/ in development and dist/api/routes/ when built: the first folder that exists wins.
const CANDIDATES = ['../../docs/', '../../../docs/'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)));

async function findPage(page: string): Promise<string | undefined> {
  for (const dir of CANDIDATES) {
    const text = await readFile(`${dir}${page}.md`, 'utf8').catch(() => undefined);
    if (text !== undefined) return text;
  }
  return undefined;
}

// The pages do not change while the process runs: each is read from disk once.
const pages = new Map<string, Promise<string | undefined>>();
const readPage = (page: string) => {
  let text = pages.get(page);
  if (!text) pages.set(page, (text = findPage(page)));
  return text;
};

export function mountDocs(router: Router<RequestState>) {
  router.get('/docs/:page', async (ctx) => {
    const page = String(ctx.params.page ?? '').replace(/\.md$/, '');
    const text = PAGES.has(page) ? await readPage(page) : undefined;
    if (text === undefined) return; // falls through to the JSON 404
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = text;
  });
}
