// One way to open Redis connections, shared by the API, the workers and the CLIs: a single server or
// a Redis Cluster, as the URL says (shared/redis-url.ts).
import { type Callback, Cluster, type ClusterOptions, type Command, Redis as Single, type RedisOptions as NodeOptions } from 'ioredis';
import type { Logger } from 'pino';
import { parseClusterUrl } from './redis-url.js';
import { within } from './within.js';

/** A connection to one Redis server or to a cluster; both take the same commands. */
export type Redis = Single | Cluster;

export interface RedisOptions {
  /**
   * A connection BullMQ blocks on (a Worker's job fetch, QueueEvents' stream read): it needs
   * `maxRetriesPerRequest: null` and no command timeout (its reads block by design).
   */
  blocking?: boolean;
  /**
   * Bound on every command, pipelined and MULTI ones included (ioredis arms it per command): a
   * stalled Redis then fails a command after this long instead of holding the request. Unset: no
   * bound (CLIs, blocking connections).
   */
  commandTimeoutMs?: number;
  /**
   * Commands issued in the same event-loop turn go out in one write (ioredis auto-pipelining):
   * concurrent requests share round trips. ioredis keeps one such pipeline in flight per
   * connection, and a command issued meanwhile goes with the next one: it may wait for the one in
   * flight before its own round trip. Each round trip is therefore bounded by half of
   * `commandTimeoutMs`, so a caller still hears within `commandTimeoutMs` of issuing a command.
   */
  autoPipelining?: boolean;
  /** Where connection errors go; ioredis reconnects by itself, so they are logged, not thrown. */
  logger?: Logger;
}

/** ioredis' error for a command its `commandTimeout` gave up on. */
const COMMAND_TIMED_OUT = 'Command timed out';

/**
 * A cluster whose commands are bounded from the moment the cluster takes them. ioredis arms
 * `commandTimeout` only when a node connection writes a command, so a command the cluster holds
 * (its offline queue while it reconnects, a retry after a failover or CLUSTERDOWN) would wait
 * unbounded; arming it here covers those too (a command's timer is armed once, so the node's own
 * arming is then a no-op). A pipeline or MULTI sent before the cluster knows its slots waits in
 * delayUntilReady(), bounded the same way.
 */
class BoundedCluster extends Cluster {
  constructor(
    nodes: ConstructorParameters<typeof Cluster>[0],
    options: ClusterOptions,
    private readonly commandTimeoutMs: number,
  ) {
    super(nodes, options);
  }

  override sendCommand(command: Command, stream?: Parameters<Cluster['sendCommand']>[1], node?: unknown): unknown {
    command.setTimeout(this.commandTimeoutMs);
    return super.sendCommand(command, stream, node);
  }

  override delayUntilReady(callback: Callback): void {
    let called = false;
    const once: Callback = (err) => {
      if (called) return;
      called = true;
      clearTimeout(timer);
      callback(err);
    };
    const timer = setTimeout(() => once(new Error(COMMAND_TIMED_OUT)), this.commandTimeoutMs);
    super.delayUntilReady(once);
  }
}

/**
 * Command connections fail fast (two retries while disconnected, and the command timeout while
 * connected but unanswered), so a Redis outage or stall becomes a clear 503 rather than a hang.
 * A connection error is logged once per outage, not on every reconnect attempt.
 *
 * On a cluster the same options apply to each node's connection; ioredis follows MOVED and ASK
 * redirections and refreshes its slot map by itself. Commands must not span slots (a MULTI or a
 * script on keys of two slots is refused with CROSSSLOT): BullMQ's queues stay within one slot
 * each through queuePrefix(), and the service's own stores use one key per command.
 */
export function createRedis(url: string, name: string, { blocking = false, commandTimeoutMs, autoPipelining = false, logger }: RedisOptions = {}): Redis {
  const bounded = !blocking && commandTimeoutMs !== undefined;
  const pipelined = autoPipelining && !blocking;
  // One pipeline in flight per connection: a command may wait for it first (see autoPipelining).
  const timeoutMs = pipelined && commandTimeoutMs !== undefined ? Math.ceil(commandTimeoutMs / 2) : commandTimeoutMs;
  const options: NodeOptions = {
    connectionName: name,
    enableAutoPipelining: pipelined,
    maxRetriesPerRequest: blocking ? null : 2,
    enableOfflineQueue: true,
    lazyConnect: false,
    ...(bounded && { commandTimeout: timeoutMs, connectTimeout: Math.max(commandTimeoutMs, 1_000) }),
  };
  const cluster = parseClusterUrl(url);
  let redis: Redis;
  if (cluster) {
    const { nodes, username, password, tls } = cluster;
    const clusterOptions: ClusterOptions = { enableAutoPipelining: pipelined, redisOptions: { ...options, username, password, ...(tls && { tls: {} }) } };
    redis = bounded ? new BoundedCluster(nodes, clusterOptions, timeoutMs!) : new Cluster(nodes, clusterOptions);
  } else {
    redis = new Single(url, options);
  }
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

/**
 * BullMQ's prefix for one queue: `<prefix>:{<queue>}`, so its keys read `promptgate:{score}:score:wait`.
 * BullMQ's scripts touch many keys of a queue at once, which a Redis Cluster allows only within one
 * hash slot: the braces are a hash tag (only `score` is hashed), so each queue's keys share one slot
 * while the queues, and every other key of the service, spread over the cluster. A single server
 * ignores the braces, so both hold the same layout. (The config refuses braces in QUEUE_PREFIX:
 * Redis hashes a key's first tag, so one there would put every key in one slot.)
 */
export const queuePrefix = (prefix: string, queue: string) => `${prefix}:{${queue}}`;

/** What ioredis' Cluster says when it cannot reach the slot's node, or no node at all. */
const CLUSTER_UNREACHABLE = /^(Too many Cluster redirections|Cluster isn't ready|None of startup nodes is available|CLUSTERDOWN)/;

/** Redis unreachable or stalled: ioredis gave up on the command, timed it out, or the socket is gone. */
export function isStorageOutage(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string };
  return (
    e?.name === 'MaxRetriesPerRequestError' ||
    e?.name === 'ClusterAllFailedError' ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(e?.code ?? '') ||
    e?.message === 'Connection is closed.' ||
    e?.message === COMMAND_TIMED_OUT ||
    CLUSTER_UNREACHABLE.test(e?.message ?? '')
  );
}

/**
 * Rejects with a command-timeout error after `ms` when `work` has not settled: the same bound for
 * a Redis call ioredis cannot time out by itself (BullMQ's calls on its own connections).
 */
export async function withinCommandTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  const result = await within(work, ms);
  if (!result.done) throw new Error(COMMAND_TIMED_OUT);
  return result.value;
}
