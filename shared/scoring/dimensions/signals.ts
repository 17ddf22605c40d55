// Rubric signals: the named quantities the term tables (tables.ts) score, each with how it is read
// from the features and what it counts (docs/scoring.md quotes `doc`). Their names are the SignalId
// union, so a table naming a signal that does not exist fails the type check. A prompt's signals
// are read once, in this order, into one vector (the anti-gaming measures last: they read others).
import { IO_LABELS } from '../lexicon/general.js';
import type { Features } from '../text/features.js';
import { NEAR_ROLE, NEAR_ROLE_DOMAIN, NEAR_ROLE_NOUN, NEAR_TASK, NEAR_VAGUE, OPENING_ROLE } from '../text/proximity.js';
import { rubricStuffing, stuffing, substance } from './gate.js';
import { ANTI_GAMING } from './tables.js';
import { compileTerms, sumTerms, type SignalIndex } from './terms.js';

/** One value per signal, indexed by SIG. */
export type SignalValues = readonly number[];

interface SignalDef {
  readonly read: (f: Features, v: SignalValues) => number;
  readonly doc: string;
}

/** Labels that state the task itself. */
const TASK_LABELS = ['task', 'goal', 'objective', 'instruction', 'instructions'];
/** Low diversity: at least this many words, under this share of them distinct. */
const LOW_DIVERSITY_MIN_WORDS = 60;
const LOW_DIVERSITY_SHARE = 0.35;
/** A request this short that names concrete things reads as one clear task (a question, a one-line ask). */
const SHORT_ASK_WORDS = 40;
/** A first line this short above pasted material is a bare ask. */
const BARE_ASK_WORDS = 4;
const BARE_ASK_MATERIAL_WORDS = 40;
/** A question this short that names a concrete thing is one clear task. */
const NAMED_QUESTION_WORDS = 25;
/** Vagueness is a density: shorter prompts are measured as if they had this many words. */
const VAGUENESS_MIN_WORDS = 20;

const flag = (b: boolean): number => (b ? 1 : 0);

function countIn(labels: Iterable<string>, set: { has(s: string): boolean }): number {
  let n = 0;
  for (const l of labels) if (set.has(l)) n++;
  return n;
}

/** A plain question that names a concrete thing (see the named_question signal). */
const namedQuestion = (f: Features): boolean =>
  f.words >= 3 && f.words <= NAMED_QUESTION_WORDS && (f.lines.questionMarks > 0 || f.opensAsQuestion) && f.slots === 0 &&
  f.hits.vague === 0 && f.hits.role_phrase === 0 && f.entities + f.identifiers + f.numbers + f.longContent + f.domainTerms > 0;

/** In a named question a superlative asks for a comparison ("best time to visit") and filler is only tone. */
const fillerOf = (f: Features): number => (namedQuestion(f) ? 0 : f.hits.filler);
const qualityClaimsOf = (f: Features): number => (namedQuestion(f) ? 0 : f.hits.quality_claim);

/** Whether an interaction phrase states the user's turn ("i will", "i type", "when i say", "my first"). */
function userTurn(f: Features): boolean {
  for (const p of f.phrases.get('interaction') ?? []) if (p.startsWith('i ') || p.startsWith('my ') || p.startsWith('when i') || p.startsWith('first ')) return true;
  return false;
}

const lowDiversity = (f: Features): boolean =>
  f.words >= LOW_DIVERSITY_MIN_WORDS && f.distinctWords / f.words < LOW_DIVERSITY_SHARE;

