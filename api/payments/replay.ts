// Each payment is accepted once. The claim is a Redis SET NX, so two concurrent requests carrying
// the same payment cannot both pass, and its TTL outlives the payment's own validity, after which
// the chain (a used EIP-3009 nonce, an expired blockhash) refuses it anyway.
import { type Redis, redisKey } from '../../shared/redis.js';

export class ReplayGuard {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(id: string) {
    return redisKey(this.prefix, 'x402', 'used', id);
  }

  /** True when this call is the first to present the payment. */
  async claim(id: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(this.key(id), '1', 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) === 'OK';
  }

  /** Gives back a claim for a payment that was refused before any work, so a fixed retry can pass. */
  async release(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }
}
