// Reads `Authorization: Bearer <key>`. Any other Authorization value counts as a malformed key,
// so a client that meant to use a key hears 401 rather than a payment challenge.
export function bearerToken(header: string): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? '';
}
