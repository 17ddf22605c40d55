// top_fixes: one concrete action per weak dimension, built from what that dimension reported
// missing, a quotation of this prompt, words found in it, and an example fitting the deliverable the
// prompt names (lexicon/deliverables.ts), or the vertical profile when none is recognised.
import type { DimensionName, Vertical } from '../schemas/common.js';
import type { MissingId } from './dimensions/index.js';
import { specFor, type DeliverableSpec } from './lexicon/deliverables.js';
import { PROFILES, type VerticalProfile } from './lexicon/profiles.js';
import { foundPhrases, type Features } from './text/features.js';

/** What fits this prompt's output: its deliverable's spec, else the vertical's defaults. */
interface Advice extends DeliverableSpec {
  /** Whether a deliverable was recognised ("the output" and vertical defaults otherwise). */
  readonly known: boolean;
  readonly exampleInput: string;
  readonly exampleOutput: string;
}

interface FixInput {
  readonly ex: string;
  readonly v: Vertical;
  readonly p: VerticalProfile;
  readonly a: Advice;
  readonly f: Features;
}

export function adviceFor(key: string, p: VerticalProfile): Advice {
  const d: DeliverableSpec | null = specFor(key);
  if (d === null) {
    return {
      noun: 'the output', known: false, persona: p.persona, limit: p.limit, format: p.format, must: p.must, mustNot: p.mustNot,
      details: p.specifics, input: p.material, check: p.steps[3], exampleInput: p.exampleInput, exampleOutput: p.exampleOutput,
    };
  }
  const noun = `the ${d.noun}`;
  const persona = d.subjectNeutral && p !== PROFILES.general ? p.persona : d.persona;
  return {
    noun, known: true, persona, limit: d.limit, format: d.format, must: d.must, mustNot: d.mustNot,
    details: d.details, input: d.input, check: d.check, exampleInput: `<one sample of ${d.input}>`, exampleOutput: `<${noun} you would expect for it>`,
  };
}

/** Advice is plain data fixed by (deliverable key, profile): built once per pair, then reused. */
const ADVICE_CACHE = new Map<VerticalProfile, Map<string, Advice>>();

function cachedAdvice(key: string, p: VerticalProfile): Advice {
  let byKey = ADVICE_CACHE.get(p);
  if (byKey === undefined) ADVICE_CACHE.set(p, (byKey = new Map()));
  let a = byKey.get(key);
  if (a === undefined) byKey.set(key, (a = adviceFor(key, p)));
  return a;
}

type FixTemplate = (i: FixInput) => string;

const quoteList = (words: readonly string[]): string => words.map((w) => `"${w}"`).join(', ');

const vagueFix: FixTemplate = ({ ex, a, f }) =>
  `Replace the vague wording in ${ex} (${quoteList(foundPhrases(f, ['vague', 'hedge'], 3))}) with specifics: ${a.details}.`;

/**
 * Per dimension: a template for every missing-signal id its table can report (a missing or
 * misspelt id fails the type check), plus '' for when nothing is missing.
 */
type Templates = { readonly [D in DimensionName]: Readonly<Record<MissingId<D> | '', FixTemplate>> };

