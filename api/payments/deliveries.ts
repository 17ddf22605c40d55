// Paid answers kept for a retry of the same x402 payment, so a client never pays twice for one
// answer. An answer is kept when its settlement's outcome is unknown (the facilitator timed out or
// failed with a 5xx: the transfer may still land), when the client left while it was being settled,
// and when the client named an x402 `payment-identifier` (an idempotency key). It is keyed by the
// payment's identity and lives as long as that payment could be presented again (its replay-claim
// TTL, which outlasts the authorization), then Redis drops it.
import type { SettleResponse } from '@x402/core/types';
import { type Redis, redisKey } from '../../shared/redis.js';

export interface Delivery {
  /** What a retry must repeat to get this answer: the payment header, the route and the body (a digest). */
  fingerprint: string;
  /** The request that produced the answer. */
  requestId: string;
  /** The 200 body as it was answered (JSON text). */
  body: string;
  /** `pending`: whether the settlement landed is not known yet; `settled`: it landed (`receipt`). */
  state: 'pending' | 'settled';
  receipt?: SettleResponse;
  /**
   * Pending only: until then (epoch ms) the API process that made the first attempt still waits on
   * it, so a retry reaching another process does not settle again meanwhile.
   */
  followedUntil?: number;
}

/** The request that holds a payment identifier: what it was asked with, and its payment. */
export interface IdentifierClaim {
  fingerprint: string;
  paymentId: string;
}

export class DeliveryStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(paymentId: string) {
    return redisKey(this.prefix, 'x402', 'delivery', paymentId);
  }

  private identifierKey(identifier: string) {
    return redisKey(this.prefix, 'x402', 'pid', identifier);
  }

  async get(paymentId: string): Promise<Delivery | null> {
    const raw = await this.redis.get(this.key(paymentId));
    return raw ? (JSON.parse(raw) as Delivery) : null;
  }

  async put(paymentId: string, delivery: Delivery, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key(paymentId), JSON.stringify(delivery), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  /** Changes a kept answer (its settlement became known), within the lifetime it already has. */
  async update(paymentId: string, change: Partial<Pick<Delivery, 'state' | 'receipt' | 'followedUntil'>>): Promise<void> {
    const kept = await this.get(paymentId);
    if (!kept) return;
    await this.redis.set(this.key(paymentId), JSON.stringify({ ...kept, ...change }), 'KEEPTTL', 'XX');
  }

  async drop(paymentId: string): Promise<void> {
    await this.redis.del(this.key(paymentId));
  }

  /** Claims `identifier` for one request; returns the claim already held when another request got it first. */
  async claimIdentifier(identifier: string, claim: IdentifierClaim, ttlSeconds: number): Promise<IdentifierClaim | null> {
    const key = this.identifierKey(identifier);
    // Twice at most: a claim that expires between the two commands leaves the identifier free.
    for (let attempt = 0; ; attempt++) {
      if ((await this.redis.set(key, JSON.stringify(claim), 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) === 'OK') return null;
      const held = await this.redis.get(key);
      if (held || attempt > 0) return held ? (JSON.parse(held) as IdentifierClaim) : claim;
    }
  }

  /** Frees an identifier whose request ended without a kept answer (nothing charged), for a new payment. */
  async releaseIdentifier(identifier: string): Promise<void> {
    await this.redis.del(this.identifierKey(identifier));
  }
}
