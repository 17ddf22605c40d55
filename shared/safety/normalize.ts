// Folds a prompt into the form the rules match on, keeping a map back to the original text so the
// sanitizer can cut the original. Attackers hide keywords behind look-alike characters, invisible
// characters and leetspeak; folding them away lets one plain-ASCII rule catch every spelling.

/** Why a normalized character differs from its source beyond case: the evidence of evasion. */
export const OBFUSCATION = {
  none: 0,
  /** a look-alike letter (Cyrillic, Greek, fullwidth, math alphanumerics, accents) */
  homoglyph: 1,
  /** a digit or symbol standing in for a letter inside a word */
  leet: 2,
  /** an invisible character was dropped right before this character */
  invisible: 4,
} as const;

export interface NormalizedText {
  /** lowercase, folded, whitespace runs collapsed to one ' ' (or '\n' when the run holds a newline) */
  text: string;
  /** original UTF-16 offset where the source of text[i] starts */
  start: ArrayLike<number>;
  /** original UTF-16 offset just past the source of text[i] */
  end: ArrayLike<number>;
  /** OBFUSCATION bit flags per character of text */
  flags: ArrayLike<number>;
}

// Characters that render as nothing. ZWJ/ZWNJ are legitimate in emoji and some scripts, so they are
// dropped for matching but never count as evidence on their own (see the detector).
const INVISIBLE = /[\u00AD\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u206A-\u206F\uFEFF]/;
const TAG_FIRST = 0xe0000;
const TAG_LAST = 0xe007f;
const COMBINING = /\p{M}/u;

// Look-alikes NFKD does not fold (it leaves other scripts alone).
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ɡ: 'g', ո: 'n', օ: 'o', ս: 'u',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  ɩ: 'i', ı: 'i', ℓ: 'l',
};

// '|' is not folded: chat-template tokens such as <|im_start|> must survive normalization.
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };
/** LEET by character code: the letter's code, or 0. */
const LEET_CODE = new Uint8Array(128);
for (const [from, to] of Object.entries(LEET)) LEET_CODE[from.charCodeAt(0)] = to.charCodeAt(0);
const AT = 0x40;
const BANG = 0x21;
const SPACE = 0x20;
const NEWLINE = 0x0a;
const isLetter = (c: number): boolean => c >= 0x61 && c <= 0x7a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isWordish = (c: number): boolean => isLetter(c) || isDigit(c) || c === AT || c === 0x24 || c === BANG;

export const isTagChar = (cp: number): boolean => cp >= TAG_FIRST && cp <= TAG_LAST;

/** The ASCII text smuggled in Unicode tag characters (U+E0020..U+E007E), in order. */
export function decodeTagText(original: string): string {
  let out = '';
  for (const ch of original) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - TAG_FIRST);
  }
  return out;
}

/** What a character outside ASCII becomes: dropped, a joiner, whitespace, or code points with a flag. */
type Folding = 'invisible' | 'joiner' | 'space' | { parts: number[]; flag: number };

function foldChar(cp: number, ch: string): Folding {
  if (isTagChar(cp) || INVISIBLE.test(ch)) return 'invisible';
  if (ch === '\u200D' || ch === '\u200C') return 'joiner';
  if (/\s/.test(ch)) return 'space';
  const lower = ch.toLowerCase();
  let folded = HOMOGLYPHS[lower];
  if (folded === undefined) {
    folded = '';
    for (const part of lower.normalize('NFKD')) if (!COMBINING.test(part)) folded += part;
    folded = folded.toLowerCase();
  }
  const parts: number[] = [];
  for (const part of folded) parts.push(part.codePointAt(0)!);
  return { parts, flag: folded !== lower ? OBFUSCATION.homoglyph : OBFUSCATION.none };
}

// foldChar is pure and slow (NFKD, regexes): non-Latin prompts repeat a few hundred characters
// thousands of times, so each is folded once per process. Capped, so odd input cannot grow it forever.
const FOLDED = new Map<number, Folding>();
const MAX_FOLDED = 8192;

