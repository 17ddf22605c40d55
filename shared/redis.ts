// One way to open Redis connections, shared by the API, the workers and the CLIs.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { within } from './within.js';

export type { Redis };

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
  /** Where connection errors go; ioredis reconnects by itself, so they are logged, not thrown. */
  logger?: Logger;
}

/**
 * Command connections fail fast (two retries while disconnected, and the command timeout while
 * connected but unanswered), so a Redis outage or stall becomes a clear 503 rather than a hang.
 * A connection error is logged once per outage, not on every reconnect attempt.
 */
export function createRedis(url: string, name: string, { blocking = false, commandTimeoutMs, logger }: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: blocking ? null : 2,
    enableOfflineQueue: true,
    lazyConnect: false,
    ...(!blocking && commandTimeoutMs !== undefined && { commandTimeout: commandTimeoutMs, connectTimeout: Math.max(commandTimeoutMs, 1_000) }),
  });
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

/** ioredis' error for a command its `commandTimeout` gave up on. */
const COMMAND_TIMED_OUT = 'Command timed out';

/** Redis unreachable or stalled: ioredis gave up on the command, timed it out, or the socket is gone. */
export function isStorageOutage(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string };
  return (
    e?.name === 'MaxRetriesPerRequestError' ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(e?.code ?? '') ||
    e?.message === 'Connection is closed.' ||
    e?.message === COMMAND_TIMED_OUT
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
