// One way to open Redis connections, shared by the API, the workers and the CLIs.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export type { Redis };

export interface RedisOptions {
  /** BullMQ needs `maxRetriesPerRequest: null` on the connections it blocks on. */
  forQueues?: boolean;
  /** Where connection errors go; ioredis reconnects by itself, so they are logged, not thrown. */
  logger?: Logger;
}

/**
 * Plain command connections fail fast (two retries) so a Redis outage becomes a clear 503 rather
 * than a hang. A connection error is logged once per outage, not on every reconnect attempt.
 */
export function createRedis(url: string, name: string, { forQueues = false, logger }: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: forQueues ? null : 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  let reported = false;
  redis.on('error', (err) => {
    if (!reported) logger?.error({ err, connection: name }, 'redis connection error; reconnecting');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}

/** Namespaced key under the configured prefix, e.g. `promptgate:key:<hash>`. */
export const redisKey = (prefix: string, ...parts: string[]) => [prefix, ...parts].join(':');
