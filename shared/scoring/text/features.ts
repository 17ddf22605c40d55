// Feature extraction: tokenize once, walk the tokens once, collect every count the dimension
// scorers need. Proximity signals (an imperative followed by a deliverable, a role phrase followed
// by a persona) come from "last seen at" indexes kept during the same walk.
import type { Vertical } from '../../schemas/common.js';
import { PLACEHOLDER_WORDS, RUBRIC_SIGNALS, SIGNALS, STOPWORDS, type SignalName } from '../lexicon/general.js';
import { detectDeliverable } from '../lexicon/deliverables.js';
import { buildIndex, matchesEntry, type PhraseEntry } from '../lexicon/phrase-index.js';
import { VERTICAL_LEXICONS } from '../lexicon/verticals.js';
import { lineFacts, type LineFacts } from './lines.js';
import { maskSlots } from './slots.js';
import { tokenize, type Token } from './tokenize.js';

export interface Features {
  readonly vertical: Vertical;
  readonly chars: number;
  readonly words: number;
  readonly distinctWords: number;
  /** Distinct words that are neither stopwords nor rubric vocabulary: what the task is about. */
  readonly contentDistinct: number;
  readonly hits: Readonly<Record<SignalName, number>>;
  readonly distinct: Readonly<Record<SignalName, number>>;
  /** Distinct phrases seen per category (only categories with hits), quoted back in fixes. */
  readonly phrases: ReadonlyMap<SignalName, ReadonlySet<string>>;
  readonly domain: Readonly<Record<string, number>>;
  readonly domainKinds: number;
  readonly domainHits: number;
  /** Distinct domain phrases matched (repeating one term does not count twice). */
  readonly domainTerms: number;
  readonly numbers: number;
  readonly versions: number;
  readonly identifiers: number;
  readonly entities: number;
  /** A number tied to a unit or a limit word: "200 words", "under 5", "max 3 bullets". */
  readonly quantLimits: number;
  /** An imperative verb followed closely by a deliverable or domain term: a named task. */
  readonly taskStatements: number;
  /** An imperative verb followed closely by a vague word: "write something". */
  readonly vagueTasks: number;
  readonly personaInRole: number;
  readonly roleDomain: number;
  readonly contradictions: number;
  readonly rubricHits: number;
  /** The deliverable named near the start ("tweet", "function"; '' when none): drives fixes and rewrites. */
  readonly deliverableKey: string;
  /** Template slots ("[audience]", "<topic>", "{name}") blanked before scoring. */
  readonly slots: number;
  readonly lines: LineFacts;
}

const GENERAL_INDEX = buildIndex(SIGNALS);

/** Everything the token walk looks up about one word, merged so each token costs one Map lookup. */
interface WordInfo {
  readonly general: readonly PhraseEntry[] | undefined;
  readonly domain: readonly PhraseEntry[] | undefined;
  readonly stop: boolean;
  readonly placeholder: boolean;
}

function buildWordInfo(vertical: Vertical): ReadonlyMap<string, WordInfo> {
  const vIndex = buildIndex(VERTICAL_LEXICONS[vertical]);
  const keys = new Set<string>([...GENERAL_INDEX.keys(), ...vIndex.keys(), ...STOPWORDS, ...PLACEHOLDER_WORDS]);
  const out = new Map<string, WordInfo>();
  for (const k of keys) {
    out.set(k, { general: GENERAL_INDEX.get(k), domain: vIndex.get(k), stop: STOPWORDS.has(k), placeholder: PLACEHOLDER_WORDS.has(k) });
  }
  return out;
}

/** Built on first use per vertical: a process that scores one vertical never builds the other seven. */
const WORD_INFO = new Map<Vertical, ReadonlyMap<string, WordInfo>>();

function wordInfo(vertical: Vertical): ReadonlyMap<string, WordInfo> {
  let info = WORD_INFO.get(vertical);
  if (info === undefined) WORD_INFO.set(vertical, (info = buildWordInfo(vertical)));
  return info;
}

const FAR = -1_000_000;
const NEAR_TASK = 6;
const NEAR_VAGUE = 3;
const NEAR_ROLE = 8;
const NEAR_ROLE_DOMAIN = 14;
const NEAR_LIMIT = 3;
const NEAR_UNIT = 2;

function hasUpperFirst(raw: string): boolean {
  const c = raw.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90;
  const ch = raw[0] ?? '';
  return ch !== ch.toLowerCase();
}

