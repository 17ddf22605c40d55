// Everything the token walk looks up about one word, merged per vertical so each token costs one
// Map lookup: its general lexicon phrases, its domain phrases, and whether it is a stopword or a
// placeholder filler.
import type { Vertical } from '../../schemas/common.js';
import { CATEGORIES, PLACEHOLDER_WORDS, STOPWORDS } from '../lexicon/general.js';
import { buildIndex, type PhraseEntry } from '../lexicon/phrase-index.js';
import { VERTICAL_LEXICONS } from '../lexicon/verticals.js';
import { NEAR_BIT } from './proximity.js';

export interface WordInfo {
  readonly general: readonly PhraseEntry[] | undefined;
  readonly domain: readonly PhraseEntry[] | undefined;
  readonly stop: boolean;
  readonly placeholder: boolean;
}

export type WordTable = ReadonlyMap<string, WordInfo>;

const NEAR: Readonly<Record<string, number>> = NEAR_BIT;
const GENERAL_INDEX = buildIndex(CATEGORIES, (cat) => NEAR[cat] ?? 0);

function buildWordTable(vertical: Vertical): WordTable {
  const vIndex = buildIndex(VERTICAL_LEXICONS[vertical]);
  const keys = new Set<string>([...GENERAL_INDEX.keys(), ...vIndex.keys(), ...STOPWORDS, ...PLACEHOLDER_WORDS]);
  const out = new Map<string, WordInfo>();
  for (const k of keys) {
    out.set(k, { general: GENERAL_INDEX.get(k), domain: vIndex.get(k), stop: STOPWORDS.has(k), placeholder: PLACEHOLDER_WORDS.has(k) });
  }
  return out;
}

/** Built on first use per vertical: a process that scores one vertical never builds the other seven. */
const TABLES = new Map<Vertical, WordTable>();

export function wordTable(vertical: Vertical): WordTable {
  let table = TABLES.get(vertical);
  if (table === undefined) TABLES.set(vertical, (table = buildWordTable(vertical)));
  return table;
}