function foldedChar(cp: number, ch: string): Folding {
  let f = FOLDED.get(cp);
  if (f === undefined) {
    f = foldChar(cp, ch);
    if (FOLDED.size < MAX_FOLDED) FOLDED.set(cp, f);
  }
  return f;
}

/** The normalized text under construction, in typed arrays that grow. */
class Builder {
  cps: Int32Array;
  start: Int32Array;
  end: Int32Array;
  flags: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.cps = new Int32Array(capacity);
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.flags = new Uint8Array(capacity);
  }

  /** One entry per UTF-16 unit of the text: an astral character (an emoji) takes two, both mapping
   *  to its whole span, so text offsets (a regex match's index) index these arrays directly. */
  push(cp: number, from: number, to: number, flag: number): void {
    if (cp > 0xffff) {
      this.push(0xd800 + ((cp - 0x10000) >> 10), from, to, flag);
      this.push(0xdc00 + ((cp - 0x10000) & 0x3ff), from, to, flag);
      return;
    }
    if (this.length === this.cps.length) this.grow();
    const i = this.length++;
    this.cps[i] = cp;
    this.start[i] = from;
    this.end[i] = to;
    this.flags[i] = flag;
  }

  private grow(): void {
    const size = this.cps.length * 2 + 16;
    const widen = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.cps = widen(this.cps, (n) => new Int32Array(n));
    this.start = widen(this.start, (n) => new Int32Array(n));
    this.end = widen(this.end, (n) => new Int32Array(n));
    this.flags = widen(this.flags, (n) => new Uint8Array(n));
  }

  /** The text, one UTF-16 unit per entry. */
  result(): NormalizedText {
    const parts: string[] = [];
    const fromCodes = String.fromCharCode;
    // apply takes the typed array as it is (a spread would iterate it); chunks keep the argument count low
    const CHUNK = 4096;
    for (let i = 0; i < this.length; i += CHUNK) parts.push(fromCodes.apply(null, this.cps.subarray(i, Math.min(this.length, i + CHUNK)) as unknown as number[]));
    return { text: parts.join(''), start: this.start.subarray(0, this.length), end: this.end.subarray(0, this.length), flags: this.flags.subarray(0, this.length) };
  }
}

export function normalizeForMatching(original: string): NormalizedText {
  const out = new Builder(original.length + 16);
  let pendingFlag: number = OBFUSCATION.none;
  const space = (from: number, to: number, newline: boolean): void => {
    const prev = out.length - 1;
    if (prev >= 0 && (out.cps[prev] === SPACE || out.cps[prev] === NEWLINE)) {
      if (newline) out.cps[prev] = NEWLINE;
      out.end[prev] = to;
    } else out.push(newline ? NEWLINE : SPACE, from, to, OBFUSCATION.none);
  };
  for (let offset = 0; offset < original.length; ) {
    const from = offset;
    let cp = original.charCodeAt(offset++);
    if (cp < 0x80) {
      // ASCII fast path: the common case, and the one adversarial 10k-char inputs hammer
      if (cp === SPACE || (cp >= 0x09 && cp <= 0x0d)) space(from, offset, cp === NEWLINE);
      else {
        out.push(cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp, from, offset, pendingFlag);
        pendingFlag = OBFUSCATION.none;
      }
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdbff && offset < original.length) {
      const low = original.charCodeAt(offset);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        offset++;
      }
    }
    const folding = foldedChar(cp, original.slice(from, offset));
    if (folding === 'invisible') {
      pendingFlag |= OBFUSCATION.invisible;
      continue;
    }
    if (folding === 'joiner') {
      // joiners belong in emoji and some scripts; between Latin letters they only break up words
      if (out.length > 0 && isLetter(out.cps[out.length - 1]!)) pendingFlag |= OBFUSCATION.invisible;
      continue;
    }
    if (folding === 'space') {
      space(from, offset, false);
      continue;
    }
    if (folding.parts.length === 0) {
      // a lone combining mark stacked on a letter: drop it, the letter already carries the match
      pendingFlag |= OBFUSCATION.homoglyph;
      continue;
    }
    const flag = folding.flag | pendingFlag;
    pendingFlag = OBFUSCATION.none;
    for (const part of folding.parts) out.push(part, from, offset, flag);
  }
  foldLeet(out.cps, out.flags, out.length);
  return out.result();
}

