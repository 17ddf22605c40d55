// Phrase index: first token -> candidate phrases. Matching walks the token list once and looks up
// one Map entry per token, so cost is linear in prompt length whatever the lexicon size.

export interface PhraseEntry {
  readonly rest: readonly string[];
  readonly cat: string;
  readonly key: string;
  /** Bits the token walk folds per match (text/proximity.ts); 0 for categories it does not watch. */
  readonly near: number;
}

export type PhraseIndex = ReadonlyMap<string, readonly PhraseEntry[]>;

export function buildIndex(
  groups: Readonly<Record<string, readonly string[]>>,
  nearOf: (cat: string) => number = () => 0,
): PhraseIndex {
  const index = new Map<string, PhraseEntry[]>();
  for (const [cat, phrases] of Object.entries(groups)) {
    const near = nearOf(cat);
    for (const phrase of phrases) {
      const [first, ...rest] = phrase.split(' ');
      if (first === undefined) continue;
      const list = index.get(first) ?? [];
      list.push({ rest, cat, key: phrase, near });
      index.set(first, list);
    }
  }
  // Longest phrases first: the first candidate that matches is the longest (see longestMatch).
  for (const list of index.values()) list.sort((a, b) => b.rest.length - a.rest.length);
  return index;
}

/** Whether the entry's phrase starts at token position i (its first word already matched). */
export function matchesEntry(entry: PhraseEntry, words: readonly string[], i: number): boolean {
  const rest = entry.rest;
  for (let k = 0; k < rest.length; k++) if (words[i + 1 + k] !== rest[k]) return false;
  return true;
}

/**
 * The words after the first of the longest candidate matching at i, or -1 when none matches.
 * Candidates are sorted longest first (buildIndex), so the first match is the longest.
 */
export function longestMatch(cands: readonly PhraseEntry[], words: readonly string[], i: number): number {
  for (let e = 0; e < cands.length; e++) {
    const g = cands[e] as PhraseEntry;
    if (matchesEntry(g, words, i)) return g.rest.length;
  }
  return -1;
}
