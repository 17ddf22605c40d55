// Proximity signals, kept as "last seen at" positions during the token walk: an imperative followed
// closely by a deliverable or domain term (a named task) or by a vague word ("write something"), a
// role phrase followed by a persona or a domain term, a number tied to a unit or a limit word.
import type { Category } from '../lexicon/general.js';

/** Most tokens between the two parts of each pairing (the first four are quoted in the signal docs). */
export const NEAR_TASK = 6;
export const NEAR_VAGUE = 3;
export const NEAR_ROLE = 8;
export const NEAR_ROLE_DOMAIN = 14;
const NEAR_LIMIT = 3;
const NEAR_UNIT = 2;

/** The lexicon categories the pairings watch, one bit each: a token's matches fold into one number. */
export const NEAR_BIT = {
  imperative: 1,
  weak_imperative: 2,
  deliverable: 4,
  vague: 8,
  persona: 16,
  role_phrase: 32,
  limit_word: 64,
  unit: 128,
} as const satisfies Partial<Record<Category, number>>;

const VERB = NEAR_BIT.imperative | NEAR_BIT.weak_imperative;
const FAR = -1_000_000;

export class Proximity {
  /** An imperative verb followed closely by a deliverable or domain term: a named task. */
  taskStatements = 0;
  /** An imperative verb followed closely by a vague word. */
  vagueTasks = 0;
  personaInRole = 0;
  roleDomain = 0;
  /** A number tied to a unit or a limit word: "200 words", "under 5", "max 3 bullets". */
  quantLimits = 0;
  private lastVerb = FAR;
  private lastRole = FAR;
  private lastNumber = FAR;
  private lastLimit = FAR;

  /** Token i, with the NEAR_BIT bits of its lexicon matches and its number of domain terms. */
  step(i: number, bits: number, domainTerms: number, numeric: boolean, words: readonly string[]): void {
    if (((bits & NEAR_BIT.deliverable) !== 0 || domainTerms > 0) && i - this.lastVerb <= NEAR_TASK) {
      this.taskStatements++;
      this.lastVerb = FAR; // one named task per verb
    }
    if ((bits & NEAR_BIT.vague) !== 0 && i - this.lastVerb <= NEAR_VAGUE) this.vagueTasks++;
    // "Give me a recipe", "make a poster": a weak verb can still open a named task.
    if ((bits & VERB) !== 0) this.lastVerb = i;
    if ((bits & NEAR_BIT.persona) !== 0 && i - this.lastRole <= NEAR_ROLE) this.personaInRole++;
    if (domainTerms > 0 && i - this.lastRole <= NEAR_ROLE_DOMAIN) this.roleDomain++;
    if ((bits & NEAR_BIT.role_phrase) !== 0) this.lastRole = i;
    if ((bits & NEAR_BIT.limit_word) !== 0) this.lastLimit = i;
    if ((bits & NEAR_BIT.unit) !== 0 && i - this.lastNumber <= NEAR_UNIT) this.quantLimits++;
    if (numeric) {
      // "under 200", "for 4" (servings, people): a number that bounds the result.
      if (i - this.lastLimit <= NEAR_LIMIT || (i > 0 && words[i - 1] === 'for')) this.quantLimits++;
      this.lastNumber = i;
    }
  }
}