/** Leet digits and symbols become letters only inside a word that also has real letters and only
 *  when one of them is followed by a letter: "1gn0re" folds to "ignore", while "3 rules", "$100",
 *  "base64" and "gpt4" stay as they are. */
function foldLeet(cps: Int32Array, flags: Uint8Array, length: number): void {
  let i = 0;
  while (i < length) {
    if (!isWordish(cps[i]!)) {
      i++;
      continue;
    }
    let j = i;
    let letters = 0;
    let leet = false;
    while (j < length && isWordish(cps[j]!)) {
      if (isLetter(cps[j]!)) letters++;
      else leet = true;
      j++;
    }
    if (letters > 0 && leet) {
      const at = emailAt(cps, length, i, j);
      if (hasLeetBeforeLetter(cps, i, j, at)) {
        for (let k = i; k < j; k++) {
          const sub = cps[k]! < 0x80 ? LEET_CODE[cps[k]!]! : 0;
          // a trailing '!' is punctuation, not a letter; an address's '@' is not a letter either
          if (sub === 0 || (cps[k] === BANG && k === j - 1) || k === at) continue;
          cps[k] = sub;
          flags[k]! |= OBFUSCATION.leet;
        }
      }
    }
    i = j;
  }
}

function hasLeetBeforeLetter(cps: Int32Array, from: number, to: number, skip: number): boolean {
  for (let k = from; k < to - 1; k++) {
    if (k !== skip && cps[k]! < 0x80 && LEET_CODE[cps[k]!] !== 0 && isLetter(cps[k + 1]!)) return true;
  }
  return false;
}

/** The index of the '@' of an e-mail address in the word cps[from..to), or -1: "attacker@evil.com"
 *  keeps its '@' (a domain of letters, digits and '-' then goes on to a '.' and a letter). */
function emailAt(cps: Int32Array, length: number, from: number, to: number): number {
  let at = -1;
  for (let k = from + 1; k < to - 1; k++) if (cps[k] === AT) at = k;
  if (at === -1) return -1;
  let k = to;
  while (k < length && k - to < 64 && (cps[k] === 0x2d || isLetter(cps[k]!) || isDigit(cps[k]!))) k++;
  return k < length && cps[k] === 0x2e && k + 1 < length && isLetter(cps[k + 1]!) ? at : -1;
}

// Misspelt trigger words ("ignroe all previus instrucitons") defeat a literal rule. Words one edit
// away (two for long words) from one of these are read as the word, unless they are a real word or
// an inflection of it ("forgot", "ruled", "systems").
const TYPO_TARGETS = ['ignore', 'disregard', 'previous', 'prior', 'instructions', 'directions', 'directives', 'guidelines', 'restrictions', 'rules', 'system', 'prompt', 'override', 'jailbreak', 'reveal', 'forget'];
const REAL_NEAR_MISSES = new Set(['forgot', 'prion', 'ruled', 'ruler', 'rulers', 'roles', 'mules', 'rates', 'rides', 'reveals', 'revel', 'reveled', 'promptly', 'prompted', 'prompter', 'syste', 'priory', 'priors', 'ignored', 'ignores', 'directors', 'direction', 'instruction', 'guideline', 'restriction', 'overridden', 'overrode', 'forgets', 'forgot', 'forget', 'forged', 'forger', 'previews', 'preview', 'repeal', 'precious']);

/** Scratch for editDistance: words are at most a few letters longer than a target (see typoTarget). */
let grid = new Int32Array(256);

/** Damerau-Levenshtein distance (adjacent transpositions count one), cut off above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  if (grid.length < rows * cols) grid = new Int32Array(rows * cols);
  const d = grid;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[rows * cols - 1]!;
}

const MIN_TYPO_WORD = 4;
/** The most edits typoTarget allows: a longer word is no target's misspelling. */
const MAX_TYPO_EDITS = 2;
const MAX_TYPO_WORD = Math.max(...TYPO_TARGETS.map((t) => t.length)) + MAX_TYPO_EDITS;
/** Whether a word starting with this letter code could be a misspelt target (typoTarget keeps the first letter). */
const TYPO_INITIAL = new Uint8Array(128);
for (const t of TYPO_TARGETS) TYPO_INITIAL[t.charCodeAt(0)] = 1;

