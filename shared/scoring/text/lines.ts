// Layout facts from one pass over the lines: lists, headings, labels, code fences, tables, repeats.
// Checks use charCodeAt and bounded loops only, so long runs of one character stay linear.
import { HOLLOW_WORDS } from '../lexicon/general.js';
import { isTrimSpace, isWordCodePoint } from './tokenize.js';

export interface LineFacts {
  numberedLines: number;
  bulletLines: number;
  headingLines: number;
  /** Lines that open with a short label and a colon, e.g. "Audience: ..." or "Output:". */
  labelLines: number;
  /** Labels seen, lowercased ("input", "output", "audience"...). */
  labels: Set<string>;
  codeFences: number;
  tableLines: number;
  /**
   * Lines that end with a colon and are followed by more text: a block of given material. Blocks
   * introduced by an output, format, steps, rules or example label are not material.
   */
  introducedBlocks: number;
  /** Sentences (or lines) of 12+ chars seen before: copy-paste padding. */
  repeatedSentences: number;
  quotePairs: number;
  jsonKeys: number;
  arrows: number;
  /** Question marks: a question is a task even without an imperative. */
  questionMarks: number;
  /** Filled labels used on two or more lines ("Student:", "You:", "EN:"): a dialogue or a repeated template. */
  recurringLabelLines: number;
  /** Filled labels or headings that name an example or a sample ("Example:", "Sample reply:", "## Examples"). */
  exampleLabels: number;
  /** Blocks after a line that ends in ":" and names an example ("Here is an example of the tone:", "Must match:"). */
  exampleBlocks: number;
  /** Filled lines under a speaker label ("Me:", "You:", "Student:", "Customer:"): turns of a sample dialogue. */
  turnLines: number;
  /** Quoted passages announced as instances ('like "…"', 'e.g. "…"', 'must become "…"', 'reply with "…"'): sample phrases. */
  cuedQuotes: number;
  /** Words of the first non-blank line: "thoughts?" over pasted code is a bare ask. */
  firstLineWords: number;
  /** Parentheses listing instances: "(a rock, a crack in the ground, steam)", "(e.g. e4, Nf3)": example fragments. */
  listedInstances: number;
}

const MAX_LABEL = 30;

/** Labels that name a speaker: lines under them are turns of a sample dialogue, even when each speaker talks once. */
const TURN_LABELS: ReadonlySet<string> = new Set([
  'me', 'you', 'user', 'assistant', 'ai', 'bot', 'human', 'student', 'tutor', 'teacher', 'learner', 'customer',
  'agent', 'client', 'candidate', 'interviewer', 'patient', 'doctor', 'her', 'him', 'player', 'narrator', 'guest',
  'host', 'buyer', 'seller', 'coach', 'model', 'support', 'caller',
]);

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

/** A short "Label:" prefix made of letters and spaces; returns the index of its colon or -1. */
function labelColon(line: string, at: number): number {
  const end = Math.min(line.length, at + MAX_LABEL + 1);
  for (let i = at; i < end; i++) {
    const c = line.charCodeAt(i);
    if (c === 58) return i > at && line.charCodeAt(i + 1) !== 47 ? i : -1; // ':' but not "http://"
    // letters (digits excluded), space, '_' and '-' may form a label
    if (c !== 32 && c !== 45 && (c >= 48 && c <= 57 ? true : !isWordCodePoint(c))) return -1;
  }
  return -1;
}

/**
 * Whether a stretch of text says anything: some word with a digit, or a word of 2+ letters that is
 * not a stopword, vague word, filler or placeholder. Exits at the first such word.
 */
export function meaningful(s: string, from = 0): boolean {
  let i = from;
  while (i < s.length) {
    while (i < s.length && !isWordCodePoint(s.charCodeAt(i))) i++;
    const start = i;
    let digit = false;
    while (i < s.length && isWordCodePoint(s.charCodeAt(i))) {
      const c = s.charCodeAt(i);
      if (c >= 48 && c <= 57) digit = true;
      i++;
    }
    if (i === start) break;
    if (s.charCodeAt(i) === 58) continue; // "Purpose:" inside a body is another label, not content
    if (digit || (i - start >= 2 && !HOLLOW_WORDS.has(s.slice(start, i).toLowerCase()))) return true;
  }
  return false;
}

