// Starts the API process: Redis, the facade, the Koa app on its port; and stops it gracefully
// (no new connections, in-flight requests finish, then queues and Redis close).
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../shared/config.js';
import type { Logger } from '../shared/logger.js';
import { createRedis } from '../shared/redis.js';
import { KeyStore } from './auth/key-store.js';
import { JobFacade } from './facade.js';
import { RateLimits } from './middleware/rate-limit.js';
import { createPaymentDeps } from './payments/index.js';
import type { ApiDeps } from './routes/operation.js';
import { createApp } from './server.js';

export interface ApiRuntime {
  server: Server;
  url: string;
  deps: ApiDeps;
  close(): Promise<void>;
}

export async function startApi(config: Config, logger: Logger): Promise<ApiRuntime> {
  const redis = createRedis(config.redis.url, 'promptgate-api', { logger });
  const facade = new JobFacade(config, logger);
  await facade.ready();
  const keys = new KeyStore(redis, config.redis.prefix);
  const deps: ApiDeps = {
    config,
    logger,
    redis,
    keys,
    facade,
    limits: new RateLimits(redis, config.redis.prefix),
    access: { config, redis, keys, logger, ...createPaymentDeps(config, redis, logger) },
  };
  // Read the facilitator's /supported now rather than on the first paid request; a failure here is
  // not fatal (challenges are built from config and /supported is retried).
  deps.access.payments?.init().catch((err: unknown) => logger.warn({ err }, 'x402 facilitator not reachable yet'));
  const server = createApp(deps).listen(config.http.port, config.http.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.http.host === '0.0.0.0' ? '127.0.0.1' : config.http.host}:${port}`;
  logger.info({ url }, 'promptgate API listening');

  return {
    server,
    url,
    deps,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      await facade.close();
      await redis.quit().catch(() => undefined);
      logger.info('API stopped');
    },
  };
}
