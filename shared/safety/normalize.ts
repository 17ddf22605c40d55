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
  start: number[];
  /** original UTF-16 offset just past the source of text[i] */
  end: number[];
  /** OBFUSCATION bit flags per character of text */
  flags: number[];
}

// Characters that render as nothing. ZWJ/ZWNJ are legitimate in emoji and some scripts, so they are
// dropped for matching but never count as evidence on their own (see the detector).
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u206A-\u206F\uFEFF]/;
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
const isLetter = (c: string): boolean => c >= 'a' && c <= 'z';
const isWordish = (c: string): boolean => isLetter(c) || (c >= '0' && c <= '9') || c === '@' || c === '$' || c === '!';
const isSpace = (cp: number, ch: string): boolean =>
  cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x80 && /\s/.test(ch));

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

export function normalizeForMatching(original: string): NormalizedText {
  const chars: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const flags: number[] = [];
  let pendingFlag: number = OBFUSCATION.none;
  let offset = 0;
  for (const ch of original) {
    const from = offset;
    offset += ch.length;
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x80 && (isTagChar(cp) || INVISIBLE.test(ch))) {
      pendingFlag |= OBFUSCATION.invisible;
      continue;
    }
    if (ch === '\u200D' || ch === '\u200C') {
      // joiners belong in emoji and some scripts; between Latin letters they only break up words
      if (isLetter(chars[chars.length - 1] ?? '')) pendingFlag |= OBFUSCATION.invisible;
      continue;
    }
    if (isSpace(cp, ch)) {
      const prev = chars.length - 1;
      if (prev >= 0 && (chars[prev] === ' ' || chars[prev] === '\n')) {
        if (ch === '\n') chars[prev] = '\n';
        end[prev] = offset;
      } else {
        chars.push(ch === '\n' ? '\n' : ' ');
        start.push(from);
        end.push(offset);
        flags.push(OBFUSCATION.none);
      }
      continue;
    }
    if (cp < 0x80) {
      // ASCII fast path: the common case, and the one adversarial 10k-char inputs hammer
      chars.push(cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : ch);
      start.push(from);
      end.push(offset);
      flags.push(pendingFlag);
      pendingFlag = OBFUSCATION.none;
      continue;
    }
    const lower = ch.toLowerCase();
    let folded = HOMOGLYPHS[lower];
    if (folded === undefined) {
      folded = '';
      for (const part of lower.normalize('NFKD')) if (!COMBINING.test(part)) folded += part;
      folded = folded.toLowerCase();
    }
    if (folded === '') {
      // a lone combining mark stacked on a letter: drop it, the letter already carries the match
      pendingFlag |= OBFUSCATION.homoglyph;
      continue;
    }
    const flag = (folded !== lower ? OBFUSCATION.homoglyph : OBFUSCATION.none) | pendingFlag;
    pendingFlag = OBFUSCATION.none;
    for (const part of folded) {
      chars.push(part);
      start.push(from);
      end.push(offset);
      flags.push(flag);
    }
  }
  foldLeet(chars, flags);
  return { text: chars.join(''), start, end, flags };
}

/** Leet digits and symbols become letters only inside a word that also has real letters and only
 *  when one of them is followed by a letter: "1gn0re" folds to "ignore", while "3 rules", "$100",
 *  "base64" and "gpt4" stay as they are. */
function foldLeet(chars: string[], flags: number[]): void {
  let i = 0;
  while (i < chars.length) {
    if (!isWordish(chars[i]!)) {
      i++;
      continue;
    }
    let j = i;
    let letters = 0;
    while (j < chars.length && isWordish(chars[j]!)) {
      if (isLetter(chars[j]!)) letters++;
      j++;
    }
    const at = emailAt(chars, i, j);
    if (letters > 0 && hasLeetBeforeLetter(chars, i, j, at)) {
      for (let k = i; k < j; k++) {
        const sub = LEET[chars[k]!];
        // a trailing '!' is punctuation, not a letter; an address's '@' is not a letter either
        if (sub === undefined || (chars[k] === '!' && k === j - 1) || k === at) continue;
        chars[k] = sub;
        flags[k]! |= OBFUSCATION.leet;
      }
    }
    i = j;
  }
}

function hasLeetBeforeLetter(chars: string[], from: number, to: number, skip: number): boolean {
  for (let k = from; k < to - 1; k++) {
    if (k !== skip && LEET[chars[k]!] !== undefined && isLetter(chars[k + 1]!)) return true;
  }
  return false;
}

/** The index of the '@' of an e-mail address in the word chars[from..to), or -1: "attacker@evil.com"
 *  keeps its '@' (a domain of letters, digits and '-' then goes on to a '.' and a letter). */
