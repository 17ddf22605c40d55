// Proximity signals, kept as "last seen at" positions during the token walk: an imperative followed
// closely by a deliverable or domain term (a named task) or by a vague word ("write something"), a
// role phrase followed by a persona or a domain term, a number tied to a unit or a limit word.
import type { Category } from '../lexicon/general.js';

/** Most tokens between the two parts of each pairing (the first four are quoted in the signal docs). */
export const NEAR_TASK = 6;
export const NEAR_VAGUE = 3;
export const NEAR_ROLE = 8;
export const NEAR_ROLE_DOMAIN = 14;
export const NEAR_ROLE_NOUN = 4;
/** A role phrase starting within this many tokens opens the prompt ("You are…", "I want you to act as…"). */
export const OPENING_ROLE = 5;
const NEAR_LIMIT = 3;
const NEAR_UNIT = 3;

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
  /** A role phrase followed closely by a word that names the role ("act as an interviewer", "be my astronomer friend"). */
  roleNamed = 0;
  /** Whether the prompt opens with a named role ("You are a tax accountant.", "I want you to act as a chef"). */
  openingRole = false;
  /** A number tied to a unit or a limit word: "200 words", "under 5", "max 3 bullets". */
  quantLimits = 0;
  private lastVerb = FAR;
  private lastRole = FAR;
  /** The last role phrase not yet followed by a name. */
  private openRole = FAR;
  private lastNumber = FAR;
  private lastLimit = FAR;

  /**
   * Token i, with the NEAR_BIT bits of its lexicon matches, its number of domain terms, and whether
   * it names something (a content word, a name, a persona noun).
   */
  step(i: number, bits: number, domainTerms: number, numeric: boolean, names: boolean, words: readonly string[]): void {
    if (((bits & NEAR_BIT.deliverable) !== 0 || domainTerms > 0) && i - this.lastVerb <= NEAR_TASK) {
      this.taskStatements++;
      this.lastVerb = FAR; // one named task per verb
    }
    if ((bits & NEAR_BIT.vague) !== 0 && i - this.lastVerb <= NEAR_VAGUE) this.vagueTasks++;
    // "Give me a recipe", "make a poster": a weak verb can still open a named task.
    if ((bits & VERB) !== 0) this.lastVerb = i;
    if ((bits & NEAR_BIT.persona) !== 0 && i - this.lastRole <= NEAR_ROLE) this.personaInRole++;
    if (domainTerms > 0 && i - this.lastRole <= NEAR_ROLE_DOMAIN) this.roleDomain++;
    if ((names || (bits & NEAR_BIT.persona) !== 0) && i - this.openRole <= NEAR_ROLE_NOUN) {
      this.roleNamed++;
      if (this.openRole <= OPENING_ROLE) this.openingRole = true;
      this.openRole = FAR;
    }
    if ((bits & NEAR_BIT.role_phrase) !== 0) this.lastRole = this.openRole = i;
    if ((bits & NEAR_BIT.limit_word) !== 0) this.lastLimit = i;
    if ((bits & NEAR_BIT.unit) !== 0 && i - this.lastNumber <= NEAR_UNIT) this.quantLimits++;
    if (numeric) {
      // "under 200", "for 4" (servings, people): a number that bounds the result.
      if (i - this.lastLimit <= NEAR_LIMIT || (i > 0 && words[i - 1] === 'for')) this.quantLimits++;
      this.lastNumber = i;
    }
  }
}
