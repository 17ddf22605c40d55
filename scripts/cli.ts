// Shared plumbing of the admin CLIs: configuration without the x402 recipient check (a CLI only
// needs Redis) and a Redis connection that is always closed.
import { type Config, ConfigError, loadConfig } from '../shared/config.js';
import { createRedis, type Redis } from '../shared/redis.js';

export function cliConfig(): Config {
  try {
    return loadConfig({ ...process.env, X402_ENABLED: 'false' });
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
