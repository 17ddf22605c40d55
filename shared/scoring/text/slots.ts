// Template slots and placeholder fillers. A slot such as "[your audience]", "<topic>", "{name}" or
// "[a real input, e.g. parseDate(...)]" is text the user has not written yet: it must not count as
// content (specificity, context, examples, constraints). maskSlots blanks every slot outside code
// fences before tokenizing. One linear scan: a search for a closing bracket stops at the next
// opening bracket of the same kind, at a newline, or after MAX_SLOT chars, so no char is scanned
// more than once per bracket kind.
import { isTrimSpace, isWordCodePoint } from './tokenize.js';

const MAX_SLOT = 300;
/** Words that say "fill me in": any slot containing one is a slot whatever else it holds. */
const SLOT_CUES = ['e.g', 'e. g', 'eg.', 'for example', 'such as', 'todo', 'tbd', 'insert', 'your ', 'paste', 'fill in', 'placeholder', 'here', '...', '…'];
const HTML_TAGS: ReadonlySet<string> = new Set([
  'a', 'b', 'i', 'p', 'br', 'hr', 'em', 'li', 'ol', 'ul', 'tr', 'td', 'th', 'div', 'span', 'code', 'pre', 'html',
  'body', 'head', 'table', 'img', 'strong', 'script', 'style', 'section', 'article', 'header', 'footer', 'nav', 'main',
  'form', 'input', 'button', 'label', 'select', 'option', 'textarea', 'title', 'meta', 'link', 'thead', 'tbody',
]);

/** Prose-like: letters, spaces and light punctuation only (no digits, quotes, code punctuation). */
function proseOnly(s: string): { ok: boolean; letters: boolean; spaced: boolean } {
  let letters = false;
  let spaced = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 95 || c === 45 || c === 47) spaced = true; // space _ - /
    else if (c === 44 || c === 46 || c === 39 || c === 0x2019 || c === 0x2026) continue; // , . ' ’ …
    else if (c >= 48 && c <= 57) return { ok: false, letters, spaced };
    else if (c < 128 ? (c >= 65 && c <= 90) || (c >= 97 && c <= 122) : isWordCodePoint(c)) letters = true;
    else return { ok: false, letters, spaced };
  }
  return { ok: true, letters, spaced };
}

function onlyFiller(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c !== '.' && c !== '…' && c !== '_' && c !== '-' && c !== ' ' && c !== 'x' && c !== 'X' && c !== '?') return false;
  }
  return true;
}

function isSlot(content: string, open: string, next: string): boolean {
  const t = content.trim();
  if (t === '' || onlyFiller(t)) return open !== '{' || t !== '';
  const low = t.toLowerCase();
  if (open === '{' && (t.includes('"') || t.includes(':') || t.includes(';') || t.includes('='))) return false;
  if (open === '[' && next === '(') return false; // a markdown link
  if (open === '<' && content !== content.trim()) return false; // "a < b and c > d" is a comparison
  if (SLOT_CUES.some((cue) => low.includes(cue))) return true;
  const p = proseOnly(t);
  if (!p.ok || !p.letters) return false;
  if (open === '<') return p.spaced || !HTML_TAGS.has(low);
  return p.spaced || t.length >= 3;
}

function closerOf(c: number): number {
  return c === 91 ? 93 : c === 60 ? 62 : c === 123 ? 125 : -1; // [ ] < > { }
}

/** Next positions of '[', '<' and '{' in the text (text.length when none), advanced lazily by indexOf. */
interface Openers {
  sq: number;
  lt: number;
  br: number;
}

function nextOpener(text: string, o: Openers, from: number): number {
  if (o.sq < from) o.sq = indexOrEnd(text, '[', from);
  if (o.lt < from) o.lt = indexOrEnd(text, '<', from);
  if (o.br < from) o.br = indexOrEnd(text, '{', from);
  return Math.min(o.sq, o.lt, o.br);
}

function indexOrEnd(text: string, ch: string, from: number): number {
  const i = text.indexOf(ch, from);
  return i === -1 ? text.length : i;
}

/**
 * Slots of the line text[start, end): pushes the [from, to) range of each onto `ranges`. Works on
 * offsets into the whole text, so lines are never copied.
 */
function maskLine(text: string, start: number, end: number, ranges: number[], o: Openers): void {
  // Only opening brackets can start a slot: jump from one to the next (native search, no char loop).
  for (let j = nextOpener(text, o, start); j < end; j = nextOpener(text, o, j + 1)) {
    const oc = text.charCodeAt(j);
    const cc = closerOf(oc);
    const prev = j > start ? text.charCodeAt(j - 1) : 32;
    if (prev < 0xd800 && isWordCodePoint(prev)) continue; // T[], Array<T>, fn{ are code, not slots
    let k = j + 1;
    const stop = Math.min(end, j + 1 + MAX_SLOT);
    while (k < stop) {
      const c = text.charCodeAt(k);
      if (c === cc || c === oc) break;
      k++;
    }
    if (k >= stop || text.charCodeAt(k) !== cc) continue;
    if (!isSlot(text.slice(j + 1, k), text[j] as string, k + 1 < end ? (text[k + 1] as string) : '')) continue;
    ranges.push(j, k + 1);
    j = k;
  }
}

export interface Masked {
  readonly text: string;
  /** How many slots were blanked: a template still waiting to be filled. */
  readonly slots: number;
}

/** Blanks template slots outside code fences. Fast path: no bracket at all, nothing to do. */
export function maskSlots(text: string): Masked {
  if (text.indexOf('[') === -1 && text.indexOf('<') === -1 && text.indexOf('{') === -1) return { text, slots: 0 };
  const ranges: number[] = [];
  const o: Openers = { sq: -1, lt: -1, br: -1 };
  let inFence = false;
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    let at = start;
    while (at < end && isTrimSpace(text.charCodeAt(at))) at++;
    if (at + 3 <= end && text.charCodeAt(at) === 96 && text.charCodeAt(at + 1) === 96 && text.charCodeAt(at + 2) === 96) {
      inFence = !inFence;
    } else if (!inFence) maskLine(text, start, end, ranges, o);
    if (nl === -1) break;
    start = nl + 1;
  }
  if (ranges.length === 0) return { text, slots: 0 };
  let out = '';
  let from = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    out += `${text.slice(from, ranges[r])} `;
    from = ranges[r + 1] as number;
  }
  return { text: out + text.slice(from), slots: ranges.length / 2 };
}
