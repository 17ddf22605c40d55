// The two credentials a request may carry, read the same way by the API and by the worker pools'
// metrics server (which is why they live here, below both).

import { createHash, timingSafeEqual } from 'node:crypto';

/** Reads `Authorization: Bearer <key>`. Any other Authorization value counts as a malformed key
 *  (''), so a client that meant to use a key hears 401 rather than a payment challenge. */
export function bearerToken(header: string): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? '';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The admin token (ADMIN_TOKEN) guards /admin/queues and /metrics. Compared in constant time: both
 *  sides are hashed to equal-length digests first, so neither the content nor the length of the
 *  token leaks through how long a refusal takes. */
export function adminTokenMatches(given: string | undefined, token: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}
