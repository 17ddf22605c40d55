// Tokenizer: one linear scan of the prompt. Every later step works on these tokens and line facts,
// so no dimension ever re-reads the raw text.

export interface Token {
  /** Lowercased word, the key for lexicon lookups. */
  readonly low: string;
  /** Original spelling, kept for named-entity and identifier checks. */
  readonly raw: string;
  /** True when the token opens a sentence or a line (capitals there say nothing). */
  readonly sentenceStart: boolean;
  /** True for a numeric token such as 3, 2024 or 3.11 (dotted parts are merged). */
  readonly numeric: boolean;
  /** A list marker: "1." or "2)" opening a line. Layout, not a figure of the task. */
  readonly marker?: boolean;
  /** Joined to the previous token by one hyphen ("p-hacking", "zk-rollups"): part of one compound word. */
  readonly joined?: boolean;
}

// Word characters are letters, digits and '_' (Unicode-aware). Classification is a char-code scan
// with cached per-code-point answers, so cost is strictly linear and no regex runs per token.
const WORD_CHAR = /^[\p{L}\p{N}_]$/u;
const BMP_CLASS = new Uint8Array(0x10000); // 0 unknown, 1 word, 2 not word
for (let c = 0; c < 128; c++) {
  BMP_CLASS[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ? 1 : 2;
}
const ASTRAL_CLASS = new Map<number, boolean>();
const ASTRAL_CACHE_MAX = 4096;

export function isWordCodePoint(cp: number): boolean {
  if (cp < 0x10000) {
    let k = BMP_CLASS[cp];
    if (k === 0) BMP_CLASS[cp] = k = WORD_CHAR.test(String.fromCharCode(cp)) ? 1 : 2;
    return k === 1;
  }
  let known = ASTRAL_CLASS.get(cp);
  if (known === undefined) {
    if (ASTRAL_CLASS.size >= ASTRAL_CACHE_MAX) ASTRAL_CLASS.clear();
    known = WORD_CHAR.test(String.fromCodePoint(cp));
    ASTRAL_CLASS.set(cp, known);
  }
  return known;
}

/** The whitespace String.prototype.trim removes (WhiteSpace and LineTerminator code points). */
export function isTrimSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Code point at i; only surrogates take the slower path (a lone surrogate is its own point). */
function codePointAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff ? (text.codePointAt(i) ?? c) : c;
}
/** Longest dotted number folded into one token; beyond it "1.1.1..." stays separate (linear). */
const MAX_VERSION_CHARS = 16;

/** Whether the gap text between two tokens ends a sentence (scans only the gap: linear overall). */
function gapEndsSentence(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // . ! ? newline : ;
    if (c === 46 || c === 33 || c === 63 || c === 10 || c === 58 || c === 59) return true;
  }
  return false;
}

function newlineIn(text: string, from: number, to: number): boolean {
  for (let i = to - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return true;
    if (c !== 32 && c !== 9 && c !== 45 && c !== 42) return false; // spaces, "- ", "* " before "1."
  }
  return false;
}

function onlySpaceBefore(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9 && text.charCodeAt(i) !== 10) return false;
  return true;
}

function isDigitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let prevEnd = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c0 = text.charCodeAt(i);
    // ASCII separators (spaces, punctuation) are skipped without the code-point path.
    if (c0 < 128 && BMP_CLASS[c0] !== 1) {
      i++;
      continue;
    }
    const cp = c0 >= 0xd800 && c0 <= 0xdbff ? (text.codePointAt(i) ?? c0) : c0;
    const width = cp > 0xffff ? 2 : 1;
    if (!isWordCodePoint(cp)) {
      i += width;
      continue;
    }
    const start = i;
    // Track ASCII capitals, non-ASCII and non-digits during the scan: most tokens are lowercase
    // ASCII, whose lowercase form is the token itself (no toLowerCase allocation).
    let upper = cp >= 65 && cp <= 90;
    let other = cp >= 128;
    let digits = cp >= 48 && cp <= 57;
    i += width;
    while (i < text.length) {
      const c = codePointAt(text, i);
      if (c < 128) {
        if (c >= 48 && c <= 57) {
          i++;
          continue;
        }
        if (BMP_CLASS[c] !== 1) break;
        digits = false;
        if (c <= 90 && c >= 65) upper = true;
        i++;
        continue;
      }
      if (!isWordCodePoint(c)) break;
      digits = false;
      other = true;
      i += c > 0xffff ? 2 : 1;
    }
    const raw = text.slice(start, i);
    const prev = tokens[tokens.length - 1];
    // "3.11" or "1.2.0": fold a dotted digit run into the previous numeric token (a version).
    if (prev?.numeric && prev.raw.length < MAX_VERSION_CHARS && start === prevEnd + 1 && text.charCodeAt(prevEnd) === 46 && digits) {
      const merged = `${prev.raw}.${raw}`;
      tokens[tokens.length - 1] = { low: merged, raw: merged, sentenceStart: prev.sentenceStart, numeric: true };
      prevEnd = i;
      continue;
    }
    const numeric = digits;
    const joined = prev !== undefined && start === prevEnd + 1 && text.charCodeAt(prevEnd) === 45;
    const opensLine = tokens.length === 0 ? onlySpaceBefore(text, 0, start) : newlineIn(text, prevEnd, start);
    tokens.push({
      low: upper || other ? raw.toLowerCase() : raw,
      raw,
      sentenceStart: tokens.length === 0 || gapEndsSentence(text, prevEnd, start),
      numeric,
      marker: numeric && raw.length <= 2 && opensLine && (text[i] === ')' || (text[i] === '.' && !isDigitAt(text, i + 1))),
      joined,
    });
    prevEnd = i;
  }
  return tokens;
}
