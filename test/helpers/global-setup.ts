// One real Redis per project for the whole run; each harness isolates itself with its own key
// prefix. The `cluster` project (vitest.config.ts) gets a three-master Redis Cluster instead of a
// single redis-server, and the same tests run against it through its `redis+cluster://` URL.
import type { TestProject } from 'vitest/node';
import { startRedisCluster } from './redis-cluster.js';
import { startRedisServer } from './redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/** The name of the project that runs against a Redis Cluster. */
export const CLUSTER_PROJECT = 'cluster';

export default async function setup(project: TestProject) {
  const redis = project.name === CLUSTER_PROJECT ? await startRedisCluster() : await startRedisServer();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