/** ASCII capitals (digits allowed), 2..8 long: API, USDC, Q3, ERC20. Char codes, no allocation. */
function isAcronym(raw: string): boolean {
  if (raw.length < 2 || raw.length > 8) return false;
  let upper = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 65 && c <= 90) upper = true;
    else if (c < 48 || c > 57) return false;
  }
  return upper;
}

/** snake_case, camelCase or letter-digit mixes (v18, erc20, 24h): names of concrete things. */
function isIdentifier(t: Token): boolean {
  if (t.numeric || t.raw.length < 2) return false;
  let lower = false;
  let digit = false;
  let letter = false;
  // ASCII-only check: code identifiers are ASCII; other scripts are never flagged.
  for (let i = 0; i < t.raw.length; i++) {
    const c = t.raw.charCodeAt(i);
    if (c === 95) return true;
    if (c >= 48 && c <= 57) digit = true;
    else if (c >= 65 && c <= 90) {
      if (lower) return true;
      letter = true;
    } else if (c >= 97 && c <= 122) {
      lower = true;
      letter = true;
    }
  }
  return digit && letter;
}

/**
 * A fresh all-zero record. Written as one literal so V8 clones a boilerplate (adding 30 keys per
 * call cost ~15% of a score); the Record type makes the compiler reject a missing or extra key.
 */
function zeroCounts(): Record<SignalName, number> {
  return {
    imperative: 0, weak_imperative: 0, deliverable: 0, vague: 0, hedge: 0,
    filler: 0, quality_claim: 0, brevity: 0, verbosity: 0, formal: 0,
    informal: 0, scope: 0, audience: 0, purpose: 0, material: 0,
    background: 0, must: 0, must_not: 0, limit_word: 0, unit: 0,
    tone: 0, format: 0, format_label: 0, role_phrase: 0, persona: 0,
    expertise: 0, example_marker: 0, step_word: 0, reasoning: 0, plan_word: 0,
  };
}

/** The first few distinct phrases of the given categories, in order of appearance. */
export function foundPhrases(f: Features, cats: readonly SignalName[], max: number): string[] {
  const out: string[] = [];
  for (const cat of cats) for (const p of f.phrases.get(cat) ?? []) if (out.length < max) out.push(p);
  return out;
}

