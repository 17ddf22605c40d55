// Where a rule's match can start. Most rules open on a word ("ignore", "reveal", "<|"), so a match
// can only begin where the text holds one of a few short strings; trying the expression there
// (sticky) instead of at every offset finds the same matches, in the same order, for a fraction of
// the work. The strings are derived from the expression's source, so the two cannot drift apart; a
// rule whose match may open on anything (a broad class, an optional start) has none and scans.
//
// The analysis is conservative: a construct it does not model counts as "could be anything" and
// ends the string there, and a lookaround or a \b counts as nothing, both of which only let more
// offsets through. What the rule matches is the expression's business, never this file's.

import { type RegexAlgebra, walkRegex } from './regex-walk.js';

/** Anchors are at most this long: three characters already make them rare in prose. */
const ANCHOR_LENGTH = 3;
/** Past this many strings a node's openings are cut shorter (and at length 0, given up). */
const MAX_OPENINGS = 96;
/** A character class with at most this many members is followed exactly ("[sz]", "[ \n]"). */
const SMALL_CLASS = 8;

/**
 * How a match of a node can open: its first characters, up to ANCHOR_LENGTH. `open` says the match
 * goes on past `s` in a way not followed (or past the length); otherwise `s` is the whole match.
 * `start` marks a match pinned to the start of the text (^ without the m flag).
 */
interface Opening {
  s: string;
  open: boolean;
  start: boolean;
}

/** A rule's anchors: every match opens with one of `strings`, or at offset 0 when `atStart`. */
export interface Anchors {
  strings: readonly string[];
  atStart: boolean;
}

const EMPTY: Opening[] = [{ s: '', open: false, start: false }];
const UNKNOWN: Opening[] = [{ s: '', open: true, start: false }];

/** The anchors of `re`, or null when a match may open anywhere. */
export function anchorsOf(re: RegExp): Anchors | null {
  const openings = walkRegex(re, OPENINGS);
  if (openings === null) return null;
  const strings = new Set<string>();
  let atStart = false;
  for (const o of openings) {
    if (o.start) atStart = true;
    else if (o.s === '') return null;
    else strings.add(o.s);
  }
  return { strings: [...strings].sort(), atStart };
}

const key = (o: Opening): string => `${o.start ? '^' : ''}${o.open ? '+' : '='}${o.s}`;

function dedupe(list: Opening[]): Opening[] {
  const seen = new Map<string, Opening>();
  for (const o of list) seen.set(key(o), o);
  return [...seen.values()];
}

/** Cuts openings shorter until they are few enough; at length 0 nothing is known. */
function capped(list: Opening[]): Opening[] {
  let out = dedupe(list);
  for (let length = ANCHOR_LENGTH - 1; out.length > MAX_OPENINGS && length >= 0; length--) {
    out = dedupe(out.map((o) => (o.s.length > length ? { s: o.s.slice(0, length), open: true, start: o.start } : o)));
  }
  return out.length > MAX_OPENINGS ? UNKNOWN : out;
}

/** What `a` then `b` open with. */
function then(a: Opening[], b: Opening[]): Opening[] {
  // deep in a sequence every opening is settled: what follows changes none of them
  if (settled(a)) return a;
  const out: Opening[] = [];
  for (const x of a) {
    if (x.open || x.start) {
      out.push(x);
      continue;
    }
    for (const y of b) {
      // ^ after consumed characters never holds; after nothing, the match is pinned to the start
      if (y.start) out.push(x.s === '' ? y : { s: x.s, open: true, start: false });
      else {
        const s = x.s + y.s;
        // an opening as long as an anchor gets no longer
        out.push(s.length >= ANCHOR_LENGTH ? { s: s.slice(0, ANCHOR_LENGTH), open: true, start: false } : { s, open: y.open, start: false });
      }
    }
  }
  return capped(out);
}

const opened = (list: Opening[]): Opening[] => list.map((o) => (o.open || o.start ? o : { ...o, open: true }));
const settled = (list: Opening[]): boolean => list.every((x) => x.open || x.start);

