// Starts the API process: Redis, the facade, the Koa app on its port; and stops it gracefully
// (no new connections, in-flight requests finish within the grace period, then queues and Redis
// close; see drain.ts).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../shared/config.js';
import type { Logger } from '../shared/logger.js';
import { createMetrics, type Metrics } from '../shared/metrics.js';
import { createRedis } from '../shared/redis.js';
import { AfterResponse } from './after-response.js';
import { KeyStore } from './auth/key-store.js';
import { Drain } from './drain.js';
import { JobFacade } from './facade.js';
import { RateLimits } from './middleware/rate-limit.js';
import { probeQueues } from './metrics.js';
import { createPaymentDeps } from './payments/index.js';
import type { ApiDeps } from './routes/operation.js';
import { createApp } from './server.js';

export interface ApiRuntime {
  server: Server;
  url: string;
  deps: ApiDeps;
  close(): Promise<void>;
}

/** `metrics`: the process's registry, shared with worker pools running in the same process. */
export async function startApi(config: Config, logger: Logger, metrics: Metrics = createMetrics()): Promise<ApiRuntime> {
  // Every command of the request path (keys, rate limits, replay guard, audit, metering) is bounded,
  // and concurrent requests' commands share writes.
  const redis = createRedis(config.redis.url, 'promptgate-api', { commandTimeoutMs: config.redis.commandTimeoutMs, autoPipelining: true, logger });
  const facade = new JobFacade(config, logger);
  await facade.ready();
  const keys = new KeyStore(redis, config.redis.prefix);
  probeQueues(metrics, facade, config.redis.commandTimeoutMs);
  const afterResponse = new AfterResponse(logger);
  const deps: ApiDeps = {
    config,
    logger,
    redis,
    keys,
    facade,
    metrics,
    limits: new RateLimits(redis, config.redis.prefix, metrics),
    access: { config, redis, keys, logger, metrics, afterResponse, ...createPaymentDeps(config, redis, logger) },
  };
  // Read the facilitator's /supported now rather than on the first paid request; a failure here is
  // not fatal (challenges are built from config and /supported is retried).
  deps.access.payments?.init().catch((err: unknown) => logger.warn({ err }, 'x402 facilitator not reachable yet'));
  const drain = new Drain();
  const requestTimeout = config.http.requestTimeoutMs;
  const server = createServer(
    // Node checks these deadlines only every connectionsCheckingInterval (30 s by default), so a
    // short deadline needs a shorter interval to mean what it says.
    { requestTimeout, headersTimeout: Math.min(requestTimeout, 60_000), connectionsCheckingInterval: Math.min(1_000, requestTimeout / 2) },
    createApp(deps, drain).callback(),
  ).listen(config.http.port, config.http.host);
  drain.track(server);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.http.host === '0.0.0.0' ? '127.0.0.1' : config.http.host}:${port}`;
  logger.info({ url }, 'promptgate API listening');

  return {
    server,
    url,
    deps,
    async close() {
      const how = await drain.stop(server, config.shutdownGraceMs, () => facade.stopWaiting());
      if (how === 'cut') logger.warn({ graceMs: config.shutdownGraceMs }, 'requests still in flight after the grace period were answered 503');
      // Meters and audit records of answered calls, bounded by the command timeout: written, or logged as lost.
      await afterResponse.settled();
      await facade.close();
      await redis.quit().catch(() => undefined);
      logger.info('API stopped');
    },
  };
}
