// One way to open Redis connections, shared by the API, the workers and the CLIs.
import { Redis } from 'ioredis';

export type { Redis };

/**
 * BullMQ needs `maxRetriesPerRequest: null` on every connection it blocks on; plain command
 * connections fail fast instead so a Redis outage turns into a clear 503 rather than a hang.
 */
export function createRedis(url: string, name: string, { forQueues = false } = {}): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: forQueues ? null : 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

/** Namespaced key under the configured prefix, e.g. `promptgate:key:<hash>`. */
export const redisKey = (prefix: string, ...parts: string[]) => [prefix, ...parts].join(':');
