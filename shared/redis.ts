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

/**
 * Command connections fail fast (two retries while disconnected, and the command timeout while
 * connected but unanswered), so a Redis outage or stall becomes a clear 503 rather than a hang.
 * A connection error is logged once per outage, not on every reconnect attempt.
 */
export function createRedis(url: string, name: string, { blocking = false, commandTimeoutMs, autoPipelining = false, logger }: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    enableAutoPipelining: autoPipelining && !blocking,
    maxRetriesPerRequest: blocking ? null : 2,
    enableOfflineQueue: true,
    lazyConnect: false,
    ...(!blocking &&
      commandTimeoutMs !== undefined && {
        commandTimeout: autoPipelining ? Math.ceil(commandTimeoutMs / 2) : commandTimeoutMs,
        connectTimeout: Math.max(commandTimeoutMs, 1_000),
      }),
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

/**
 * A Lua script on `redis`, sent by EVALSHA (ioredis loads it again after a NOSCRIPT): one round
 * trip and no script text on the wire. Without `numberOfKeys`, the call's first argument says how
 * many keys follow.
 */
export function luaScript<R>(redis: Redis, name: string, lua: string, numberOfKeys?: number): (...args: (string | number)[]) => Promise<R> {
  if (!(name in redis)) redis.defineCommand(name, { lua, ...(numberOfKeys !== undefined && { numberOfKeys }) });
  // defineCommand adds the method by name at run time; its type cannot say so.
  const run = (redis as unknown as Record<string, (...args: (string | number)[]) => Promise<R>>)[name]!;
  return (...args) => run.apply(redis, args);
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
