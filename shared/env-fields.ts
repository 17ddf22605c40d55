// The kinds of environment variable every config section parses: one definition each, so a boolean
// or a number reads the same way whichever module declares it. A leaf module (no imports of config).
import { z } from 'zod';

/** true/false, 1/0, yes/no; unset or empty means `fallback`. */
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

export const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Trimmed; unset or blank means undefined. */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const httpUrl = z.url({ protocol: /^https?$/ });
