// One record per paid call, bearer or x402, in a Redis stream trimmed to a bounded length. Writing
// never fails the request: a lost audit line is logged, the caller still gets their answer.
import type { Logger } from '../../shared/logger.js';
import { type Redis, redisKey } from '../../shared/redis.js';

/**
 * `not_charged`: the work succeeded but nothing was charged (`code` says why: `provider_failed` for
 * a proxy call whose provider failed, `client_gone` when the client left before its answer).
 * `settlement_pending`: the settlement's outcome was unknown, the client was answered 502 and the
 * answer kept; a later `settled` or `settlement_failed` record with the same request id tells how it
 * ended. `redelivered`: a retry of the same payment got its kept answer; nothing was charged again.
 */
export type AuditOutcome =
  | 'settled'
  | 'metered'
  | 'rejected'
  | 'failed'
  | 'settlement_failed'
  | 'settlement_pending'
  | 'redelivered'
  | 'not_charged';

export interface AuditRecord {
  request_id: string;
  endpoint: string;
  price_usd: number;
  auth: 'bearer' | 'x402';
  /** EVM address or Solana account for x402; `key:<id>` for a bearer key; '' when unknown. */
  payer: string;
  /** Payment network (x402 version 1 name), '' for bearer keys. */
  network: string;
  transaction: string;
  outcome: AuditOutcome;
  /** Error code of a refused or failed call, '' on success. */
  code: string;
  started_at: string;
  finished_at: string;
}

export interface AuditEntry extends AuditRecord {
  /** Stream entry id. */
  id: string;
}

const FIELDS = [
  'request_id',
  'endpoint',
  'price_usd',
  'auth',
  'payer',
  'network',
  'transaction',
  'outcome',
  'code',
  'started_at',
  'finished_at',
] as const satisfies readonly (keyof AuditRecord)[];

export class AuditLog {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly maxLen: number,
    private readonly logger?: Logger,
  ) {
    this.key = redisKey(prefix, 'audit');
  }

  async write(record: AuditRecord): Promise<void> {
    // `~` lets Redis trim whole nodes: cheap, and the stream stays within a node of maxLen. The
    // arguments are built by a plain loop: on every paid call, where flatMap cost ten times as much.
    const fields: string[] = [];
    for (const f of FIELDS) fields.push(f, String(record[f]));
    try {
      await this.redis.xadd(this.key, 'MAXLEN', '~', this.maxLen, '*', ...fields);
    } catch (err) {
      this.logger?.error({ err, record }, 'audit record lost');
    }
  }

  /** The newest `count` records, oldest first. */
  async tail(count: number): Promise<AuditEntry[]> {
    const rows = await this.redis.xrevrange(this.key, '+', '-', 'COUNT', count);
    return rows.reverse().map(([id, flat]) => {
      const h: Record<string, string> = {};
      for (let i = 0; i + 1 < flat.length; i += 2) h[flat[i] as string] = flat[i + 1] as string;
      const record = Object.fromEntries(FIELDS.map((f) => [f, h[f] ?? ''])) as Record<(typeof FIELDS)[number], string>;
      return {
        id,
        ...record,
        price_usd: Number(h.price_usd),
        auth: h.auth as AuditRecord['auth'],
        outcome: h.outcome as AuditOutcome,
      };
    });
  }
}
