// What a rule's regular expression cannot match without: sets of literal strings such that every
// match contains one literal of each set ("ignore|disregard|..." and "previous|prior|..." and
// "instructions|rules|..."). Most of the rule catalogue needs words a given prompt does not hold
// together, and looking words up is far cheaper than running the expression, so the detector skips
// a rule when one of its sets is absent. The sets are derived from the expression's source, so the
// two cannot drift apart; a rule with none always runs.
//
// The analysis is conservative: every construct it does not model (a broad character class, a
// lookaround, a repetition that may be absent) counts as "could be anything", which only weakens
// the requirement, never makes it wrong. The lookup is conservative too: a literal whose every
// character trigram occurs in the text (hashed, so collisions say "maybe") counts as present.

import { type RegexAlgebra, walkRegex } from './regex-walk.js';

/** Past this many alternatives a set of strings is not worth tracking exactly. */
const MAX_STRINGS = 32;

interface Info {
  /** every string the node can match, when they are few; null when unknown or too many */
  exact: Set<string> | null;
  /** sets of literals: every match of the node contains one literal of each */
  needs: Array<Set<string>>;
}

const ANYTHING: Info = { exact: null, needs: [] };
const EMPTY: Info = { exact: new Set(['']), needs: [] };
/** A character class with at most this many members is tracked exactly ("[sz]", "[-_]"). */
const SMALL_CLASS = 4;

/** One literal a text may hold, with the hashes of its trigrams (null when shorter than one). */
interface Literal {
  text: string;
  grams: Uint16Array | null;
}

/** A rule's precondition: the text holds one literal of every set. */
export type Prefilter = ReadonlyArray<readonly Literal[]>;

/** The precondition of `re`, or null when no literal is certain. */
export function prefilterOf(re: RegExp): Prefilter | null {
  const info = walkRegex(re, REQUIREMENTS);
  if (info === null) return null;
  const sets = new Map<string, string[]>();
  for (const set of [...info.needs, asNeeds(info.exact)]) {
    if (set === null) continue;
    const literals = [...set].sort();
    sets.set(literals.join('\0'), literals);
  }
  if (sets.size === 0) return null;
  // the most selective sets first: a text lacking one is settled by it alone
  return [...sets.values()]
    .sort((a, b) => shortest(b) - shortest(a) || a.length - b.length)
    .map((set) => set.map((text) => ({ text, grams: text.length < GRAM ? null : Uint16Array.from({ length: text.length - GRAM + 1 }, (_, i) => gramAt(text, i)) })));
}

const shortest = (set: Iterable<string>): number => Math.min(...[...set].map((x) => x.length));

const GRAM = 3;
const GRAM_BITS = 16;
const gramAt = (s: string, i: number): number =>
  (Math.imul(s.charCodeAt(i), 0x9e3779b1) ^ Math.imul(s.charCodeAt(i + 1), 0x85ebca77) ^ Math.imul(s.charCodeAt(i + 2), 0xc2b2ae3d)) >>> (32 - GRAM_BITS);

/** The trigrams of a text, as a bit set of their hashes: built once per text, one pass. */
export class GramIndex {
  private readonly bits = new Uint32Array(1 << (GRAM_BITS - 5));

  constructor(private readonly text: string) {
    for (let i = 0; i + GRAM <= text.length; i++) {
      const g = gramAt(text, i);
      this.bits[g >>> 5]! |= 1 << (g & 31);
    }
  }

  /** Whether the text may satisfy `p`: false only when it holds no literal of one of its sets. */
  passes(p: Prefilter | null): boolean {
    return p === null || p.every((set) => set.some((literal) => this.mayHold(literal)));
  }

  private mayHold({ text, grams }: Literal): boolean {
    if (grams === null) return this.text.includes(text);
    for (let i = 0; i < grams.length; i++) if ((this.bits[grams[i]! >>> 5]! & (1 << (grams[i]! & 31))) === 0) return false;
    return true;
  }
}

/** A literal set as a requirement: unusable when one of its strings is empty. */
function asNeeds(exact: Set<string> | null): Set<string> | null {
  if (exact === null || exact.size === 0) return null;
  for (const s of exact) if (s === '') return null;
  return exact;
}

/** The most selective set a node requires (longest shortest literal, then fewest), or null. */
function best(info: Info): Set<string> | null {
  let pick: Set<string> | null = null;
  for (const set of [...info.needs, asNeeds(info.exact)]) {
    if (set === null) continue;
    if (pick === null || shortest(set) > shortest(pick) || (shortest(set) === shortest(pick) && set.size < pick.size)) pick = set;
  }
  return pick;
}

function product(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_STRINGS) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

function union(a: Set<string>, b: Set<string>): Set<string> | null {
  const out = new Set([...a, ...b]);
  return out.size > MAX_STRINGS ? null : out;
}

/** Requirements, construct by construct. */
const REQUIREMENTS: RegexAlgebra<Info> = {
  smallClass: SMALL_CLASS,
  char: (c) => ({ exact: new Set([c]), needs: [] }),
  // whitespace is ' ' or '\n' in normalized text: spelling out both at every gap between words
  // multiplies the literals for nothing, so a gap ends a literal and literals are words
  charClass: (members) => (members === null || members.some((m) => /\s/.test(m)) ? ANYTHING : { exact: new Set(members), needs: [] }),
  any: ANYTHING,
  empty: EMPTY,
  start: EMPTY,
  sequence(items) {
    // exact: the strings of the whole sequence so far; run: those of its trailing literal part
    let exact: Set<string> | null = new Set(['']);
    let run = new Set(['']);
    const needs: Array<Set<string>> = [];
    const flush = (set: Set<string> | null) => {
      const clause = asNeeds(set);
      if (clause) needs.push(clause);
    };
    for (const item of items) {
      exact = exact && item.exact ? product(exact, item.exact) : null;
      needs.push(...item.needs);
      if (item.exact === null) {
        flush(run);
        run = new Set(['']);
        continue;
      }
      const longer = product(run, item.exact);
      if (longer === null) {
        // too many spellings to follow: keep what the run needed so far and start a new one
        flush(run);
        flush(item.exact);
        run = item.exact;
      } else run = longer;
    }
    flush(run);
    return { exact, needs };
  },
  alternation(branches) {
    let info = branches[0]!;
    for (const next of branches.slice(1)) {
      const exact = info.exact && next.exact ? union(info.exact, next.exact) : null;
      // one of the branches matched: only a set that covers every branch is still required
      const a = best(info);
      const b = best(next);
      const either = a && b ? union(a, b) : null;
      info = { exact, needs: either ? [either] : [] };
    }
    return info;
  },
  repeat(atom, min, max) {
    if (min === 0) {
      // may be absent: requires nothing, and is exact only as "itself or nothing"
      return { exact: max === 1 && atom.exact ? union(atom.exact, new Set([''])) : null, needs: [] };
    }
    const clause = asNeeds(atom.exact);
    return { exact: min === 1 && max === 1 ? atom.exact : null, needs: clause ? [...atom.needs, clause] : atom.needs };
  },
};