export function extractFeatures(raw: string, vertical: Vertical): Features {
  // Slots are text the user has not written yet; hollow section labels earn nothing (lines.ts).
  const masked = maskSlots(raw);
  const layout = lineFacts(masked.text, masked.text.toLowerCase());
  // List markers ("1.", "2)") are layout, placeholder fillers ("TBD") are not words of the task.
  const all = tokenize(layout.muted);
  const info = wordInfo(vertical);
  let infos: (WordInfo | undefined)[] = new Array<WordInfo | undefined>(all.length);
  let drop = false;
  for (let i = 0; i < all.length; i++) {
    const t = all[i] as Token;
    const wi = info.get(t.low);
    infos[i] = wi;
    if (t.marker === true || (wi !== undefined && wi.placeholder)) drop = true;
  }
  let tokens = all;
  if (drop) {
    const kept: Token[] = [];
    const keptInfos: (WordInfo | undefined)[] = [];
    for (let i = 0; i < all.length; i++) {
      const t = all[i] as Token;
      const wi = infos[i];
      if (t.marker === true || (wi !== undefined && wi.placeholder)) continue;
      kept.push(t);
      keptInfos.push(wi);
    }
    tokens = kept;
    infos = keptInfos;
  }
  const words = new Array<string>(tokens.length);
  for (let i = 0; i < tokens.length; i++) words[i] = (tokens[i] as Token).low;
  const hits = zeroCounts();
  const distinctSets = new Map<SignalName, Set<string>>();
  const domain: Record<string, number> = {};
  const distinctWords = new Set<string>();
  const content = new Set<string>();
  const entities = new Set<string>();
  const domainTerms = new Set<string>();
  let numbers = 0, versions = 0, identifiers = 0, quantLimits = 0, taskStatements = 0;
  let vagueTasks = 0, personaInRole = 0, roleDomain = 0, domainHits = 0;
  let coveredUntil = 0;
  let lastImperative = FAR, lastRole = FAR, lastNumber = FAR, lastLimit = FAR;

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const w = t.low;
    distinctWords.add(w);
    // Inside a longer phrase ("world class", "must not") the inner words do not count again.
    // Only the longest phrases starting here count (several categories may share that length).
    // Matching is inlined (no per-token arrays); entries are visited in index order as before.
    const wi = infos[i];
    const cands = i < coveredUntil || wi === undefined ? undefined : wi.general;
    let generalCount = 0;
    let imperative = false, weak = false, deliverable = false, vague = false, persona = false, role = false;
    let limit = false, unit = false;
    if (cands !== undefined) {
      let max = -1;
      for (let e = 0; e < cands.length; e++) {
        const g = cands[e] as PhraseEntry;
        if (g.rest.length > max && matchesEntry(g, words, i)) max = g.rest.length;
      }
      if (max >= 0) {
        const end = i + 1 + max;
        if (end > coveredUntil) coveredUntil = end;
        for (let e = 0; e < cands.length; e++) {
          const g = cands[e] as PhraseEntry;
          if (g.rest.length !== max || !matchesEntry(g, words, i)) continue;
          generalCount++;
          const cat = g.cat as SignalName;
          hits[cat]++;
          let set = distinctSets.get(cat);
          if (set === undefined) distinctSets.set(cat, (set = new Set()));
          set.add(g.key);
          if (cat === 'imperative') imperative = true;
          else if (cat === 'weak_imperative') weak = true;
          else if (cat === 'deliverable') deliverable = true;
          else if (cat === 'vague') vague = true;
          else if (cat === 'persona') persona = true;
          else if (cat === 'role_phrase') role = true;
          else if (cat === 'limit_word') limit = true;
          else if (cat === 'unit') unit = true;
        }
      }
    }
    let domainCount = 0;
    const dCands = wi === undefined ? undefined : wi.domain;
    if (dCands !== undefined) {
      for (let e = 0; e < dCands.length; e++) {
        const d = dCands[e] as PhraseEntry;
        if (!matchesEntry(d, words, i)) continue;
        domainCount++;
        domain[d.cat] = (domain[d.cat] ?? 0) + 1;
        domainTerms.add(d.key);
      }
    }
    domainHits += domainCount;

    if ((deliverable || domainCount > 0) && i - lastImperative <= NEAR_TASK) {
      taskStatements++;
      lastImperative = FAR; // one named task per verb
    }
    if (vague && i - lastImperative <= NEAR_VAGUE) vagueTasks++;
    // "Give me a recipe", "make a poster": a weak verb can still open a named task.
    if (imperative || weak) lastImperative = i;
    if (persona && i - lastRole <= NEAR_ROLE) personaInRole++;
    if (domainCount > 0 && i - lastRole <= NEAR_ROLE_DOMAIN) roleDomain++;
    if (role) lastRole = i;
    if (limit) lastLimit = i;
    if (unit && i - lastNumber <= NEAR_UNIT) quantLimits++;
    if (t.numeric) {
      numbers++;
      if (t.low.includes('.')) versions++;
      // "under 200", "for 4" (servings, people): a number that bounds the result.
      if (i - lastLimit <= NEAR_LIMIT || (i > 0 && words[i - 1] === 'for')) quantLimits++;
      lastNumber = i;
    }
    if (generalCount === 0) {
      if (isIdentifier(t)) identifiers++;
      if (isAcronym(t.raw) || (hasUpperFirst(t.raw) && !t.sentenceStart && t.low !== 'i')) entities.add(t.low);
      if (w.length >= 3 && (wi === undefined || !wi.stop)) content.add(w);
    }
  }

  const distinct = zeroCounts();
  for (const [cat, set] of distinctSets) distinct[cat] = set.size;
  const contradictions =
    (hits.brevity > 0 && hits.verbosity > 0 ? 1 : 0) + (hits.formal > 0 && hits.informal > 0 ? 1 : 0);
  let rubricHits = 0;
  for (const cat of RUBRIC_SIGNALS) rubricHits += hits[cat];

  return {
    vertical, chars: raw.length, words: tokens.length, distinctWords: distinctWords.size,
    contentDistinct: content.size, hits, distinct, phrases: distinctSets, domain, domainKinds: Object.keys(domain).length,
    domainHits, domainTerms: domainTerms.size, numbers, versions, identifiers, entities: entities.size, quantLimits, taskStatements,
    vagueTasks, personaInRole, roleDomain, contradictions, rubricHits, slots: masked.slots, lines: layout.facts,
    deliverableKey: detectDeliverable(words),
  };
}
