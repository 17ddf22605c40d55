// A Redis of a test's own (to stop or stall it without touching the suite's), of the kind the
// project runs against: one redis-server, or a three-master cluster in the cluster project.
import { inject } from 'vitest';
import { parseClusterUrl } from '../../shared/redis-url.js';
import { startRedisCluster } from './redis-cluster.js';
import { startRedisServer } from './redis-server.js';

export interface OwnRedis {
  url: string;
  /** Every redis-server process behind it, for tests that stall them (SIGSTOP/SIGCONT). */
  pids: number[];
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  if (parseClusterUrl(inject('redisUrl'))) {
    const cluster = await startRedisCluster();
    return { url: cluster.url, pids: cluster.nodes.map((n) => n.pid), stop: cluster.stop };
  }
  const server = await startRedisServer();
  return { url: server.url, pids: [server.pid], stop: server.stop };
}
