// The admin token (ADMIN_TOKEN) guards /admin/queues. Compared in constant time: both sides are
// hashed to equal-length digests first, so neither the content nor the length of the token leaks
// through how long a refusal takes.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function adminTokenMatches(given: string | undefined, token: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}