const TEMPLATES: Templates = {
  clarity: {
    contradiction: ({ ex, a, f }) =>
      `Resolve the conflicting instructions in ${ex} (${quoteList(foundPhrases(f, ['brevity', 'verbosity', 'formal', 'informal'], 2))}) by keeping one, e.g. "${a.limit}".`,
    task_verb: ({ ex, a, p }) => a.known
      ? `Start ${ex} with one imperative verb that names ${a.noun}, e.g. "Write ${a.noun.replace(/^the /, 'a ')} about <topic> for <audience>".`
      : `Start ${ex} with one imperative verb and the deliverable, e.g. "${p.task}".`,
    deliverable: ({ ex, v, a, p }) => a.known
      ? `Say exactly what ${a.noun} in ${ex} must contain: ${a.details}.`
      : `Name the concrete ${v} deliverable ${ex} should produce, e.g. "${p.task}".`,
    vague_words: vagueFix,
    repetition: ({ ex, a }) => `Cut the repeated sentences in ${ex} and state the task once, with ${a.details}.`,
    stuffing: ({ ex, a, f }) =>
      `Swap the generic rubric words in ${ex} (${quoteList(foundPhrases(f, ['expertise', 'reasoning', 'quality_claim'], 3))}) for what ${a.noun} needs: ${a.details}.`,
    organize: ({ ex }) => `Split ${ex} into labelled parts (Task, Context, Constraints, Output format) so each instruction stands on its own line.`,
    '': ({ ex, a }) => `Keep ${ex} to one task per sentence and name ${a.details}.`,
  },
  specificity: {
    domain_terms: ({ ex, v, a }) => `Add the ${a.known ? '' : `${v} `}details ${ex} leaves out: ${a.details}.`,
    numbers: ({ ex, a }) => `Put numbers on ${ex} (how many, how long, which period), e.g. "${a.limit}".`,
    names: ({ ex, a }) => `Name the exact things ${ex} is about: ${a.details}.`,
    scope: ({ ex, a }) => `Narrow the scope of ${ex} with "only" or "focus on": ${a.details}.`,
    vague_words: vagueFix,
    '': ({ ex, a }) => `Pin ${ex} to exact values: ${a.details}.`,
  },
  context: {
    audience: ({ ex, v, a, p }) => a.known
      ? `Say who ${a.noun} in ${ex} is for and what they already know, e.g. "Audience: <who reads ${a.noun}>".`
      : `Say who the ${v} output of ${ex} is for, e.g. "Audience: ${p.audience}".`,
    purpose: ({ ex, a, p }) => a.known
      ? `State what ${a.noun} in ${ex} is for, e.g. "Goal: <what should happen after someone reads ${a.noun}>".`
      : `State why ${ex} is needed, e.g. "Goal: ${p.purpose}".`,
    material: ({ ex, a }) => `Paste the material ${ex} depends on under a "Context:" line: ${a.input}.`,
    background: ({ ex, a }) => `Add one line of background to ${ex}: your situation and what you already have, e.g. ${a.input}.`,
    '': ({ ex, a }) => `Add the decision or use ${a.noun} in ${ex} feeds into.`,
  },
  constraints: {
    limit: ({ ex, a }) => `Give ${ex} a measurable limit that fits ${a.noun}, e.g. "${a.limit}".`,
    must_not: ({ ex, a }) => `Say what ${ex} must avoid, e.g. "${a.mustNot}".`,
    must: ({ ex, a }) => `Add a hard requirement to ${ex}, e.g. "${a.must}".`,
    tone: ({ ex, a, p }) => `Set the tone of ${a.noun} in ${ex}, e.g. "Use ${p.tone}".`,
    scope: ({ ex, a }) => `Bound what ${ex} covers: ${a.details}, and nothing else.`,
    '': ({ ex, a }) => `Add one more rule to ${ex}, e.g. "${a.must}".`,
  },
  output_format: {
    format: ({ ex, a }) => `Specify the shape of ${a.noun} in ${ex}, e.g. "Respond with ${a.format}".`,
    schema: ({ ex, a, p }) => a.known
      ? `Show the exact shape expected from ${ex}: ${a.format}.`
      : `Show the exact shape expected from ${ex}, e.g. ${p.schema.replace(/\n/g, ' / ')}.`,
    format_label: ({ ex, a }) => `Add an explicit "Output format:" line to ${ex}, e.g. "Output format: ${a.format}".`,
    sections: ({ ex, a }) => `Name the parts ${a.noun} in ${ex} must have, e.g. ${a.format}.`,
    '': ({ ex, a }) => `Fix the length of each part of ${a.noun} in ${ex}, e.g. "${a.limit}".`,
  },
  role_definition: {
    role_line: ({ ex, a }) => `Open ${ex} with a role line, e.g. "You are ${a.persona}."`,
    persona: ({ ex, a }) => `Make the role in ${ex} a specific persona, e.g. "You are ${a.persona}."`,
    expertise: ({ ex, a }) => `Give the role in ${ex} the expertise ${a.noun} needs, e.g. "You are ${a.persona}."`,
    specialty: ({ ex, a }) => `Tie the role in ${ex} to the task itself, e.g. "You are ${a.persona}."`,
    '': ({ ex, a }) => `Say what the persona in ${ex} cares about, e.g. "You are ${a.persona}; ${lowerFirst(a.must)}."`,
  },
  examples: {
    io_pair: ({ ex, a }) => `Add an input/output pair to ${ex}, e.g. "Input: ${a.exampleInput}" and "Output: ${a.exampleOutput}".`,
    example_marker: ({ ex, a }) => `Show one sample of the result you expect from ${ex}, e.g. "For example: ${a.exampleOutput}".`,
    few_shot: ({ ex, a }) => `Add a second labelled example to ${ex} so the pattern is clear, e.g. "Example 2: ${a.exampleInput} -> ${a.exampleOutput}".`,
    sample: ({ ex, a }) => `Quote a real sample in ${ex} between quotes or a code fence: ${a.input}.`,
    '': ({ ex, a }) => `Add a counter-example to ${ex} showing what a wrong ${a.noun.replace(/^the /, '')} looks like.`,
  },
  cot_structure: {
    numbered_steps: ({ ex, a }) => `Break ${ex} into numbered steps, e.g. "1. Restate the task. 2. Draft ${a.noun}. 3. ${a.check}."`,
    reasoning: ({ ex, a }) => `Ask for a check before the final answer to ${ex}, e.g. "${a.check}, and explain your reasoning."`,
    ordering: ({ ex, a }) => `Order the work in ${ex} with first/then/finally, e.g. "First draft ${a.noun}, then ${lowerFirst(a.check)}."`,
    plan: ({ ex, a }) => `Ask for a short plan before ${a.noun} in ${ex}, e.g. "Outline the parts first: ${a.format}."`,
    '': ({ ex, a }) => `End ${ex} with a verification step, e.g. "${a.check}."`,
  },
};

export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** The fix for the dimension's first missing signal, or its default when nothing is missing. */
export function fixFor<D extends DimensionName>(
  dim: D,
  missing: readonly MissingId<D>[],
  input: { ex: string; v: Vertical; f: Features },
): string {
  const table: Readonly<Record<MissingId<D> | '', FixTemplate>> = TEMPLATES[dim];
  const template = table[missing[0] ?? ''];
  const p = PROFILES[input.v];
  return template({ ex: input.ex, v: input.v, f: input.f, p, a: cachedAdvice(input.f.deliverableKey, p) });
}
