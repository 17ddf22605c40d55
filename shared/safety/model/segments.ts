// Cuts normalized text into the units the model scores besides the whole prompt: sentences within
// lines, and windows of up to WINDOW_UNITS consecutive units, so an instruction buried in a long
// document is scored on its own (and located) rather than averaged away by the text around it.

/** A unit longer than this is cut at a space: code, tables and token soup have no sentence ends. */
const MAX_UNIT_CHARS = 320;
/** Windows span 1..WINDOW_UNITS consecutive units (an injected instruction is rarely longer). */
export const WINDOW_UNITS = 3;
/** Shorter windows say too little to score ("Ok.", a table separator). */
export const MIN_WINDOW_CHARS = 12;

export interface Span {
  from: number;
  to: number;
}

/** Sentence and line units of normalized text (whitespace collapsed, '\n' kept). */
export function units(text: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    // skip the separator that opened the unit
    let a = start;
    while (a < end && (text[a] === ' ' || text[a] === '\n')) a++;
    let from = a;
    while (end - from > MAX_UNIT_CHARS) {
      let cut = text.lastIndexOf(' ', from + MAX_UNIT_CHARS);
      if (cut <= from) cut = from + MAX_UNIT_CHARS;
      out.push({ from, to: cut });
      from = cut;
      while (from < end && text[from] === ' ') from++;
    }
    if (end > from) out.push({ from, to: end });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') push(i);
    else if ((c === '.' || c === '!' || c === '?') && (i + 1 === text.length || text[i + 1] === ' ' || text[i + 1] === '\n')) push(i + 1);
  }
  push(text.length);
  return out;
}

export interface Window {
  /** first and last unit index the window covers */
  first: number;
  last: number;
  span: Span;
}

/** Windows of 1..WINDOW_UNITS consecutive units, at least MIN_WINDOW_CHARS long. */
export function* windowsOf(u: readonly Span[]): Generator<Window> {
  for (let i = 0; i < u.length; i++) {
    for (let k = 1; k <= WINDOW_UNITS && i + k <= u.length; k++) {
      const span = { from: u[i]!.from, to: u[i + k - 1]!.to };
      if (span.to - span.from >= MIN_WINDOW_CHARS) yield { first: i, last: i + k - 1, span };
    }
  }
}
