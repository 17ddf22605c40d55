// Builds the Koa app from its pieces. No I/O happens here beyond what the deps already hold.
import Router from '@koa/router';
import Koa from 'koa';
import { mcpTools } from '../mcp/tools.js';
import type { Drain } from './drain.js';
import { observeRequests } from './metrics.js';
import { cors } from './middleware/cors.js';
import { errorHandler } from './middleware/errors.js';
import { requestId } from './middleware/request-id.js';
import { mountDiscovery } from './routes/discovery.js';
import { mountDocs } from './routes/docs.js';
import { OPERATIONS } from './routes/index.js';
import { mountMcp } from './routes/mcp.js';
import { mountOperation } from './routes/mount.js';
import type { ApiDeps } from './routes/operation.js';
import { mountDashboard, mountOps } from './routes/ops.js';
import { mountWeb } from './routes/web.js';
import type { RequestState } from './state.js';

/** `drain` marks the answers written while the server stops `Connection: close`. */
export function createApp(deps: ApiDeps, drain: Drain): Koa<RequestState> {
  const app = new Koa<RequestState>({ proxy: deps.config.http.trustProxy });
  const router = new Router<RequestState>();

  const tools = mcpTools(deps.config, 'service');
  for (const op of OPERATIONS) mountOperation(router, op, deps);
  mountDiscovery(router, OPERATIONS, deps, tools.map((t) => t.name));
  mountMcp(router, deps, tools);
  mountOps(router, deps);
  mountDocs(router);
  mountWeb(router);

  app.use(drain.middleware);
  app.use(requestId());
  // Outside the error handler, so a request is recorded under the status its error became.
  app.use(observeRequests(deps.metrics));
  // Before the error handler, so errors (a 402 challenge above all) carry the CORS headers too.
  app.use(cors(deps.config.http.corsOrigins));
  app.use(errorHandler(deps.logger));
  mountDashboard(app, deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  // Errors are rendered by errorHandler; this only silences Koa's default stderr printer.
  app.silent = true;
  return app;
}
