// The discovery documents, in the order x402 indexers read them: GET /openapi.json, GET
// /.well-known/x402, and GET /llms.txt for agents. URLs in them name PUBLIC_BASE_URL, else the
// request's origin.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { routeDiscovery } from '../discovery/bazaar.js';
import { paidCatalog } from '../discovery/catalog.js';
import { llmsTxtDocument } from '../discovery/llms.js';
import { warnOfMisfitProofs } from '../discovery/ownership.js';
import { wellKnownDocument } from '../discovery/well-known.js';
import { openApiDocument } from '../openapi.js';
import type { ApiDeps, Operation } from './operation.js';

const baseUrlOf = (ctx: Context, deps: ApiDeps) => (deps.config.http.publicBaseUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '');

export function mountDiscovery(router: Router, operations: readonly Operation[], deps: ApiDeps, tools: readonly string[]) {
  // Built once; only the base URL is filled in per request.
  const openapi = openApiDocument(operations, deps.config);
  const llms = llmsTxtDocument(operations, deps.config, tools);
  const routes = paidCatalog(operations, deps.config).map((facts) => ({ facts, discovery: routeDiscovery(facts) }));
  void warnOfMisfitProofs(deps.config, deps.logger);

  router.get('/openapi.json', (ctx) => {
    ctx.body = openapi(baseUrlOf(ctx, deps));
  });

  router.get('/.well-known/x402', async (ctx) => {
    ctx.body = await wellKnownDocument(routes, deps.config, deps.access.payments, baseUrlOf(ctx, deps), tools);
  });

  router.get('/llms.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = llms(baseUrlOf(ctx, deps));
  });
}
