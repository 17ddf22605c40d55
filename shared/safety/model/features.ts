// Hashed n-gram features of normalized text, shared by the trainer (scripts/train-injection.ts) and
// the detector: word 1-2-grams, character 3-5-grams, the word that opens a sentence or line (an
// imperative aimed at the reader starts with its verb), and word classes (concepts.ts) alone, opening
// a sentence, and in pairs a few words apart. Each occurrence is tagged with the position in
// the normalized text where it starts. A segment's features are the occurrences that start inside it,
// so every segment of a prompt is scored from one pass over the text (prefix sums), and the trainer
// sees exactly the features the detector will compute.
//
// Changing anything here changes what the weights mean: the weights file carries a fingerprint of
// this file and `npm run train:injection` must be run again (test/safety/model-weights.test.ts).

import { CONCEPTS } from './concepts.js';

/** log2 of the number of hash buckets of the detection model. */
export const HASH_BITS = 20;
const CHAR_MIN = 3;
const CHAR_MAX = 5;
const SEED_CHAR = 0x9e3779b1;
const SEED_WORD = 0x85ebca77;
const SEED_BIGRAM = 0xc2b2ae3d;
const SEED_OPENER = 0x27d4eb2f;
const SEED_CONCEPT = 0x165667b1;
const SEED_CONCEPT_OPENER = 0xd3a2646c;
const SEED_CONCEPT_PAIR = 0xfd7046c5;
/** Two concepts pair when at most this many words stand between them ("ignore all of the previous ..."). */
const PAIR_REACH = 3;

export interface Occurrences {
  /** bucket of each occurrence, HASH_BITS wide */
  ids: Int32Array;
  /** normalized-text offset where each occurrence starts, non-decreasing */
  pos: Int32Array;
  length: number;
}

/** murmur3's finalizer: spreads FNV's low bits before they are masked. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Digits fold to '0': numbers in tables and prices say nothing about intent, their shape might. */
const fold = (code: number): number => (code >= 0x31 && code <= 0x39 ? 0x30 : code);
const isWordCode = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x27 || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && !(c >= 0x2000 && c <= 0x2bff) && !(c >= 0xd800 && c <= 0xdfff) && !(c >= 0x3000 && c <= 0x303f));

/** The hash a word gets in occurrences(), before masking. */
function wordHashOf(word: string): number {
  let h = SEED_WORD;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ fold(word.charCodeAt(i)), 16777619);
  return fmix(h);
}

const CONCEPT_COUNT = Object.keys(CONCEPTS).length;
/** word hash (as a signed 32-bit key, which maps look up fastest) -> bit set of the concepts the
 *  word belongs to (a word may belong to two) */
const CONCEPT_OF = new Map<number, number>();
Object.values(CONCEPTS).forEach((words, c) => {
  for (const word of words.split(' ')) {
    const h = wordHashOf(word) | 0;
    CONCEPT_OF.set(h, (CONCEPT_OF.get(h) ?? 0) | (1 << c));
  }
});
const conceptId = (seed: number, c: number): number => fmix(Math.imul(seed ^ c, 0x9e3779b1) ^ seed);

/** Every feature occurrence of `text` (already normalized), in order of start position. */
export function occurrences(text: string): Occurrences {
  const n = text.length;
  const codes = new Int32Array(n);
  for (let i = 0; i < n; i++) codes[i] = fold(text.charCodeAt(i));
  const words = wordFeatures(codes);
  // per character at most 3 char n-grams, then the features of the word starting there
  const cap = n * (CHAR_MAX - CHAR_MIN + 1) + words.length;
  const ids = new Int32Array(cap);
  const pos = new Int32Array(cap);
  const mask = (1 << HASH_BITS) - 1;
  let k = 0;
  let w = 0;
  for (let i = 0; i < n; i++) {
    let h = SEED_CHAR;
    for (let j = 0; j < CHAR_MAX && i + j < n; j++) {
      h = Math.imul(h ^ codes[i + j]!, 16777619);
      if (j + 1 >= CHAR_MIN) {
        ids[k] = fmix(h) & mask;
        pos[k] = i;
        k++;
      }
    }
    // a word's features follow the char n-grams of the position where it starts
    for (; w < words.length && words.pos[w] === i; w++) {
      ids[k] = words.ids[w]!;
      pos[k] = i;
      k++;
    }
  }
  return { ids, pos, length: k };
}

/** The word, bigram, opener and concept features of folded text, each tagged with its word's start. */
function wordFeatures(codes: Int32Array): { ids: number[]; pos: number[]; length: number } {
  const n = codes.length;
  // a few per word: plain arrays, grown as needed
  const ids: number[] = [];
  const pos: number[] = [];
  const mask = (1 << HASH_BITS) - 1;
  let k = 0;
  const emit = (at: number, id: number): void => {
    ids.push(id);
    pos.push(at);
    k++;
  };
  let prevWord = -1;
  let wordHash = 0;
  let wordStart = -1;
  // sentence state: a word opens a unit at the start, after a newline, or after . ! ? : and a space
  let opens = true;
  let boundary = false;
  let wordOpens = false;
  let lastConcepts = 0;
  let wordsSince = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? codes[i]! : 0x20;
    if (i < n && isWordCode(c)) {
      if (wordStart < 0) {
        wordStart = i;
        wordHash = SEED_WORD;
        wordOpens = opens;
        opens = false;
        boundary = false;
      }
      wordHash = Math.imul(wordHash ^ c, 16777619);
      continue;
    }
    if (wordStart >= 0) {
      const w = fmix(wordHash);
      emit(wordStart, w & mask);
      if (prevWord >= 0) emit(wordStart, fmix(Math.imul(prevWord, SEED_BIGRAM) ^ w) & mask);
      if (wordOpens) {
        emit(wordStart, fmix(w ^ SEED_OPENER) & mask);
        lastConcepts = 0;
      }
      const concepts = CONCEPT_OF.get(w | 0) ?? 0;
      for (let a = 0; concepts !== 0 && a < CONCEPT_COUNT; a++) {
        if (!(concepts & (1 << a))) continue;
        emit(wordStart, conceptId(SEED_CONCEPT, a) & mask);
        if (wordOpens) emit(wordStart, conceptId(SEED_CONCEPT_OPENER, a) & mask);
        for (let b = 0; lastConcepts !== 0 && b < CONCEPT_COUNT; b++) {
          if (lastConcepts & (1 << b)) emit(wordStart, conceptId(SEED_CONCEPT_PAIR, b * CONCEPT_COUNT + a) & mask);
        }
      }
      if (concepts !== 0) {
        lastConcepts = concepts;
        wordsSince = 0;
      } else if (++wordsSince > PAIR_REACH) lastConcepts = 0;
      prevWord = w;
      wordStart = -1;
    }
    if (c === 0x0a) opens = true;
    else if (c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3a) boundary = true;
    else if (c === 0x20) {
      if (boundary) opens = true;
    } else boundary = false;
  }
  return { ids, pos, length: k };
}

/** Index of the first occurrence starting at or after `offset`. */
export function firstAtOrAfter(occ: Occurrences, offset: number): number {
  let lo = 0;
  let hi = occ.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (occ.pos[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
