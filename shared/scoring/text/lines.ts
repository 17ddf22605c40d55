// Layout facts from one pass over the lines: lists, headings, labels, code fences, tables, repeats.
// Checks use charCodeAt and bounded loops only, so long runs of one character stay linear.
import { isWordCodePoint } from './tokenize.js';

export interface LineFacts {
  lines: number;
  nonEmptyLines: number;
  numberedLines: number;
  bulletLines: number;
  headingLines: number;
  /** Lines that open with a short label and a colon, e.g. "Audience: ..." or "Output:". */
  labelLines: number;
  /** Labels seen, lowercased ("input", "output", "audience"...). */
  labels: Set<string>;
  codeFences: number;
  tableLines: number;
  /** Lines that end with a colon and are followed by more text: a block of given material. */
  introducedBlocks: number;
  /** Sentences (or lines) of 12+ chars seen before: copy-paste padding. */
  repeatedSentences: number;
  sentences: number;
  quotePairs: number;
  jsonKeys: number;
  arrows: number;
}

const MAX_LABEL = 30;

function firstNonSpace(line: string): number {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  return i;
}

function isNumbered(line: string, at: number): boolean {
  let i = at;
  while (i < line.length && i - at < 4 && line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57) i++;
  if (i === at) return false;
  const c = line[i];
  return c === '.' || c === ')' || c === ':';
}

/** A short "Label:" prefix made of letters and spaces; returns the label or ''. */
function labelOf(line: string, at: number): string {
  const end = Math.min(line.length, at + MAX_LABEL + 1);
  for (let i = at; i < end; i++) {
    const c = line.charCodeAt(i);
    if (c === 58) return i > at ? line.slice(at, i).trim().toLowerCase() : ''; // ':'
    // letters (digits excluded), space, '_' and '-' may form a label
    if (c !== 32 && c !== 45 && (c >= 48 && c <= 57 ? true : !isWordCodePoint(c))) return '';
  }
  return '';
}

/** A markdown heading's text, when short enough to be a section name ("## Output format"). */
function headingLabel(line: string, at: number): string {
  let i = at;
  while (line[i] === '#') i++;
  const name = line.slice(i, i + MAX_LABEL + 2).trim().toLowerCase();
  const clean = name.endsWith(':') ? name.slice(0, -1) : name;
  return clean.length > 0 && clean.length <= MAX_LABEL && line.length - i <= MAX_LABEL + 2 ? clean : '';
}

function countChar(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/** Counts `"key":` shapes, the mark of a JSON schema or example in the prompt. */
function countJsonKeys(text: string): number {
  let n = 0;
  for (let i = text.indexOf('":'); i !== -1; i = text.indexOf('":', i + 2)) n++;
  return n;
}

function countArrows(text: string): number {
  return countChar(text, '->') + countChar(text, '=>') + countChar(text, '→');
}

function countRepeats(lower: string): { repeated: number; sentences: number } {
  const seen = new Set<string>();
  let repeated = 0;
  let sentences = 0;
  for (const piece of lower.split(/[.!?\n]/)) {
    const s = piece.trim();
    if (s.length < 3) continue;
    sentences++;
    if (s.length < 12) continue;
    if (seen.has(s)) repeated++;
    else seen.add(s);
  }
  return { repeated, sentences };
}

export function lineFacts(text: string, lower: string): LineFacts {
  const facts: LineFacts = {
    lines: 0, nonEmptyLines: 0, numberedLines: 0, bulletLines: 0, headingLines: 0, labelLines: 0,
    labels: new Set(), codeFences: 0, tableLines: 0, introducedBlocks: 0, repeatedSentences: 0,
    sentences: 0, quotePairs: 0, jsonKeys: 0, arrows: 0,
  };
  let pendingIntro = false;
  for (const line of text.split('\n')) {
    facts.lines++;
    const at = firstNonSpace(line);
    if (at >= line.length) continue;
    facts.nonEmptyLines++;
    if (pendingIntro) facts.introducedBlocks++;
    const c = line[at];
    if (line.startsWith('```', at)) facts.codeFences++;
    else if (c === '#') facts.headingLines++;
    else if (c === '|' && line.lastIndexOf('|') > at) facts.tableLines++;
    else if ((c === '-' || c === '*' || c === '•' || c === '+') && line[at + 1] === ' ') facts.bulletLines++;
    else if (isNumbered(line, at)) facts.numberedLines++;
    const label = c === '#' ? headingLabel(line, at) : labelOf(line, c === '-' || c === '*' ? at + 2 : at);
    if (label !== '') {
      facts.labelLines++;
      facts.labels.add(label);
    }
    pendingIntro = line.trimEnd().endsWith(':');
  }
  const rep = countRepeats(lower);
  facts.repeatedSentences = rep.repeated;
  facts.sentences = rep.sentences;
  facts.quotePairs = Math.floor((countChar(text, '"') + countChar(text, '“') + countChar(text, '`')) / 2);
  facts.jsonKeys = countJsonKeys(text);
  facts.arrows = countArrows(text);
  return facts;
}
