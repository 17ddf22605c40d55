// Cuts injection fragments out of the ORIGINAL prompt (never the normalized form the rules saw), so
// whatever benign text surrounds them reaches the model exactly as the user wrote it.
import type { Cut } from './detect.js';
import { isTagChar } from './normalize.js';

/** A sentence longer than this is not a sentence: cut only the match rather than a whole paragraph. */
const MAX_SENTENCE_REACH = 240;
// ./!/? end a sentence only before whitespace, so URLs and decimals survive. Chinese and Japanese
// put no space after 。！？, and Devanagari (।॥), Arabic and Urdu (؟۔) have full stops of their
// own: without them the cut ran to the start of the prompt and took the user's sentence too.
const SENTENCE_END = /[.!?](?=\s|$)|[\u3002\uFF01\uFF1F\uFF61\u0964\u0965\u061F\u06D4]|\n/y;
// Invisible characters carry hidden payloads; once a prompt is known hostile they go too.
// Joiners (U+200C/U+200D) stay: emoji and several scripts need them.
const INVISIBLE_GLOBAL = /[\u00AD\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u206A-\u206F\uFEFF]/g;
// Except in the three flags that are emoji tag sequences (a black flag, a subdivision code in tag
// characters, a cancel tag): England, Scotland, Wales. Their tags are fixed, so they hide nothing.
const TAG_FLAGS = new RegExp(
  ['gbeng', 'gbsct', 'gbwls'].map((code) => `\u{1F3F4}${[...code].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')}\u{E007F}`).join('|'),
  'gu',
);

interface Span {
  from: number;
  to: number;
}

export function removeFindings(original: string, findings: readonly Cut[]): string {
  const cuts = findings.filter((f) => f.removal !== 'none');
  const locatedByRule = holdsRuleCut(cuts.filter((f) => f.source === 'rule'));
  const spans = mergeSpans(cuts.filter((f) => f.source !== 'model' || !locatedByRule(f)).map((f) => expand(original, f)));
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    out = join(out, original.slice(cursor, span.from));
    cursor = span.to;
  }
  out = join(out, original.slice(cursor));
  return stripHiddenCharacters(out).trim();
}

/**
 * A model window that holds a rule's cut is left to the rule: the rule locates to the sentence, the
 * window only to one to three sentences, and cutting it would take the user's own sentence beside the
 * attack ("Translate this note. Forget everything before this…"). Whatever hostile text the window
 * held besides stays for the next detection pass (analyzeInjection), which judges it on its own.
 * Rule cuts sorted by start with the least end from each one on: one binary search per window.
 */
function holdsRuleCut(rules: readonly Span[]): (window: Span) => boolean {
  const sorted = [...rules].sort((a, b) => a.from - b.from);
  const leastEnd = new Array<number>(sorted.length + 1).fill(Infinity);
  for (let i = sorted.length - 1; i >= 0; i--) leastEnd[i] = Math.min(sorted[i]!.to, leastEnd[i + 1]!);
  return (window) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.from < window.from) lo = mid + 1;
      else hi = mid;
    }
    // a cut starting at or after the window's start that also ends inside it lies within it
    return leastEnd[lo]! <= window.to;
  };
}

function expand(text: string, f: Cut): Span {
  if (f.removal === 'match') return { from: f.from, to: f.to };
  if (f.removal === 'tail') {
    // a fake role marker opens a fake turn: it and the rest of its line go, the text before it stays
    const lineEnd = text.indexOf('\n', f.to);
    return { from: f.from, to: lineEnd === -1 ? text.length : lineEnd };
  }
  if (f.removal === 'line') {
    const lineStart = text.lastIndexOf('\n', f.from - 1) + 1;
    const lineEnd = text.indexOf('\n', f.to);
    return { from: lineStart, to: lineEnd === -1 ? text.length : lineEnd };
  }
  let from = f.from;
  for (let i = f.from - 1; i >= Math.max(0, f.from - MAX_SENTENCE_REACH); i--) {
    if (endsSentence(text, i)) {
      from = i + 1;
      break;
    }
    if (i === 0) from = 0;
  }
  let to = f.to;
  for (let i = f.to; i < Math.min(text.length, f.to + MAX_SENTENCE_REACH); i++) {
    if (endsSentence(text, i)) {
      // keep the newline itself: it separates what stays before and after
      to = text[i] === '\n' ? i : i + 1;
      break;
    }
    if (i === text.length - 1) to = text.length;
  }
  return { from, to };
}

function endsSentence(text: string, i: number): boolean {
  SENTENCE_END.lastIndex = i;
  return SENTENCE_END.test(text);
}

function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else merged.push({ ...s });
  }
  return merged;
}

/** Glue two kept pieces, collapsing the whitespace that met at the cut into one separator. */
function join(left: string, right: string): string {
  if (left === '') return right.trimStart();
  const leftTrimmed = left.trimEnd();
  const rightTrimmed = right.trimStart();
  if (rightTrimmed === '') return left;
  const gap = left.slice(leftTrimmed.length) + right.slice(0, right.length - rightTrimmed.length);
  const newlines = (gap.match(/\n/g) ?? []).length;
  const separator = newlines >= 2 ? '\n\n' : newlines === 1 ? '\n' : gap === '' ? '' : ' ';
  return leftTrimmed + separator + rightTrimmed;
}

function stripHiddenCharacters(text: string): string {
  let out = '';
  let cursor = 0;
  for (const flag of text.matchAll(TAG_FLAGS)) {
    out += stripHidden(text.slice(cursor, flag.index)) + flag[0];
    cursor = flag.index + flag[0].length;
  }
  return out + stripHidden(text.slice(cursor));
}

function stripHidden(text: string): string {
  let out = '';
  for (const ch of text.replace(INVISIBLE_GLOBAL, '')) if (!isTagChar(ch.codePointAt(0)!)) out += ch;
  return out;
}
