// Starts a throwaway Redis Cluster of three masters on free loopback ports (each redis-server with
// its own folder and nodes file), joined by `redis-cli --cluster create`, for the suite's cluster run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { clusterUrl } from '../../shared/redis-url.js';
import { type RedisServer, startRedisServer } from './redis-server.js';

const run = promisify(execFile);

export interface RedisCluster {
  /** `redis+cluster://127.0.0.1:<port>,...`: what REDIS_URL takes. */
  url: string;
  nodes: RedisServer[];
  stop(): Promise<void>;
}

/** Every node agrees the cluster is whole: all 16384 slots served, state ok. */
async function waitForClusterOk(nodes: RedisServer[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  const clients = nodes.map((n) => new Redis(n.port, '127.0.0.1', { maxRetriesPerRequest: 1 }));
  try {
    while (Date.now() < deadline) {
      const infos = await Promise.all(clients.map((c) => c.cluster('INFO')));
      if (infos.every((info) => /cluster_state:ok/.test(info) && /cluster_slots_ok:16384/.test(info))) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the Redis Cluster did not reach cluster_state:ok within 20 s');
  } finally {
    for (const c of clients) c.disconnect();
  }
}

export async function startRedisCluster(masters = 3): Promise<RedisCluster> {
  const nodes = await Promise.all(Array.from({ length: masters }, () => startRedisServer({ clusterNode: true })));
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  };
  try {
    const addresses = nodes.map((n) => `127.0.0.1:${n.port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes'], { timeout: 30_000 });
    await waitForClusterOk(nodes);
  } catch (error) {
    await stop();
    throw new Error(`cannot form a Redis Cluster (${(error as Error).message}); run "make test", which installs redis-server and redis-cli`);
  }
  return { url: clusterUrl(nodes.map((n) => ({ host: '127.0.0.1', port: n.port }))), nodes, stop };
}
