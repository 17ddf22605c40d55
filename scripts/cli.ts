// Shared plumbing of the admin CLIs: configuration without the x402 recipient check (a CLI only
// needs Redis) and a Redis connection that is always closed.
import { existsSync, readFileSync } from 'node:fs';
import { type Config, ConfigError, loadConfig } from '../shared/config.js';
import { createRedis, type Redis } from '../shared/redis.js';

/** Written by `make run` while its local Redis is up (scripts/run.sh). */
const MAKE_RUN_REDIS_URL = '.run/redis-url';

/** REDIS_URL when set (or a cluster in REDIS_CLUSTER_NODES); else the Redis that `make run` started, when one is up. */
function redisUrl(): string | undefined {
  if (process.env.REDIS_URL || process.env.REDIS_CLUSTER_NODES) return process.env.REDIS_URL;
  return existsSync(MAKE_RUN_REDIS_URL) ? readFileSync(MAKE_RUN_REDIS_URL, 'utf8').trim() : undefined;
}

export function cliConfig(): Config {
  try {
    return loadConfig({ ...process.env, REDIS_URL: redisUrl(), X402_ENABLED: 'false' });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

export async function withRedis<T>(config: Config, fn: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = createRedis(config.redis.url, 'promptgate-cli');
  try {
    return await fn(redis);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
