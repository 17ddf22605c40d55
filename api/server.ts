// Builds the Koa app from its pieces. No I/O happens here beyond what the deps already hold.
import Router from '@koa/router';
import Koa from 'koa';
import type { Drain } from './drain.js';
import { createMetrics } from './metrics.js';
import { errorHandler } from './middleware/errors.js';
import { requestId } from './middleware/request-id.js';
import { buildOpenApi } from './openapi.js';
import { analysisOperations } from './routes/analysis.js';
import { mountDocs } from './routes/docs.js';
import { mountOperation } from './routes/mount.js';
import type { ApiDeps, Operation } from './routes/operation.js';
import { mountDashboard, mountOps } from './routes/ops.js';
import { proxyOperations } from './routes/proxy.js';
import { safetyOperations } from './routes/safety.js';
import { scoringOperations } from './routes/scoring.js';
import { mountWeb } from './routes/web.js';

export const OPERATIONS: Operation[] = [...scoringOperations, ...analysisOperations, ...safetyOperations, ...proxyOperations];

/** `drain` marks the answers written while the server stops `Connection: close`. */
export function createApp(deps: ApiDeps, drain: Drain): Koa {
  const app = new Koa({ proxy: deps.config.http.trustProxy });
  const metrics = createMetrics(deps.facade);
  const router = new Router();

  for (const op of OPERATIONS) mountOperation(router, op, deps);
  mountOps(router, deps, metrics.registry, buildOpenApi(OPERATIONS));
  mountDocs(router);
  mountWeb(router);

  app.use(drain.middleware);
  app.use(requestId());
  app.use(errorHandler(deps.logger));
  app.use(metrics.observe);
  mountDashboard(app, deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  // Errors are rendered by errorHandler; this only silences Koa's default stderr printer.
  app.silent = true;
  return app;
}
