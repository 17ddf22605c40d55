// Feature extraction: mask slots, read the layout, tokenize once, walk the tokens once and collect
// every count the rubric signals (dimensions/signals.ts) read.
import type { Vertical } from '../../schemas/common.js';
import { RUBRIC_CATEGORIES, type Category } from '../lexicon/general.js';
import { detectDeliverable } from '../lexicon/deliverables.js';
import { longestMatch, matchesEntry, type PhraseEntry } from '../lexicon/phrase-index.js';
import { lineFacts, type LineFacts } from './lines.js';
import { isEntity, isIdentifier } from './names.js';
import { Proximity } from './proximity.js';
import { maskSlots } from './slots.js';
import { tokenize, type Token } from './tokenize.js';
import { wordTable, type WordInfo, type WordTable } from './word-info.js';

export interface Features {
  readonly words: number;
  readonly distinctWords: number;
  /** Distinct words that are neither stopwords nor lexicon words: what the task is about. */
  readonly contentDistinct: number;
  readonly hits: Readonly<Record<Category, number>>;
  readonly distinct: Readonly<Record<Category, number>>;
  /** Distinct phrases seen per category (only categories with hits), quoted back in fixes. */
  readonly phrases: ReadonlyMap<Category, ReadonlySet<string>>;
  readonly domainKinds: number;
  readonly domainHits: number;
  /** Distinct domain phrases matched (repeating one term does not count twice). */
  readonly domainTerms: number;
  readonly numbers: number;
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
  readonly roleNamed: number;
  /** The prompt opens with a named role ("You are a tax accountant."). */
  readonly openingRole: boolean;
  /** Distinct content words of 8+ letters, hyphenated compounds ("p-hacking") counted whole: technical terms and names of concrete things. */
  readonly longContent: number;
  /** The prompt opens with a question word ("what", "how", "is", "can"...). */
  readonly opensAsQuestion: boolean;
  readonly contradictions: number;
  readonly rubricHits: number;
  /** The deliverable named near the start ("tweet", "function"; '' when none): drives fixes and rewrites. */
  readonly deliverableKey: string;
  readonly lines: LineFacts;
  /** Template slots blanked before reading (text/slots.ts). */
  readonly slots: number;
}

/**
 * A fresh all-zero record. Written as one literal so V8 clones a boilerplate (adding 30 keys per
 * call cost ~15% of a score); the Record type makes the compiler reject a missing or extra key.
 */
function zeroCounts(): Record<Category, number> {
  return {
    imperative: 0, weak_imperative: 0, deliverable: 0, vague: 0, hedge: 0,
    filler: 0, quality_claim: 0, brevity: 0, verbosity: 0, formal: 0,
    informal: 0, scope: 0, audience: 0, purpose: 0, material: 0,
    background: 0, must: 0, must_not: 0, limit_word: 0, unit: 0,
    tone: 0, format: 0, format_label: 0, role_phrase: 0, persona: 0,
    expertise: 0, example_marker: 0, step_word: 0, reasoning: 0, plan_word: 0,
    interaction: 0, conditional: 0,
  };
}

/** The first few distinct phrases of the given categories, in order of appearance. */
export function foundPhrases(f: Features, cats: readonly Category[], max: number): string[] {
  const out: string[] = [];
  for (const cat of cats) for (const p of f.phrases.get(cat) ?? []) if (out.length < max) out.push(p);
  return out;
}

/** Tokens of the task, each with its word info: list markers are layout, placeholder fillers ("TBD") not words. */
interface TaskTokens {
  readonly tokens: readonly Token[];
  readonly infos: readonly (WordInfo | undefined)[];
}

const dropped = (t: Token, wi: WordInfo | undefined): boolean => t.marker === true || (wi !== undefined && wi.placeholder);

function taskTokens(text: string, table: WordTable): TaskTokens {
  const all = tokenize(text);
  const infos = new Array<WordInfo | undefined>(all.length);
  let drop = false;
  for (let i = 0; i < all.length; i++) {
    const wi = table.get((all[i] as Token).low);
    infos[i] = wi;
    if (dropped(all[i] as Token, wi)) drop = true;
  }
  if (!drop) return { tokens: all, infos };
  const kept: Token[] = [];
  const keptInfos: (WordInfo | undefined)[] = [];
  for (let i = 0; i < all.length; i++) {
    if (dropped(all[i] as Token, infos[i])) continue;
    kept.push(all[i] as Token);
    keptInfos.push(infos[i]);
  }
  return { tokens: kept, infos: keptInfos };
}

/** Content words this long or longer are mostly technical terms and names of concrete things. */
const LONG_WORD = 8;
/** Words that open a question. */
const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'what', 'whats', 'how', 'why', 'which', 'who', 'when', 'where', 'is', 'are', 'can', 'could', 'does', 'do', 'did',
  'should', 'would', 'will', 'was', 'were', 'has', 'have',
]);

/** Set on every token with a general lexicon match, beside the proximity bits. */
const MATCHED = 1 << 30;

/** The counters of one walk over the task tokens. */
class TokenWalk {
  readonly hits = zeroCounts();
  readonly phrases = new Map<Category, Set<string>>();
  readonly near = new Proximity();
  readonly distinctWords = new Set<string>();
  readonly content = new Set<string>();
  longContent = 0;
  readonly entities = new Set<string>();
  readonly domainKinds = new Set<string>();
  readonly domainTerms = new Set<string>();
  domainHits = 0;
  numbers = 0;
  identifiers = 0;
  /** Tokens before this index are inside a longer phrase already counted. */
  private coveredUntil = 0;
  /** The hyphenated compound read so far ("p-hacking"), '' when the last token cannot be part of one. */
  private compound = '';
  /** Its characters without the hyphens. */
  private compoundLetters = 0;
  private readonly compounds = new Set<string>();

