// top_fixes: one concrete action per weak dimension, built from what that dimension reported
// missing, a quotation of this prompt, words found in it, and an example from the vertical profile.
import type { DimensionName, Vertical } from '../schemas/common.js';
import { PROFILES, type VerticalProfile } from './lexicon/profiles.js';
import { foundPhrases, type Features } from './text/features.js';

interface FixInput {
  readonly ex: string;
  readonly v: Vertical;
  readonly p: VerticalProfile;
  readonly f: Features;
}

type FixTemplate = (i: FixInput) => string;

const quoteList = (words: readonly string[]): string => words.map((w) => `"${w}"`).join(', ');

const vagueFix: FixTemplate = ({ ex, p, f }) =>
  `Replace the vague wording in ${ex} (${quoteList(foundPhrases(f, ['vague', 'hedge'], 3))}) with specifics: ${p.specifics}.`;

/** Per dimension: templates keyed by the missing-signal id, plus a default when nothing is missing. */
const TEMPLATES: Readonly<Record<DimensionName, Readonly<Record<string, FixTemplate>>>> = {
  clarity: {
    contradiction: ({ ex, p, f }) =>
      `Resolve the conflicting instructions in ${ex} (${quoteList(foundPhrases(f, ['brevity', 'verbosity', 'formal', 'informal'], 2))}) by keeping one, e.g. "${p.limit}".`,
    task_verb: ({ ex, p }) => `Start ${ex} with one imperative verb and the deliverable, e.g. "${p.task}".`,
    deliverable: ({ ex, v, p }) => `Name the concrete ${v} deliverable ${ex} should produce, e.g. "${p.task}".`,
    vague_words: vagueFix,
    repetition: ({ ex, p }) => `Cut the repeated sentences in ${ex} and state the task once, e.g. "${p.task}".`,
    stuffing: ({ ex, p, f }) =>
      `Swap the generic rubric words in ${ex} (${quoteList(foundPhrases(f, ['expertise', 'reasoning', 'quality_claim'], 3))}) for the actual task, e.g. "${p.task}".`,
    organize: ({ ex }) => `Split ${ex} into labelled parts (Task, Context, Constraints, Output format) so each instruction stands on its own line.`,
    '': ({ ex, p }) => `Keep ${ex} to one task per sentence, as in "${p.task}".`,
  },
  specificity: {
    domain_terms: ({ ex, v, p }) => `Add the ${v} details ${ex} leaves out: ${p.specifics}.`,
    numbers: ({ ex, p }) => `Put numbers on ${ex} (how many, how long, which period), e.g. "${p.limit}".`,
    names: ({ ex, p }) => `Name the exact things ${ex} is about (products, files, people, tickers), e.g. "${p.exampleInput}".`,
    scope: ({ ex, p }) => `Narrow the scope of ${ex} with "only" or "focus on", e.g. "Cover only ${p.exampleInput}".`,
    vague_words: vagueFix,
    '': ({ ex, p }) => `Pin ${ex} to exact values: ${p.specifics}.`,
  },
  context: {
    audience: ({ ex, v, p }) => `Say who the ${v} output of ${ex} is for, e.g. "Audience: ${p.audience}".`,
    purpose: ({ ex, p }) => `State why ${ex} is needed, e.g. "Goal: ${p.purpose}".`,
    material: ({ ex, p }) => `Paste the material ${ex} depends on under a "Context:" line: ${p.material}.`,
    background: ({ ex, p }) => `Add one line of background to ${ex}: your situation and what you already have, e.g. ${p.material}.`,
    '': ({ ex, p }) => `Add the decision ${ex} feeds into, e.g. "so that ${p.purpose}".`,
  },
  constraints: {
    limit: ({ ex, p }) => `Give ${ex} a measurable limit, e.g. "${p.limit}".`,
    must_not: ({ ex, p }) => `Say what ${ex} must avoid, e.g. "${p.mustNot}".`,
    must: ({ ex, p }) => `Add a hard requirement to ${ex}, e.g. "${p.must}".`,
    tone: ({ ex, p }) => `Set the tone for ${ex}, e.g. "Use ${p.tone}".`,
    scope: ({ ex, p }) => `Bound what ${ex} covers, e.g. "Focus only on ${p.exampleInput}".`,
    '': ({ ex, p }) => `Add one more rule to ${ex}, e.g. "${p.must}".`,
  },
  output_format: {
    format: ({ ex, p }) => `Specify the output format of ${ex}, e.g. "Respond with ${p.format}".`,
    schema: ({ ex, p }) => `Show the exact shape expected from ${ex}, e.g. ${p.schema.replace(/\n/g, ' / ')}.`,
    format_label: ({ ex, p }) => `Add an explicit "Output format:" line to ${ex}, e.g. "Output format: ${p.format}".`,
    sections: ({ ex, p }) => `Name the sections the answer to ${ex} must have, e.g. ${p.format}.`,
    '': ({ ex, p }) => `Fix the length of each part of the answer to ${ex}, e.g. ${p.format}.`,
  },
  role_definition: {
    role_line: ({ ex, p }) => `Open ${ex} with a role line, e.g. "You are ${p.persona}."`,
    persona: ({ ex, p }) => `Make the role in ${ex} a specific persona, e.g. "You are ${p.persona}."`,
    expertise: ({ ex, v }) => `Give the role in ${ex} concrete ${v} expertise, e.g. "with 10 years of experience" and the area it specializes in.`,
    specialty: ({ ex, v, p }) => `Tie the role in ${ex} to the ${v} task itself, e.g. "You are ${p.persona}."`,
    '': ({ ex, p }) => `Say what the persona in ${ex} cares about, e.g. "You are ${p.persona}, writing for ${p.audience}."`,
  },
  examples: {
    io_pair: ({ ex, p }) => `Add an input/output pair to ${ex}, e.g. "Input: ${p.exampleInput}" and "Output: ${p.exampleOutput}".`,
    example_marker: ({ ex, p }) => `Show one sample of the result you expect from ${ex}, e.g. "For example: ${p.exampleOutput}".`,
    few_shot: ({ ex, p }) => `Add a second labelled example to ${ex} so the pattern is clear, e.g. "Example 2: ${p.exampleInput} -> ${p.exampleOutput}".`,
    sample: ({ ex, p }) => `Quote a real sample in ${ex} between quotes or a code fence, e.g. "${p.exampleInput}".`,
    '': ({ ex, p }) => `Add a counter-example to ${ex} showing what a wrong answer looks like next to "${p.exampleOutput}".`,
  },
  cot_structure: {
    numbered_steps: ({ ex, p }) => `Break ${ex} into numbered steps, e.g. "1. ${p.steps[0]}. 2. ${p.steps[1]}. 3. ${p.steps[2]}."`,
    reasoning: ({ ex, p }) => `Ask for a check before the final answer to ${ex}, e.g. "${p.steps[3]}, and explain your reasoning."`,
    ordering: ({ ex, p }) => `Order the work in ${ex} with first/then/finally, e.g. "First ${lowerFirst(p.steps[0])}, then ${lowerFirst(p.steps[2])}."`,
    plan: ({ ex, p }) => `Ask for a short plan before the answer to ${ex}, e.g. "Outline your approach: ${lowerFirst(p.steps[1])}."`,
    '': ({ ex, p }) => `End ${ex} with a verification step, e.g. "${p.steps[3]}."`,
  },
};

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

export function fixFor(
  dim: DimensionName,
  missing: readonly string[],
  input: { ex: string; v: Vertical; f: Features },
): string {
  const table = TEMPLATES[dim];
  const id = missing.find((m) => table[m] !== undefined) ?? '';
  const template = table[id] ?? table[''];
  return template ? template({ ...input, p: PROFILES[input.v] }) : `Improve ${dim} in ${input.ex}.`;
}
