// The real service for integration tests: the Koa API on a free port and real BullMQ worker pools,
// against the suite's real redis-server, isolated by a fresh key prefix per harness.
import { randomBytes } from 'node:crypto';
import { Cluster } from 'ioredis';
import { inject } from 'vitest';
import { startApi, type ApiRuntime } from '../../api/runtime.js';
import type { Tier } from '../../api/auth/tiers.js';
import { type Config, loadConfig } from '../../shared/config.js';
import { QUEUE_NAMES, type QueueName } from '../../shared/jobs.js';
import { createLogger } from '../../shared/logger.js';
import { createRedis, type Redis } from '../../shared/redis.js';
import { startWorkers, type WorkerRuntime } from '../../workers/runtime.js';

/** Well-formed recipients for tests; nothing is ever paid to them on a real chain. */
export const TEST_EVM_PAY_TO = '0x1111111111111111111111111111111111111111';
export const TEST_SVM_PAY_TO = '11111111111111111111111111111112';

export interface HarnessOptions {
  /** Environment overrides, e.g. X402_FACILITATOR_URL or LLM_PROVIDERS. */
  env?: Record<string, string>;
  /** Worker pools to run in-process; [] runs none (jobs then wait and time out). */
  pools?: readonly QueueName[];
}

export interface HttpResult {
  status: number;
  headers: Headers;
  body: any;
}

export interface Harness {
  url: string;
  config: Config;
  /** A plain Redis client on the harness's server or cluster (keys live under config.redis.prefix). */
  redis: Redis;
  /** Keys matching `pattern` on every master: a cluster spreads them over its nodes, and KEYS asks one. */
  keys(pattern: string): Promise<string[]>;
  api: ApiRuntime;
  workers: WorkerRuntime;
  createKey(tier?: Tier): Promise<string>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<HttpResult>;
  request(path: string, init?: RequestInit): Promise<HttpResult>;
  close(): Promise<void>;
}

export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    REDIS_URL: inject('redisUrl'),
    QUEUE_PREFIX: `t${randomBytes(6).toString('hex')}`,
    X402_ENABLED: 'true',
    X402_EVM_PAY_TO: TEST_EVM_PAY_TO,
    X402_SVM_PAY_TO: TEST_SVM_PAY_TO,
    // Nothing listens here: tests that pay start their own facilitator and override this.
    X402_FACILITATOR_URL: 'http://127.0.0.1:9',
    TRUST_ALLOW_PRIVATE_HOSTS: 'true',
    ...overrides,
  };
}

export async function startHarness({ env = {}, pools = QUEUE_NAMES }: HarnessOptions = {}): Promise<Harness> {
  const config = loadConfig(testEnv(env));
  const logger = createLogger(config, 'test');
  const workers = await startWorkers(config, pools, logger);
  const api = await startApi(config, logger);
  const redis = createRedis(config.redis.url, 'promptgate-test');

  const request = async (path: string, init: RequestInit = {}): Promise<HttpResult> => {
    const res = await fetch(api.url + path, init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (e.g. /metrics): keep the text
    }
    return { status: res.status, headers: res.headers, body };
  };

  return {
    url: api.url,
    config,
    redis,
    api,
    workers,
    async keys(pattern) {
      const servers = redis instanceof Cluster ? redis.nodes('master') : [redis];
      return (await Promise.all(servers.map((server) => server.keys(pattern)))).flat();
    },
    async createKey(tier: Tier = 'free') {
      return (await api.deps.keys.create(tier, `test-${tier}`)).key;
    },
    post: (path, body, headers = {}) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    request,
    async close() {
      await api.close();
      await workers.close();
      await redis.quit();
    },
  };
}