const FROM_FEATURES = {
  // Lexicon hits (lexicon/general.ts): how many times a phrase of the category occurs.
  imperative: { read: (f) => f.hits.imperative, doc: 'imperative task verbs (write, fix, summarize, compare, derive… ~90 verbs)' },
  weak_imperative: { read: (f) => f.hits.weak_imperative, doc: 'weak verbs (help, make, tell, give): "give me a recipe" can still name a task' },
  deliverable: { read: (f) => f.hits.deliverable, doc: 'deliverable nouns (function, email, report, lesson, table, haiku, memo…)' },
  vague: { read: (f) => f.hits.vague, doc: 'vague words (something, stuff, things, good, nice, etc, whatever, various, kind of…)' },
  hedge: { read: (f) => f.hits.hedge, doc: 'hedges (maybe, perhaps, try to, if possible, I think…)' },
  filler: { read: fillerOf, doc: 'filler (really, very, just, basically, literally…), not counted in a named question' },
  quality_claim: {
    read: qualityClaimsOf,
    doc: 'quality claims (best, perfect, world class, high quality…); in a named question ("Best time of year to visit Lisbon?") a superlative asks for a comparison and is not counted',
  },
  material: { read: (f) => f.hits.material, doc: 'material words (here is, below, attached, the following, data, using, based on…)' },
  background: { read: (f) => f.hits.background, doc: 'background words (we are, our, my, currently, company, project, already…)' },
  must: { read: (f) => f.hits.must, doc: 'must-words (must, required, ensure, always, make sure, include…)' },
  must_not: { read: (f) => f.hits.must_not, doc: 'must-not words (must not, do not, never, avoid, without, no, exclude, omit…); "no dairy" is a must-not' },
  limit_word: { read: (f) => f.hits.limit_word, doc: 'limit words (under, at most, no more than, maximum, within…)' },
  tone: { read: (f) => f.hits.tone, doc: 'tone or style words (tone, voice, formal, friendly, neutral, plain language…)' },
  format_label: { read: (f) => f.hits.format_label, doc: 'output instructions (output format, respond with, return, reply with, formatted as, structure…)' },
  role_phrase: { read: (f) => f.hits.role_phrase, doc: 'role phrases (you are, act as, as a/an, your role, persona, in the voice of…)' },
  persona: { read: (f) => f.hits.persona, doc: 'persona nouns (engineer, teacher, analyst, editor, auditor, researcher… ~70)' },
  expertise: { read: (f) => f.hits.expertise, doc: 'expertise words (senior, experienced, years, PhD, specializing, expert…)' },
  plan_word: { read: (f) => f.hits.plan_word, doc: 'plan words (plan, outline, break down, approach, process, "numbered steps"…)' },
  // Distinct phrases of a category: a second kind says more than the same word twice.
  audience_kinds: { read: (f) => f.distinct.audience, doc: 'distinct audience phrases (audience, readers, students, beginners, stakeholders, for a…, aimed at…)' },
  purpose_kinds: { read: (f) => f.distinct.purpose, doc: 'distinct purpose phrases (so that, in order to, because, the goal is, will be used, outcome…)' },
  scope_kinds: { read: (f) => f.distinct.scope, doc: 'distinct scope words (only, exactly, specifically, per, each, focus on, excluding…)' },
  format_kinds: {
    read: (f) => f.distinct.format,
    doc: 'distinct named formats (JSON, table, markdown, CSV, YAML, list, bullets, numbered steps, subject line, schema, sections, code block, diff…)',
  },
  example_hits: { read: (f) => f.hits.example_marker, doc: 'example markers, every occurrence' },
  example_kinds: { read: (f) => f.distinct.example_marker, doc: 'distinct example markers (e.g., for example, for instance, such as, sample, example)' },
  step_word_kinds: { read: (f) => f.distinct.step_word, doc: 'distinct ordering words (first, then, next, finally, before, step…)' },
  reasoning_kinds: {
    read: (f) => f.distinct.reasoning,
    doc: 'distinct reasoning instructions (think, reason, step by step, justify, verify, consider, trade-offs, edge cases, assumptions…)',
  },
  rule_kinds: { read: (f) => f.distinct.must + f.distinct.must_not, doc: 'distinct must and must-not phrases together' },
  interaction_kinds: {
    read: (f) => f.distinct.interaction,
    doc: 'distinct interaction-contract phrases (I will…, you reply…, each turn, one at a time, wait for, until I say, stay in character…)',
  },
  user_contract_kinds: {
    read: (f) => (userTurn(f) ? f.distinct.interaction : 0),
    doc: 'distinct interaction-contract phrases, counted only when the user states their side of it (I will…, I type…, when I…, my first request…): a two-sided contract, which a scaffold\'s "respond with" is not',
  },
  conditional_kinds: { read: (f) => f.distinct.conditional, doc: 'distinct condition words (if, when, unless, otherwise, in case…): rules for edge cases' },
  must_not_kinds: { read: (f) => f.distinct.must_not, doc: 'distinct must-not phrases' },
  limit_kinds: { read: (f) => f.distinct.limit_word, doc: 'distinct limit words' },
  output_instruction_kinds: { read: (f) => f.distinct.format_label, doc: 'distinct output instructions, in labels or plain words (reply only with, each reply, nothing else, end with…)' },
  background_hits: { read: (f) => f.hits.background, doc: 'background words, every occurrence' },
  role_expertise_kinds: { read: (f) => (f.hits.role_phrase > 0 ? f.distinct.expertise : 0), doc: 'distinct expertise words, counted only with a role phrase' },
  // Words, names and numbers (text/features.ts).
  words: { read: (f) => f.words, doc: 'words, once slots, list markers and placeholder fillers are dropped' },
  numbers: { read: (f) => f.numbers, doc: 'numbers' },
  named_things: {
    read: (f) => f.entities + f.identifiers,
    doc: 'named entities (capitalized words not opening a sentence, acronyms like USDC, Q3) and code identifiers (snake_case, camelCase, v18, erc20)',
  },
  inline_facts: { read: (f) => f.numbers + f.entities + f.identifiers + f.quantLimits, doc: 'concrete facts given inline: numbers, names, identifiers and quantified limits together' },
  quant_limits: {
    read: (f) => f.quantLimits,
    doc: 'quantified limits: a number next to a unit (words, items, minutes, servings, people, kg, characters…) or after a limit word (under 5, at most 3, no more than 200) or "for" ("for 4"); so "30-minute" and "under 200 words" count',
  },
  domain_kinds: { read: (f) => f.domainKinds, doc: 'distinct domain kinds of the vertical (lexicon/verticals.ts)' },
  domain_repeats: { read: (f) => f.domainHits - f.domainKinds, doc: 'domain hits beyond the first of each kind' },
  domain_terms: { read: (f) => f.domainTerms, doc: 'distinct domain phrases of the vertical (repeating one term does not count twice)' },
  content_words: { read: (f) => f.contentDistinct, doc: 'distinct content words: neither stopwords nor lexicon words, so rubric vocabulary adds nothing' },
  task_labels: { read: (f) => countIn(TASK_LABELS, f.lines.labels), doc: 'a Task:, Goal:, Objective: or Instruction(s): label' },
  long_words: { read: (f) => f.longContent, doc: 'distinct content words of 8+ letters: technical terms and names of concrete things' },
  question: {
    read: (f) => flag(f.lines.questionMarks > 0 || f.opensAsQuestion),
    doc: 'a question: a question mark, or the prompt opens with a question word (what, how, why, is, can…)',
  },
  short_concrete_ask: {
    read: (f) => flag(f.words <= SHORT_ASK_WORDS && (f.lines.questionMarks > 0 || f.opensAsQuestion || f.hits.imperative > 0) && f.contentDistinct >= 2),
    doc: `a short request (${SHORT_ASK_WORDS} words at most), a question or an imperative, that names at least two concrete things`,
  },
  named_question: {
    read: (f) => flag(namedQuestion(f)),
    doc: `a plain question of 3 to ${NAMED_QUESTION_WORDS} words (no slots, vague words or role) that names a concrete thing: a name, an identifier, a number, a domain term or a long technical word ("What is the Peter principle?", "Best time of year to visit Lisbon?")`,
  },
  vagueness: {
    read: (f) => (f.words === 0 ? 0 : (100 * (f.hits.vague + f.hits.hedge + fillerOf(f) + qualityClaimsOf(f))) / Math.max(f.words, VAGUENESS_MIN_WORDS)),
    doc: `vague words, hedges, filler and quality claims per 100 words (counted over at least ${VAGUENESS_MIN_WORDS} words, so one "best" in a 7-word question is not a vague prompt)`,
  },
  slots: { read: (f) => f.slots, doc: 'unfilled template slots ([audience], <topic>, {name}, [... e.g. ...]): text the user has not written yet' },
  // Proximity (text/proximity.ts).
  task_statements: {
    read: (f) => f.taskStatements,
    doc: `named tasks: an imperative (or weak) verb followed within ${NEAR_TASK} words by a deliverable or a domain term`,
  },
  named_task: { read: (f) => f.taskStatements + f.hits.deliverable, doc: 'a named task or a deliverable noun' },
  vague_tasks: { read: (f) => f.vagueTasks, doc: `an imperative followed within ${NEAR_VAGUE} words by a vague word ("write something")` },
  persona_in_role: { read: (f) => f.personaInRole, doc: `a persona noun within ${NEAR_ROLE} words after a role phrase` },
  role_named: {
    read: (f) => f.roleNamed,
    doc: `a role phrase followed within ${NEAR_ROLE_NOUN} words by a word that names the role ("act as an interviewer", "be my astronomer friend", "you'll play Marta")`,
  },
  role_domain: { read: (f) => f.roleDomain, doc: `a domain term of the vertical within ${NEAR_ROLE_DOMAIN} words after a role phrase` },
  contradictions: {
    read: (f) => f.contradictions,
    doc: 'conflicting pairs: brevity (concise, briefly, succinct…) with verbosity (detailed, comprehensive, in depth…), formal with casual or slang',
  },
  opening_role: {
    read: (f) => flag(f.openingRole && f.hits.quality_claim === 0 && f.distinct.expertise < 2),
    doc: `the prompt opens (a role phrase within its first ${OPENING_ROLE + 1} words) with a plainly named role: "You are a tax accountant.", "I want you to act as a chef"; not with quality claims or stacked expertise words anywhere ("a world-class strategist with decades of experience" is hype, not a role)`,
  },
  requirement_kinds: {
    read: (f) => f.distinct.must + f.distinct.must_not + f.distinct.limit_word + f.distinct.scope + f.distinct.format + f.distinct.format_label,
    doc: 'distinct stated requirements: must and must-not phrases, limit and scope words, named formats and output instructions together',
  },
  vague_or_hedge: { read: (f) => f.hits.vague + f.hits.hedge, doc: 'vague words and hedges together' },
  // Layout (text/lines.ts): hollow labels, headings and list items are never counted.
  organized_lines: {
    read: (f) => f.lines.numberedLines + f.lines.bulletLines + f.lines.headingLines + f.lines.labelLines,
    doc: 'organized lines: numbered, bullet, heading and Label: lines',
  },
  numbered_lines: { read: (f) => f.lines.numberedLines, doc: 'numbered lines' },
  bullet_lines: { read: (f) => f.lines.bulletLines, doc: 'bullet lines' },
  sections: { read: (f) => flag(f.lines.labelLines >= 3 || f.lines.headingLines >= 2), doc: 'named sections: 3+ Label: lines or 2+ headings' },
  repeated_sentences: { read: (f) => f.lines.repeatedSentences, doc: 'repeated sentences (12+ chars seen before)' },
  low_diversity: {
    read: (f) => flag(lowDiversity(f)),
    doc: `${LOW_DIVERSITY_MIN_WORDS}+ words with under ${LOW_DIVERSITY_SHARE * 100}% distinct words`,
  },
  repetition: { read: (f) => flag(f.lines.repeatedSentences > 0 || lowDiversity(f)), doc: 'repeated sentences or low word diversity' },
  given_material: {
    read: (f) => flag(f.lines.introducedBlocks > 0 || f.lines.codeFences >= 2 || f.lines.quotePairs - f.lines.jsonKeys >= 1),
    doc: 'given material: a block after a line ending in ":" (not after an output, format, steps, rules or example label), two code fences, or a quoted passage (quotes around JSON keys are an output schema, not material)',
  },
  bare_ask: {
    read: (f) => flag(f.lines.firstLineWords <= BARE_ASK_WORDS && f.words >= BARE_ASK_MATERIAL_WORDS && f.lines.labelLines === 0 && f.lines.headingLines === 0),
    doc: `a bare ask over pasted material: a first line of ${BARE_ASK_WORDS} words at most ("thoughts?", "make this better", "summarize") above ${BARE_ASK_MATERIAL_WORDS}+ words, with no labels or headings`,
  },
  material_marks: { read: (f) => f.lines.introducedBlocks + f.lines.codeFences + f.lines.quotePairs, doc: 'blocks after a ":" line, code fences and quote pairs' },
  quoted_or_fenced: { read: (f) => f.lines.quotePairs + f.lines.codeFences, doc: 'quoted text or a code fence' },
  schema: {
    read: (f) => flag(f.lines.jsonKeys >= 2 || f.lines.tableLines >= 2 || (f.lines.codeFences >= 2 && f.distinct.format > 0)),
    doc: 'a schema or skeleton: 2+ "key": pairs, 2+ table rows, or a fenced block with a named format',
  },
  sized_format: { read: (f) => flag(f.quantLimits > 0 && f.distinct.format > 0), doc: 'a named format with a quantified limit ("3 bullets")' },
  io_pair: {
    read: (f) => flag(countIn(f.lines.labels, IO_LABELS) >= 2 || (f.lines.arrows > 0 && f.hits.example_marker > 0)),
    doc: 'an input/output pair: two labels such as Input:/Output:, Q:/A:, Before:/After:, or an arrow (->, =>) with an example marker',
  },
  few_shot: {
    read: (f) => flag(f.hits.example_marker >= 2 && (f.lines.labelLines >= 2 || f.lines.codeFences >= 2 || f.lines.numberedLines >= 2)),
    doc: 'few-shot: 2+ example markers with 2+ labelled lines, fenced blocks or numbered lines',
  },
  samples: { read: (f) => flag(f.lines.quotePairs > 0 || f.lines.codeFences >= 2), doc: 'a quoted sample or a pair of code fences' },
  quote_pairs: { read: (f) => f.lines.quotePairs, doc: 'quoted passages (pairs of quotes or backticks)' },
  example_labels: { read: (f) => f.lines.exampleLabels, doc: 'filled labels or headings naming an example or sample ("Example:", "Sample reply:")' },
  example_blocks: { read: (f) => f.lines.exampleBlocks, doc: 'blocks after a line that ends in ":" and announces an example ("Here is a sample reply:", "Must match:")' },
  arrows: { read: (f) => f.lines.arrows, doc: 'arrows (->, =>, →): an input mapped to an output' },
  turn_lines: { read: (f) => f.lines.turnLines, doc: 'lines under a speaker label ("Me: …", "You: …", "Student: …"): turns of a sample dialogue' },
  cued_quotes: { read: (f) => f.lines.cuedQuotes, doc: 'quoted passages announced as instances (like "…", e.g. "…", must become "…", reply with "…"): sample phrases' },
  listed_instances: {
    read: (f) => f.lines.listedInstances,
    doc: 'parentheses listing instances ("(a rock, a crack in the ground, steam)", "(e.g. e4, Nf3)"): example fragments',
  },
  dialogue: {
    read: (f) => f.lines.recurringLabelLines,
    doc: 'lines under a label used twice or more ("Student: … / You: …", "EN: …"): dialogue turns or a repeated template',
  },
} satisfies Record<string, SignalDef>;

