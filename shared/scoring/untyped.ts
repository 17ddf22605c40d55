// Untyped callers (plain JS, parsed JSON) may pass anything where the types promise a name: an
// unknown value falls back to a default instead of throwing.
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
