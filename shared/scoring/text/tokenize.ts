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
}

// One flat character class with a single quantifier: linear, no backtracking risk.
const WORD = /[\p{L}\p{N}_]+/gu;
const SENTENCE_END = new Set(['.', '!', '?', '\n', ':', ';']);

function isDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return s.length > 0;
}

/** Whether the gap text between two tokens ends a sentence (scans only the gap: linear overall). */
function gapEndsSentence(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (SENTENCE_END.has(text[i] ?? '')) return true;
  return false;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let prevEnd = 0;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    const raw = m[0];
    const start = m.index;
    const prev = tokens[tokens.length - 1];
    // "3.11" or "1.2.0": fold a dotted digit run into the previous numeric token (a version).
    if (prev?.numeric && start === prevEnd + 1 && text[prevEnd] === '.' && isDigits(raw)) {
      tokens[tokens.length - 1] = { ...prev, raw: `${prev.raw}.${raw}`, low: `${prev.low}.${raw}` };
      prevEnd = start + raw.length;
      continue;
    }
    tokens.push({
      low: raw.toLowerCase(),
      raw,
      sentenceStart: tokens.length === 0 || gapEndsSentence(text, prevEnd, start),
      numeric: isDigits(raw),
    });
    prevEnd = start + raw.length;
  }
  return tokens;
}