type MeasureId = 'stuffing' | 'substance' | 'rubric_stuffing';

export type SignalId = keyof typeof FROM_FEATURES | MeasureId;

/** Anti-gaming measures (gate.ts; numbers in ANTI_GAMING), read after the signals above, in this order. */
const MEASURES: Readonly<Record<MeasureId, SignalDef>> = {
  stuffing: { read: (f) => stuffing(f.rubricHits, f.words), doc: 'stuffing, the density of rubric words, 0..1 (see Anti-gaming)' },
  substance: {
    read: (_, v) => substance(sumTerms(SUBSTANCE_TERMS, v), v[SIG.stuffing] as number),
    doc: 'substance, how concretely the task is stated, 0..1 (see Anti-gaming)',
  },
  rubric_stuffing: {
    read: (f, v) => rubricStuffing(f.rubricHits, v[SIG.substance] as number, v[SIG.stuffing] as number),
    doc: 'rubric words over a vague task, plus their density (see Anti-gaming)',
  },
};

export const SIGNALS: Readonly<Record<SignalId, SignalDef>> = { ...FROM_FEATURES, ...MEASURES };

const IDS = Object.keys(SIGNALS) as SignalId[];
const READERS: readonly SignalDef['read'][] = IDS.map((id) => SIGNALS[id].read);

/** Each signal's position in a SignalValues vector. */
export const SIG: SignalIndex = Object.fromEntries(IDS.map((id, i) => [id, i])) as SignalIndex;

const SUBSTANCE_TERMS = compileTerms(ANTI_GAMING.substance.terms, SIG);

/**
 * A vector to copy per prompt. Filled with a non-integer so V8 stores it as unboxed doubles: a
 * copy is one memcpy, cheaper than a fresh Float64Array of this size (allocated off-heap).
 */
const BLANK: readonly number[] = READERS.map(() => 0.5);

/** Every signal of one prompt, in SIGNALS order (a measure reads the signals before it). */
export function readSignals(f: Features): SignalValues {
  const v = BLANK.slice();
  for (let i = 0; i < READERS.length; i++) v[i] = (READERS[i] as SignalDef['read'])(f, v);
  return v;
}