function typoTarget(word: string): string | undefined {
  if (word.length < MIN_TYPO_WORD || REAL_NEAR_MISSES.has(word)) return undefined;
  for (const target of TYPO_TARGETS) {
    if (word === target || word[0] !== target[0] || word.startsWith(target) || target.startsWith(word)) continue;
    const max = target.length >= 8 ? MAX_TYPO_EDITS : 1;
    if (editDistance(word, target, max) <= max) return target;
  }
  return undefined;
}

interface TypoFix {
  /** offset and length of the misspelt word in the normalized text */
  at: number;
  length: number;
  target: string;
}

/** The misspelt trigger words of normalized text, in order: each run of a-z whose length and first
 *  letter could make it one is looked up once per distinct word. */
function typoFixes(text: string): TypoFix[] {
  const fixes: TypoFix[] = [];
  const seen = new Map<string, string | undefined>();
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c < 0x61 || c > 0x7a) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < text.length && text.charCodeAt(j) >= 0x61 && text.charCodeAt(j) <= 0x7a) j++;
    if (j - i >= MIN_TYPO_WORD && j - i <= MAX_TYPO_WORD && TYPO_INITIAL[c] === 1) {
      const word = text.slice(i, j);
      let target = seen.get(word);
      if (target === undefined && !seen.has(word)) seen.set(word, (target = typoTarget(word)));
      if (target !== undefined) fixes.push({ at: i, length: j - i, target });
    }
    i = j;
  }
  return fixes;
}

/** `n` with misspelt trigger words replaced by the word, or null when there are none. Each letter of
 *  a replacement maps to the whole misspelt word in the original. Only the lines holding a
 *  replacement and the lines either side are kept, joined by their newlines: the rules run on this
 *  copy for what a typo hid, and a long prompt with one typo is not matched twice over. */
export function foldTypos(n: NormalizedText): NormalizedText | null {
  const fixes = typoFixes(n.text);
  if (fixes.length === 0) return null;
  // line l spans (breaks[l], breaks[l + 1]); a replacement never holds a newline, so the lines of
  // the corrected text are the lines of n
  const breaks = [-1];
  for (let i = n.text.indexOf('\n'); i !== -1; i = n.text.indexOf('\n', i + 1)) breaks.push(i);
  breaks.push(n.text.length);
  const keep = new Set<number>();
  let l = 0;
  for (const fix of fixes) {
    while (breaks[l + 1]! < fix.at) l++;
    for (const k of [l - 1, l, l + 1]) if (k >= 0 && k < breaks.length - 1) keep.add(k);
  }
  const text: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const flags: number[] = [];
  const copy = (from: number, to: number): void => {
    text.push(n.text.slice(from, to));
    for (let i = from; i < to; i++) {
      start.push(n.start[i]!);
      end.push(n.end[i]!);
      flags.push(n.flags[i]!);
    }
  };
  let f = 0;
  for (const k of [...keep].sort((x, y) => x - y)) {
    // each kept line with the newline before it (when there is one), so line-start anchors still hold
    let cursor = Math.max(0, breaks[k]!);
    const to = breaks[k + 1]!;
    while (f < fixes.length && fixes[f]!.at < cursor) f++;
    for (; f < fixes.length && fixes[f]!.at < to; f++) {
      const fix = fixes[f]!;
      copy(cursor, fix.at);
      const from = n.start[fix.at]!;
      const last = n.end[fix.at + fix.length - 1]!;
      text.push(fix.target);
      for (let c = 0; c < fix.target.length; c++) {
        start.push(from);
        end.push(last);
        flags.push(OBFUSCATION.none);
      }
      cursor = fix.at + fix.length;
    }
    copy(cursor, to);
  }
  return { text: text.join(''), start, end, flags };
}