function emailAt(chars: string[], from: number, to: number): number {
  let at = -1;
  for (let k = from + 1; k < to - 1; k++) if (chars[k] === '@') at = k;
  if (at === -1) return -1;
  let k = to;
  while (k < chars.length && k - to < 64 && (chars[k] === '-' || isLetter(chars[k]!) || (chars[k]! >= '0' && chars[k]! <= '9'))) k++;
  return chars[k] === '.' && isLetter(chars[k + 1] ?? '') ? at : -1;
}

// Misspelt trigger words ("ignroe all previus instrucitons") defeat a literal rule. Words one edit
// away (two for long words) from one of these are read as the word, unless they are a real word or
// an inflection of it ("forgot", "ruled", "systems").
const TYPO_TARGETS = ['ignore', 'disregard', 'previous', 'prior', 'instructions', 'directions', 'directives', 'guidelines', 'restrictions', 'rules', 'system', 'prompt', 'override', 'jailbreak', 'reveal', 'forget'];
const REAL_NEAR_MISSES = new Set(['forgot', 'prion', 'ruled', 'ruler', 'rulers', 'roles', 'mules', 'rates', 'rides', 'reveals', 'revel', 'reveled', 'promptly', 'prompted', 'prompter', 'syste', 'priory', 'priors', 'ignored', 'ignores', 'directors', 'direction', 'instruction', 'guideline', 'restriction', 'overridden', 'overrode', 'forgets', 'forgot', 'forget', 'forged', 'forger', 'previews', 'preview', 'repeal', 'precious']);

/** Damerau-Levenshtein distance (adjacent transpositions count one), cut off above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols);
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

function typoTarget(word: string): string | undefined {
  if (word.length < 4 || REAL_NEAR_MISSES.has(word)) return undefined;
  for (const target of TYPO_TARGETS) {
    if (word === target || word[0] !== target[0] || word.startsWith(target) || target.startsWith(word)) continue;
    const max = target.length >= 8 ? 2 : 1;
    if (editDistance(word, target, max) <= max) return target;
  }
  return undefined;
}

/** `n` with misspelt trigger words replaced by the word, or null when there are none. Each letter of
 *  a replacement maps to the whole misspelt word in the original. Only the lines holding a
 *  replacement and the lines either side are kept: the rules run on this copy for what a typo hid,
 *  and a long prompt with one typo is not matched twice over. */
export function foldTypos(n: NormalizedText): NormalizedText | null {
  const changedAt: number[] = [];
  const text: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const flags: number[] = [];
  const words = /[a-z]+/g;
  let cursor = 0;
  for (const m of n.text.matchAll(words)) {
    const target = typoTarget(m[0]);
    if (target === undefined) continue;
    for (let i = cursor; i < m.index; i++) {
      text.push(n.text[i]!);
      start.push(n.start[i]!);
      end.push(n.end[i]!);
      flags.push(n.flags[i]!);
    }
    const from = n.start[m.index]!;
    const to = n.end[m.index + m[0].length - 1]!;
    for (const ch of target) {
      text.push(ch);
      start.push(from);
      end.push(to);
      flags.push(OBFUSCATION.none);
    }
    cursor = m.index + m[0].length;
    changedAt.push(text.length - 1);
  }
  if (changedAt.length === 0) return null;
  for (let i = cursor; i < n.text.length; i++) {
    text.push(n.text[i]!);
    start.push(n.start[i]!);
    end.push(n.end[i]!);
    flags.push(n.flags[i]!);
  }
  return linesAround({ text: text.join(''), start, end, flags }, changedAt);
}

/** The lines of `n` holding one of the offsets `at`, with the lines either side, joined by newlines. */
function linesAround(n: NormalizedText, at: readonly number[]): NormalizedText {
  const breaks = [-1];
  for (let i = 0; i < n.text.length; i++) if (n.text[i] === '\n') breaks.push(i);
  breaks.push(n.text.length);
  // line l spans (breaks[l], breaks[l + 1])
  const keep = new Set<number>();
  let l = 0;
  for (const a of at) {
    while (breaks[l + 1]! < a) l++;
    for (const k of [l - 1, l, l + 1]) if (k >= 0 && k < breaks.length - 1) keep.add(k);
  }
  if (keep.size === breaks.length - 1) return n;
  const out: NormalizedText = { text: '', start: [], end: [], flags: [] };
  const parts: string[] = [];
  for (const k of [...keep].sort((x, y) => x - y)) {
    // each kept line with the newline before it (when there is one), so line-start anchors still hold
    const from = Math.max(0, breaks[k]!);
    const to = breaks[k + 1]!;
    parts.push(n.text.slice(from, to));
    for (let i = from; i < to; i++) {
      out.start.push(n.start[i]!);
      out.end.push(n.end[i]!);
      out.flags.push(n.flags[i]!);
    }
  }
  out.text = parts.join('');
  return out;
}
