// Bearer API keys, stored in Redis only as SHA-256 hashes. Keys are 256-bit random, so a fast
// hash is enough: there is nothing to brute-force.
import { createHash, randomBytes } from 'node:crypto';
import { luaScript, type Redis, redisKey } from '../../shared/redis.js';
import type { StreamEntry } from '../payments/audit.js';
import type { Tier } from './tiers.js';

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

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * A key's record from its hash in one round trip: the id under `KEYS[1]`, then the record under
 * `ARGV[1]..id` (derived inside, so not declared in KEYS: fine on one Redis, not on a cluster).
 */
const LOOKUP_SCRIPT = `local id = redis.call('GET', KEYS[1])
if not id then return false end
return redis.call('HGETALL', ARGV[1] .. id)`;

/**
 * One metered call: its count and micro-USD under `KEYS[1]` and, with a second key, the audit
 * entry that records it appended there, atomically and in one round trip.
 */
const METER_SCRIPT = `redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[1], ARGV[2], ARGV[3])
if #KEYS > 1 then redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', unpack(ARGV, 5)) end
return 1`;

export const isWellFormedKey = (key: string) => KEY_PATTERN.test(key);

export class KeyStore {
  private readonly lookupScript: (...args: (string | number)[]) => Promise<string[] | null>;
  private readonly meterScript: (...args: (string | number)[]) => Promise<number>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.lookupScript = luaScript(redis, 'promptgateKeyLookup', LOOKUP_SCRIPT, 1);
    this.meterScript = luaScript(redis, 'promptgateMeter', METER_SCRIPT);
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
    await this.redis
      .multi()
      .set(this.k('key', 'hash', hashKey(key)), id)
      .hset(this.k('key', id), { ...record, revoked_at: '', hash: hashKey(key) })
      .sadd(this.k('keys'), id)
      .exec();
    return { key, record };
  }

  /** The live record for a presented key, or null when unknown, malformed or revoked. One round trip. */
  async lookup(key: string): Promise<ApiKeyRecord | null> {
    if (!isWellFormedKey(key)) return null;
    const flat = await this.lookupScript(this.k('key', 'hash', hashKey(key)), this.k('key', ''));
    const record = flat ? toRecord(fromPairs(flat)) : null;
    return record && !record.revoked_at ? record : null;
  }

  async get(id: string): Promise<ApiKeyRecord | null> {
    return toRecord(await this.redis.hgetall(this.k('key', id)));
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
    await this.redis
      .multi()
      .hset(this.k('key', id), 'revoked_at', now.toISOString())
      .del(this.k('key', 'hash', hash))
      .exec();
    return true;
  }

  /**
   * Meters one successful call: count and USD owed (kept in micro-USD to stay integral), with the
   * audit entry that records it when given: both or neither, in one round trip.
   */
  async meter(id: string, endpoint: string, priceUsd: number, audit?: StreamEntry): Promise<void> {
    const counts = [`${endpoint}|count`, `${endpoint}|micro_usd`, Math.round(priceUsd * 1_000_000)];
    if (!audit) return void (await this.meterScript(1, this.k('usage', id), ...counts));
    await this.meterScript(2, this.k('usage', id), audit.key, ...counts, audit.maxLen, ...audit.fields);
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

function fromPairs(flat: string[]): Record<string, string> {
  const h: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) h[flat[i]!] = flat[i + 1]!;
  return h;
}

function toRecord(h: Record<string, string>): ApiKeyRecord | null {
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