/** Labels whose block is an instruction about the answer, not material to work on. */
const NOT_MATERIAL = new Set([
  'output', 'output format', 'format', 'response format', 'schema', 'structure', 'template', 'steps', 'rules',
  'constraints', 'requirements', 'example', 'examples', 'example output', 'expected output', 'role', 'task',
  'deliverable', 'answer', 'respond with', 'return',
]);

/** Where a label or heading sits in its line (for muting hollow ones) and whether it holds content. */
interface LabelAt {
  readonly line: number;
  readonly label: string;
  readonly from: number;
  readonly to: number;
  readonly heading: boolean;
  filled: boolean;
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

/** Words of the first line are counted up to this many characters: a bare ask is short. */
const FIRST_LINE_CHARS = 200;

/** Runs of non-space characters in the first FIRST_LINE_CHARS characters of a line. */
function countWords(line: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0, end = Math.min(line.length, FIRST_LINE_CHARS); i < end; i++) {
    const space = line.charCodeAt(i) <= 32;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** Longest parenthesis read as a list of instances. */
const MAX_PAREN = 240;

/**
 * Parentheses on one line holding two or more commas, or opening with "e.g." or "like": a list of
 * instances of what is meant, which readers take as example fragments. indexOf jumps to each "(",
 * and each scan stops at the next "(", so no character is scanned twice.
 */
function countListedInstances(lower: string): number {
  let n = 0;
  let open = lower.indexOf('(');
  while (open >= 0) {
    let commas = 0;
    let i = open + 1;
    const end = Math.min(lower.length, open + MAX_PAREN);
    let next = -1;
    for (; i < end; i++) {
      const c = lower.charCodeAt(i);
      if (c === 44) commas++;
      else if (c === 40) {
        next = i;
        break;
      } else if (c === 10) break;
      else if (c === 41) {
        if (commas >= 2 || lower.startsWith('e.g', open + 1) || lower.startsWith('like ', open + 1)) n++;
        break;
      }
    }
    open = next >= 0 ? next : lower.indexOf('(', i);
  }
  return n;
}

/** Words that announce the quote after them as an instance of what is meant. */
const QUOTE_CUES = ['like', 'e.g.', 'eg', 'such as', 'example', 'for instance', 'become', 'becomes', 'say', 'says', 'reply with', 'respond with', 'answer with', 'not', 'think'];
/** How far before an opening quote a cue may end. */
const CUE_REACH = 14;
/** Opening quotes read for a cue: the first ones are enough to tell (and a wall of quotes stays cheap). */
const MAX_CUED = 64;

function cued(lower: string, at: number): boolean {
  const before = lower.slice(Math.max(0, at - CUE_REACH), at);
  return QUOTE_CUES.some((cue) => before.includes(cue));
}

/** Opening quotes ('"' every other one, or '“') with a cue word just before them; indexOf jumps between quotes. */
function countCuedQuotes(lower: string): number {
  let n = 0;
  let read = 0;
  let i = lower.indexOf('"');
  while (i >= 0 && read < MAX_CUED) {
    read++;
    if (cued(lower, i)) n++;
    const close = lower.indexOf('"', i + 1);
    if (close < 0) break;
    i = lower.indexOf('"', close + 1);
  }
  for (let j = lower.indexOf('“'); j >= 0 && read < MAX_CUED; j = lower.indexOf('“', j + 1)) {
    read++;
    if (cued(lower, j)) n++;
  }
  return n;
}

function countRepeats(lower: string): number {
  const seen = new Set<string>();
  let repeated = 0;
  for (const piece of lower.split(/[.!?\n]/)) {
    const s = piece.trim();
    if (s.length < 12) continue;
    if (seen.has(s)) repeated++;
    else seen.add(s);
  }
  return repeated;
}

/** line.trimEnd().endsWith(':') without the copy. */
function endsWithColon(line: string): boolean {
  let b = line.length;
  while (b > 0 && isTrimSpace(line.charCodeAt(b - 1))) b--;
  return b > 0 && line.charCodeAt(b - 1) === 58;
}

function numberEnd(line: string, at: number): number {
  let i = at;
  while (i < line.length && line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57) i++;
  return i + 1;
}

/**
 * Labels packed into one line ("Role: expert. Audience: everyone. Purpose: success."): each
 * sentence after the first that opens with a label whose value says nothing gets its label blanked,
 * like a hollow label on its own line. Returns null when there is none.
 */
function muteInlineHollowLabels(line: string): string | null {
  const pieces: string[] = [];
  let copied = 0;
  // Sentence ends are found left to right with one global regex, so a long line costs one pass.
  const ends = /[.;](?=\s|$)/g;
  let end = ends.exec(line);
  while (end !== null) {
    let start = end.index + 1;
    while (start < line.length && isTrimSpace(line.charCodeAt(start))) start++;
    const next = ends.exec(line);
    const stop = next === null ? line.length : next.index;
    const colon = labelColon(line, start);
    if (colon !== -1 && colon < stop && !meaningful(line.slice(colon + 1, stop))) {
      pieces.push(line.slice(copied, start), ' '.repeat(colon + 1 - start));
      copied = colon + 1;
    }
    end = next;
  }
  if (pieces.length === 0) return null;
  pieces.push(line.slice(copied));
  return pieces.join('');
}

/** Words that announce an example or a sample ("for instance", "like this", "must match"). */
const EXAMPLE_CUES = ['example', 'sample', 'like this', 'for instance', 'e.g', 'must match', 'should match', 'here is one', 'here\'s one'];

/** Whether a lowercased line or label announces an example. */
const namesExample = (low: string): boolean => EXAMPLE_CUES.some((cue) => low.includes(cue));

export interface LineAnalysis {
  readonly facts: LineFacts;
  /** The text with hollow labels and headings blanked, for the token walk (same text when none). */
  readonly muted: string;
}

/**
 * One pass over the lines. A label or heading with an empty body opens a block that lasts until a
 * blank line or the next such header; the header is filled when some line of its block says
 * something (see meaningful). Hollow labels are not counted as sections and are blanked in `muted`,
 * so "Audience:", "Goal:" or "## Example" over empty slots earn nothing.
 */
export function lineFacts(text: string, lower: string): LineAnalysis {
  const facts: LineFacts = {
    numberedLines: 0, bulletLines: 0, headingLines: 0, labelLines: 0, labels: new Set(), codeFences: 0,
    tableLines: 0, introducedBlocks: 0, repeatedSentences: 0, quotePairs: 0, jsonKeys: 0, arrows: 0,
    questionMarks: 0, recurringLabelLines: 0, exampleLabels: 0, exampleBlocks: 0, turnLines: 0, cuedQuotes: 0, firstLineWords: -1, listedInstances: 0,
  };
  const lines = text.split('\n');
  const found: LabelAt[] = [];
  let pending: LabelAt | null = null;
  let intro = false;
  let exampleIntro = false;
  let seenLabel = '';
  let seenLabelNamesExample = false;
  let inlineMuted = false;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n] as string;
    const at = firstNonSpace(line);
    if (at >= line.length) {
      // A blank line ends a "Label:" block; a markdown heading's block runs to the next heading.
      if (pending !== null && !pending.heading) pending = null;
      continue;
    }
    if (facts.firstLineWords < 0) facts.firstLineWords = countWords(line);
    const c = line[at];
    const bullet = (c === '-' || c === '*' || c === '•' || c === '+') && line[at + 1] === ' ';
    const numbered = !bullet && c !== '#' && isNumbered(line, at);
    const contentAt = bullet ? at + 2 : numbered ? numberEnd(line, at) : at;
    let body = contentAt;
    let header = false;
    if (c === '#') {
      const label = headingLabel(line, at);
      if (label !== '') {
        found.push((pending = { line: n, label, from: at, to: line.length, heading: true, filled: false }));
        header = true;
      }
    } else {
      const from = bullet ? at + 2 : at;
      const colon = labelColon(line, from);
      if (colon !== -1) {
        const label = line.slice(from, colon).trim().toLowerCase();
        const entry: LabelAt = { line: n, label, from, to: colon + 1, heading: false, filled: false };
        found.push(entry);
        body = colon + 1;
        if (!meaningful(line, body)) {
          // Nothing after the colon: a header whose block follows (or a hollow label).
          if (!/[\p{L}\p{N}]/u.test(line.slice(body))) {
            pending = entry;
            header = true;
          }
        } else entry.filled = true;
      }
    }
    const says = !header && meaningful(line, body);
    if (says && pending !== null && pending.line !== n) pending.filled = true;
    if (intro && says) facts.introducedBlocks++;
    if (exampleIntro && says) {
      facts.exampleBlocks++;
      exampleIntro = false;
    }
    if (line.startsWith('```', at)) facts.codeFences++;
    else if (c === '#') {
      if (!header) facts.headingLines++;
    } else if (c === '|' && line.lastIndexOf('|') > at) facts.tableLines++;
    else if ((bullet || numbered) && (says || header)) {
      // Hollow list items ("1. [first step]") are not counted.
      if (bullet) facts.bulletLines++;
      else facts.numberedLines++;
    }
    if (!header) intro = false;
    if (endsWithColon(line)) {
      const last = found[found.length - 1];
      const labelled = last !== undefined && last.line === n;
      intro = !(labelled && NOT_MATERIAL.has(last.label));
      // A label is already lowercased (and checked once while it repeats); a longer line is lowercased here.
      if (labelled && last.label !== seenLabel) [seenLabel, seenLabelNamesExample] = [last.label, namesExample(last.label)];
      exampleIntro = labelled ? seenLabelNamesExample : namesExample(line.toLowerCase());
    }
    // Only lines holding two or more colons can pack labels; the common case costs one indexOf.
    // The muted copy replaces the line only now, after the facts above were read from the original.
    const first = line.indexOf(':');
    if (first !== -1 && line.indexOf(':', first + 1) !== -1) {
      const inline = muteInlineHollowLabels(line);
      if (inline !== null) {
        lines[n] = inline;
        inlineMuted = true;
      }
    }
  }
  let muted = inlineMuted ? lines.join('\n') : text;
  let anyHollow = false;
  const uses = new Map<string, number>();
  for (const l of found) {
    if (!l.filled) {
      anyHollow = true;
      continue;
    }
    facts.labelLines++;
    facts.labels.add(l.label);
    uses.set(l.label, (uses.get(l.label) ?? 0) + 1);
    if (l.heading) facts.headingLines++;
    if (l.label.includes('example') || l.label.includes('sample')) facts.exampleLabels++;
    if (TURN_LABELS.has(l.label)) facts.turnLines++;
  }
  for (const n of uses.values()) if (n >= 2) facts.recurringLabelLines += n;
  if (anyHollow) {
    for (const l of found) {
      if (l.filled) continue;
      const line = lines[l.line] as string;
      lines[l.line] = line.slice(0, l.from) + ' '.repeat(l.to - l.from) + line.slice(l.to);
    }
    muted = lines.join('\n');
  }
  facts.repeatedSentences = countRepeats(lower);
  facts.quotePairs = Math.floor((countChar(text, '"') + countChar(text, '“') + countChar(text, '`')) / 2);
  facts.jsonKeys = countJsonKeys(text);
  facts.arrows = countArrows(text);
  facts.questionMarks = countChar(text, '?');
  facts.listedInstances = countListedInstances(lower);
  if (facts.firstLineWords < 0) facts.firstLineWords = 0;
  facts.cuedQuotes = countCuedQuotes(lower);
  return { facts, muted };
}
