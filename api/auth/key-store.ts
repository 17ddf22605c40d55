// Bearer API keys, stored in Redis only as SHA-256 hashes. Keys are 256-bit random, so a fast
// hash is enough: there is nothing to brute-force.
import { hash as digest, randomBytes } from 'node:crypto';
import type { Result } from 'ioredis';
import { type Redis, redisKey } from '../../shared/redis.js';
import type { Tier } from './tiers.js';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** KeyStore.meter's script: both counters of one call in one command. */
    promptgateMeter(usageKey: string, countField: string, microUsdField: string, microUsd: number): Result<unknown, Context>;
  }
}

/**
 * One call's usage: its count and its amount together, in one command (one key, so one slot of a
 * cluster). A script rather than MULTI/HINCRBY/HINCRBY/EXEC: one command to send and answer instead
 * of four, and it rides in the connection's automatic pipeline, where a MULTI goes in a write of its own.
 */
const METER_SCRIPT = `redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[1], ARGV[2], ARGV[3])`;

const KEY_PREFIX = 'pgk_';
const KEY_PATTERN = /^pgk_[A-Za-z0-9_-]{43}$/;

export interface ApiKeyRecord {
  id: string;
  name: string;
  tier: Tier;
  created_at: string;
  revoked_at: string | null;
  /** First characters of the key, safe to display. */
  hint: string;
}

export interface UsageLine {
  endpoint: string;
  count: number;
  usd_owed: number;
}

/** One-shot hashing: a third of createHash().update().digest()'s cost, on every bearer call. */
const hashKey = (key: string) => digest('sha256', key, 'hex');

/** Key hashes whose record id is remembered in this process (the oldest is forgotten first). */
const REMEMBERED_IDS = 10_000;

export const isWellFormedKey = (key: string) => KEY_PATTERN.test(key);

/** A presented, well-formed key: its hash, and the record id this process remembers for it, if any. */
export interface PresentedKey {
  hash: string;
  /** Set only when this process has read a live record for this key before. */
  rememberedId: string | undefined;
}

export class KeyStore {
  /**
   * Key hash -> record id, as found. A mapping never changes while it exists, and a revoked key is
   * refused by its record (marked revoked first, read on every lookup), so remembering it is safe
   * and saves a round trip: a known key costs one read.
   */
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // Defined now, before any request: an auto-pipelined client hands a pipeline only the commands
    // it had when that pipeline started (see RateLimits). Defining it again is harmless.
    redis.defineCommand('promptgateMeter', { numberOfKeys: 1, lua: METER_SCRIPT });
  }

  private k(...parts: string[]) {
    return redisKey(this.prefix, ...parts);
  }

  async create(tier: Tier, name: string, now = new Date()): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = KEY_PREFIX + randomBytes(32).toString('base64url');
    const id = randomBytes(6).toString('hex');
    const record: ApiKeyRecord = {
      id,
      name,
      tier,
      created_at: now.toISOString(),
      revoked_at: null,
      hint: key.slice(0, 10),
    };
    // Three keys in three slots of a Redis Cluster, so three commands rather than one MULTI, in an
    // order that makes a failure part way harmless: the key answers only once the hash maps to a
    // record, and the listing names only records that exist. A create that fails part way never
    // handed its key out, so what it left is unreachable.
    await this.redis.hset(this.k('key', id), { ...record, revoked_at: '', hash: hashKey(key) });
    await this.redis.set(this.k('key', 'hash', hashKey(key)), id);
    await this.redis.sadd(this.k('keys'), id);
    return { key, record };
  }

  /** A presented key, hashed once; null when malformed (no such key can exist). */
  present(key: string): PresentedKey | null {
    if (!isWellFormedKey(key)) return null;
    const hash = hashKey(key);
    return { hash, rememberedId: this.ids.get(hash) };
  }

  /** The live record for a presented key, or null when unknown, malformed or revoked. */
  async lookup(key: string | PresentedKey | null): Promise<ApiKeyRecord | null> {
    const presented = typeof key === 'string' ? this.present(key) : key;
    if (!presented) return null;
    const { hash, rememberedId } = presented;
    const id = rememberedId ?? (await this.redis.get(this.k('key', 'hash', hash)));
    if (!id) return null;
    const record = await this.get(id);
    if (!record || record.revoked_at) {
      // Revoked (its mapping is dropped too) or gone: the next call with this key reads the mapping
      // again, and finds none. Only a key remembered here may have its work started before its
      // record is read (paid-access.ts), so a refused key stops being one after one call.
      this.ids.delete(hash);
      return null;
    }
    if (rememberedId === undefined) {
      if (this.ids.size >= REMEMBERED_IDS) this.ids.delete(this.ids.keys().next().value!);
      this.ids.set(hash, id);
    }
    return record;
  }

  async get(id: string): Promise<ApiKeyRecord | null> {
    const h = await this.redis.hgetall(this.k('key', id));
    if (!h.id) return null;
    return {
      id: h.id,
      name: h.name ?? '',
      tier: h.tier as Tier,
      created_at: h.created_at ?? '',
      revoked_at: h.revoked_at ? h.revoked_at : null,
      hint: h.hint ?? '',
    };
  }

  async list(): Promise<ApiKeyRecord[]> {
    const ids = await this.redis.smembers(this.k('keys'));
    const records = await Promise.all(ids.map((id) => this.get(id)));
    return records
      .filter((r): r is ApiKeyRecord => r !== null)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  /** Revokes a key; false when no such key. The hash mapping is dropped so lookups stop at once. */
  async revoke(id: string, now = new Date()): Promise<boolean> {
    const hash = await this.redis.hget(this.k('key', id), 'hash');
    if (!hash) return false;
    // Marked first: lookup() refuses a revoked record, so the key stops working with this command
    // even if dropping the hash mapping (another slot of a cluster) then fails.
    await this.redis.hset(this.k('key', id), 'revoked_at', now.toISOString());
    await this.redis.del(this.k('key', 'hash', hash));
    return true;
  }

  /** Meters one successful call: count and USD owed (kept in micro-USD to stay integral). */
  async meter(id: string, endpoint: string, priceUsd: number): Promise<void> {
    await this.redis.promptgateMeter(this.k('usage', id), `${endpoint}|count`, `${endpoint}|micro_usd`, Math.round(priceUsd * 1_000_000));
  }

  async usage(id: string): Promise<UsageLine[]> {
    const h = await this.redis.hgetall(this.k('usage', id));
    const lines = new Map<string, UsageLine>();
    for (const [field, value] of Object.entries(h)) {
      const [endpoint = '', kind] = field.split('|');
      const line = lines.get(endpoint) ?? { endpoint, count: 0, usd_owed: 0 };
      if (kind === 'count') line.count = Number(value);
      if (kind === 'micro_usd') line.usd_owed = Number(value) / 1_000_000;
      lines.set(endpoint, line);
    }
    return [...lines.values()].sort((a, b) => a.endpoint.localeCompare(b.endpoint));
  }
}
