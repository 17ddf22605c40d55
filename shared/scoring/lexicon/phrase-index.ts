// Phrase index: first token -> candidate phrases. Matching walks the token list once and looks up
// one Map entry per token, so cost is linear in prompt length whatever the lexicon size.

export interface PhraseEntry {
  readonly rest: readonly string[];
  readonly cat: string;
  readonly key: string;
}

export type PhraseIndex = ReadonlyMap<string, readonly PhraseEntry[]>;

export function buildIndex(groups: Readonly<Record<string, readonly string[]>>): PhraseIndex {
  const index = new Map<string, PhraseEntry[]>();
  for (const [cat, phrases] of Object.entries(groups)) {
    for (const phrase of phrases) {
      const [first, ...rest] = phrase.split(' ');
      if (first === undefined) continue;
      const list = index.get(first) ?? [];
      list.push({ rest, cat, key: phrase });
      index.set(first, list);
    }
  }
  return index;
}

/** Whether the entry's phrase starts at token position i (its first word already matched). */
export function matchesEntry(entry: PhraseEntry, words: readonly string[], i: number): boolean {
  const rest = entry.rest;
  for (let k = 0; k < rest.length; k++) if (words[i + 1 + k] !== rest[k]) return false;
  return true;
}