  constructor(private readonly words: readonly string[]) {}

  visit(i: number, t: Token, wi: WordInfo | undefined): void {
    this.distinctWords.add(t.low);
    const general = wi === undefined || wi.general === undefined || i < this.coveredUntil ? 0 : this.matchGeneral(i, wi.general);
    const domain = wi === undefined || wi.domain === undefined ? 0 : this.matchDomain(i, wi.domain);
    this.domainHits += domain;
    // Words of a lexicon phrase are rubric vocabulary, not names or content.
    let names = false;
    if (general === 0) {
      if (isIdentifier(t)) {
        this.identifiers++;
        names = true;
      }
      if (isEntity(t)) {
        this.entities.add(t.low);
        names = true;
      }
      if (t.low.length >= 3 && (wi === undefined || !wi.stop)) {
        names = true;
        if (!this.content.has(t.low)) {
          this.content.add(t.low);
          if (t.low.length >= LONG_WORD && !t.numeric) this.longContent++;
        }
      }
    }
    this.near.step(i, general, domain, t.numeric, names, this.words);
    if (t.numeric) this.numbers++;
    this.readCompound(t, wi);
  }

  /**
   * A compound of plain words joined by hyphens ("p-hacking", "zk-rollups") is one term: split, its
   * parts are too short to read as the technical word it is. Counted once, whole, among the long
   * content words; numbers ("30-minute"), stopwords and lexicon words ("step-by-step") are no parts.
   */
  private readCompound(t: Token, wi: WordInfo | undefined): void {
    const part = !t.numeric && (wi === undefined || (wi.general === undefined && !wi.stop));
    if (!part) {
      this.compound = '';
      return;
    }
    if (t.joined !== true || this.compound === '') {
      this.compound = t.low;
      this.compoundLetters = t.low.length;
      return;
    }
    this.compound += `-${t.low}`;
    this.compoundLetters += t.low.length;
    if (this.compoundLetters >= LONG_WORD && !this.compounds.has(this.compound)) {
      this.compounds.add(this.compound);
      if (!this.content.has(this.compound)) this.longContent++;
    }
  }

  /**
   * Counts the longest general phrases starting at i (several categories may share that length);
   * the words inside them do not count again ("world class", "must not"). Returns their NEAR_BIT
   * bits with MATCHED, or 0 when nothing matches.
   */
  private matchGeneral(i: number, cands: readonly PhraseEntry[]): number {
    const words = this.words;
    const max = longestMatch(cands, words, i);
    if (max < 0) return 0;
    this.coveredUntil = Math.max(this.coveredUntil, i + 1 + max);
    let bits = MATCHED;
    // Candidates are sorted longest first: skip the longer ones, stop at the first shorter one.
    for (let e = 0; e < cands.length; e++) {
      const g = cands[e] as PhraseEntry;
      if (g.rest.length > max) continue;
      if (g.rest.length < max) break;
      if (!matchesEntry(g, words, i)) continue;
      const cat = g.cat as Category;
      this.hits[cat]++;
      let set = this.phrases.get(cat);
      if (set === undefined) this.phrases.set(cat, (set = new Set()));
      set.add(g.key);
      bits |= g.near;
    }
    return bits;
  }

  /** Counts every domain phrase starting at i (domain phrases may overlap). */
  private matchDomain(i: number, cands: readonly PhraseEntry[]): number {
    let n = 0;
    for (let e = 0; e < cands.length; e++) {
      const d = cands[e] as PhraseEntry;
      if (!matchesEntry(d, this.words, i)) continue;
      n++;
      this.domainKinds.add(d.cat);
      this.domainTerms.add(d.key);
    }
    return n;
  }
}

export function extractFeatures(raw: string, vertical: Vertical): Features {
  // Slots are text the user has not written yet; hollow section labels earn nothing (lines.ts).
  const { text: masked, slots } = maskSlots(raw);
  const layout = lineFacts(masked, masked.toLowerCase());
  const { tokens, infos } = taskTokens(layout.muted, wordTable(vertical));
  const words = new Array<string>(tokens.length);
  for (let i = 0; i < tokens.length; i++) words[i] = (tokens[i] as Token).low;
  const w = new TokenWalk(words);
  for (let i = 0; i < tokens.length; i++) w.visit(i, tokens[i] as Token, infos[i]);

  const { hits, near } = w;
  const distinct = zeroCounts();
  for (const [cat, set] of w.phrases) distinct[cat] = set.size;
  let rubricHits = 0;
  for (const cat of RUBRIC_CATEGORIES) rubricHits += hits[cat];
  return {
    words: tokens.length, distinctWords: w.distinctWords.size, contentDistinct: w.content.size, hits, distinct,
    phrases: w.phrases, domainKinds: w.domainKinds.size, domainHits: w.domainHits, domainTerms: w.domainTerms.size,
    numbers: w.numbers, identifiers: w.identifiers, entities: w.entities.size, quantLimits: near.quantLimits,
    taskStatements: near.taskStatements, vagueTasks: near.vagueTasks, personaInRole: near.personaInRole, roleDomain: near.roleDomain,
    roleNamed: near.roleNamed, openingRole: near.openingRole, longContent: w.longContent, opensAsQuestion: words.length > 0 && QUESTION_WORDS.has(words[0] as string),
    contradictions: (hits.brevity > 0 && hits.verbosity > 0 ? 1 : 0) + (hits.formal > 0 && hits.informal > 0 ? 1 : 0),
    rubricHits, deliverableKey: detectDeliverable(words), lines: layout.facts, slots,
  };
}
