// The service as the HTTP benchmarks run it: a real redis-server, the API in this process and the
// score pool in a child process (as in production), and a solo key to call it with.
import { spawn } from 'node:child_process';
import { startApi } from '../api/runtime.js';
import { type Config, loadConfig } from '../shared/config.js';
import { createLogger } from '../shared/logger.js';
import { startRedisServer } from '../test/helpers/redis-server.js';

export interface BenchService {
  url: string;
  config: Config;
  /** A bearer key of tier solo. */
  key: string;
  close(): Promise<void>;
}

/** `env` adds to or overrides the benchmark's settings (x402 off, no free-tier limit to speak of). */
export async function startBenchService(env: Record<string, string>): Promise<BenchService> {
  const redis = await startRedisServer();
  const settings = {
    ...process.env,
    REDIS_URL: redis.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    X402_ENABLED: 'false',
    FREE_RATE_LIMIT_PER_MIN: '100000000',
    ...env,
  } as Record<string, string>;
  const workers = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts', '--pool', 'score'], { env: settings, stdio: 'inherit' });
  const config = loadConfig(settings);
  const api = await startApi(config, createLogger(config, 'bench'));
  const key = (await api.deps.keys.create('solo', 'bench')).key;
  await waitForWorkers(api.url);
  return {
    url: api.url,
    config,
    key,
    async close() {
      // The API first: requests still in flight finish while the workers are up. The workers and
      // Redis are stopped whatever happens, so no process outlives the benchmark.
      try {
        await api.close();
      } finally {
        const exited = new Promise((r) => workers.once('exit', r));
        workers.kill('SIGTERM');
        await exited;
        await redis.stop();
      }
    },
  };
}

async function waitForWorkers(url: string) {
  for (let i = 0; i < 150; i++) {
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    const body = (await res?.json().catch(() => undefined)) as { checks?: Record<string, string> } | undefined;
    if (body?.checks?.workers_score === 'ok') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('score workers did not start');
}
