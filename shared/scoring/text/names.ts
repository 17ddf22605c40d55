// Names of concrete things, from a token's original spelling: acronyms, capitalized words and code
// identifiers. Char-code checks only, no allocation.
import type { Token } from './tokenize.js';

function hasUpperFirst(raw: string): boolean {
  const c = raw.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90;
  const ch = raw[0] ?? '';
  return ch !== ch.toLowerCase();
}

/** ASCII capitals (digits allowed), 2..8 long: API, USDC, Q3, ERC20. */
function isAcronym(raw: string): boolean {
  if (raw.length < 2 || raw.length > 8) return false;
  let upper = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 65 && c <= 90) upper = true;
    else if (c < 48 || c > 57) return false;
  }
  return upper;
}

/** An acronym, or a capitalized word that does not open a sentence (and is not "I"). */
export function isEntity(t: Token): boolean {
  return isAcronym(t.raw) || (hasUpperFirst(t.raw) && !t.sentenceStart && t.low !== 'i');
}

/** snake_case, camelCase or letter-digit mixes (v18, erc20, 24h): names of concrete things. */
export function isIdentifier(t: Token): boolean {
  if (t.numeric || t.raw.length < 2) return false;
  let lower = false;
  let digit = false;
  let letter = false;
  // ASCII-only check: code identifiers are ASCII; other scripts are never flagged.
  for (let i = 0; i < t.raw.length; i++) {
    const c = t.raw.charCodeAt(i);
    if (c === 95) return true;
    if (c >= 48 && c <= 57) digit = true;
    else if (c >= 65 && c <= 90) {
      if (lower) return true;
      letter = true;
    } else if (c >= 97 && c <= 122) {
      lower = true;
      letter = true;
    }
  }
  return digit && letter;
}
