// How the configuration names the Redis to use: one server, or a Redis Cluster through a
// `redis+cluster://` URL or REDIS_CLUSTER_NODES; and the queue prefix that keeps a queue in one slot.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config.js';
import { queuePrefix } from '../../shared/redis.js';
import { parseClusterUrl } from '../../shared/redis-url.js';

const redisOf = (env: Record<string, string>) => loadConfig({ X402_ENABLED: 'false', ...env }).redis;

function configError(env: Record<string, string>): string {
  try {
    redisOf(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('Redis in the configuration', () => {
  it('is one local server by default, and whatever redis:// or rediss:// URL is given', () => {
    expect(redisOf({}).url).toBe('redis://127.0.0.1:6379');
    expect(parseClusterUrl(redisOf({}).url)).toBeNull();
    expect(redisOf({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).url).toBe('rediss://:secret@cache.internal:6380/2');
  });

  it('is a cluster through its seed nodes in a redis+cluster:// URL, with credentials and TLS', () => {
    const { url } = redisOf({ REDIS_URL: 'rediss+cluster://app:p%40ss:word@10.0.0.1:7000,[::1]:7001,cache-3/' });
    expect(parseClusterUrl(url)).toEqual({
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '::1', port: 7001 },
        { host: 'cache-3', port: 6379 },
      ],
      username: 'app',
      password: 'p@ss:word',
      tls: true,
    });
  });

  it('takes REDIS_CLUSTER_NODES over REDIS_URL', () => {
    const { url } = redisOf({ REDIS_URL: 'redis://ignored:6379', REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, 10.0.0.2:7001,10.0.0.3 ' });
    expect(url).toBe('redis+cluster://10.0.0.1:7000,10.0.0.2:7001,10.0.0.3:6379');
    expect(parseClusterUrl(url)).toEqual({
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: '10.0.0.3', port: 6379 },
      ],
      tls: false,
    });
    // Blank counts as unset (docker-compose passes `${VAR:-}` as an empty string).
    expect(redisOf({ REDIS_URL: 'redis://cache:6379', REDIS_CLUSTER_NODES: '' }).url).toBe('redis://cache:6379');
  });

  it.each([
    [{ REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:99999' }, 'REDIS_CLUSTER_NODES', '10.0.0.2:99999'],
    [{ REDIS_CLUSTER_NODES: ',' }, 'REDIS_CLUSTER_NODES', 'names no node'],
    [{ REDIS_CLUSTER_NODES: 'redis://a:7000' }, 'REDIS_CLUSTER_NODES', 'host:port'],
    [{ REDIS_URL: 'redis+cluster://a:7000,b:7001/0' }, 'REDIS_URL', 'no database'],
    [{ REDIS_URL: 'redis+cluster://' }, 'REDIS_URL', 'names no node'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL', 'redis+cluster://'],
    [{ QUEUE_PREFIX: '{promptgate}' }, 'QUEUE_PREFIX', 'hash tag'],
  ])('refuses %o, naming the variable', (env, variable, reason) => {
    const message = configError(env);
    expect(message).toContain(variable);
    expect(message).toContain(reason);
  });

  it("puts each queue's keys under a hash tag of its own, below QUEUE_PREFIX", () => {
    expect(queuePrefix('promptgate', 'score')).toBe('promptgate:{score}');
    expect(queuePrefix('promptgate', 'llm')).toBe('promptgate:{llm}');
  });
});