/** Openings, construct by construct. */
const OPENINGS: RegexAlgebra<Opening[]> = {
  smallClass: SMALL_CLASS,
  char: (s) => [{ s, open: false, start: false }],
  charClass: (members) => (members === null ? UNKNOWN : members.map((s) => ({ s, open: false, start: false }))),
  any: UNKNOWN,
  empty: EMPTY,
  start: [{ s: '', open: false, start: true }],
  sequence(items) {
    let list = EMPTY;
    for (const item of items) {
      list = then(list, item);
      // past a settled opening the rest of a sequence changes nothing: it is not even folded
      if (settled(list)) break;
    }
    return list;
  },
  // one branch matched: the openings of every branch, settled once
  alternation: (branches) => capped(branches.flat()),
  repeat(atom, min, max) {
    if (max === 0) return EMPTY;
    // the mandatory repetitions (beyond the anchor length they add nothing), then maybe one more
    let list = EMPTY;
    for (let k = 0; k < Math.min(min, ANCHOR_LENGTH); k++) list = then(list, atom);
    if (min > ANCHOR_LENGTH) list = opened(list);
    return max > min ? capped([...list, ...then(list, opened(atom))]) : list;
  },
};

/** Offsets at which a sticky expression is tried: those where an anchor starts (and 0 when pinned). */
export class AnchorIndex {
  /** per rule, the offsets where one of its anchors starts, ascending */
  readonly offsets: number[][];

  /**
   * One pass over the text: at each offset its first one, two and three characters are looked up
   * (hashed; a collision only adds an offset the expression then rejects).
   */
  constructor(text: string, table: AnchorTable, wanted: (rule: number) => boolean) {
    const offsets: number[][] = table.rules.map(() => []);
    const last = new Int32Array(table.rules.length).fill(-1);
    const add = (list: Int32Array | undefined, i: number): void => {
      if (list === undefined) return;
      for (let k = 0; k < list.length; k++) {
        const r = list[k]!;
        if (last[r] !== i && wanted(r)) {
          last[r] = i;
          offsets[r]!.push(i);
        }
      }
    };
    for (let r = 0; r < table.rules.length; r++) if (table.rules[r]?.atStart && wanted(r)) {
      last[r] = 0;
      offsets[r]!.push(0);
    }
    const n = text.length;
    let c1 = n > 0 ? text.charCodeAt(0) : 0;
    let c2 = n > 1 ? text.charCodeAt(1) : 0;
    for (let i = 0; i < n; i++) {
      const c0 = c1;
      c1 = c2;
      c2 = i + 2 < n ? text.charCodeAt(i + 2) : 0;
      let slot = table.slot1[c0]!;
      if (slot >= 0) add(table.lists[slot], i);
      if (i + 1 < n) {
        slot = table.slot2[hash2(c0, c1)]!;
        if (slot >= 0) add(table.lists[slot], i);
        if (i + 2 < n) {
          slot = table.slot3[hash3(c0, c1, c2)]!;
          if (slot >= 0) add(table.lists[slot], i);
        }
      }
    }
    this.offsets = offsets;
  }
}

const HASH_BITS = 14;
const hash2 = (a: number, b: number): number => (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)) >>> (32 - HASH_BITS);
const hash3 = (a: number, b: number, c: number): number => (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> (32 - HASH_BITS);

/** The anchors of a catalogue, by their first one, two and three characters. */
export interface AnchorTable {
  /** per rule, its anchors (null: the rule scans) */
  rules: ReadonlyArray<Anchors | null>;
  slot1: Int32Array;
  slot2: Int32Array;
  slot3: Int32Array;
  /** rule indices per slot */
  lists: Int32Array[];
}

export function anchorTable(rules: ReadonlyArray<Anchors | null>): AnchorTable {
  const byKey: Array<Map<number, Set<number>>> = [new Map(), new Map(), new Map()];
  rules.forEach((anchors, r) => {
    for (const s of anchors?.strings ?? []) {
      const h = s.length === 1 ? s.charCodeAt(0) : s.length === 2 ? hash2(s.charCodeAt(0), s.charCodeAt(1)) : hash3(s.charCodeAt(0), s.charCodeAt(1), s.charCodeAt(2));
      const map = byKey[s.length - 1]!;
      map.set(h, (map.get(h) ?? new Set()).add(r));
    }
  });
  const lists: Int32Array[] = [];
  const slots = byKey.map((map, k) => {
    const slot = new Int32Array(k === 0 ? 0x10000 : 1 << HASH_BITS).fill(-1);
    for (const [h, set] of map) {
      slot[h] = lists.length;
      lists.push(Int32Array.from([...set].sort((a, b) => a - b)));
    }
    return slot;
  });
  return { rules, slot1: slots[0]!, slot2: slots[1]!, slot3: slots[2]! , lists };
}
