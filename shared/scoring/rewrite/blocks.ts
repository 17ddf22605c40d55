// Building blocks the rewriter adds around the user's own words, one per dimension it can lift.
// Every block is phrased around the user's task: the deliverable it names (lexicon/deliverables.ts)
// supplies the persona, the limit and the shape that fit it; what only the user knows (audience,
// purpose, material, a sample) is a neutral slot such as "[audience]" that scores nothing until
// it is filled. No block carries example content from another task.
import type { DimensionName, Vertical } from '../../schemas/common.js';
import { adviceFor, lowerFirst } from '../fixes.js';
import type { DeliverableSpec } from '../lexicon/deliverables.js';
import { PROFILES } from '../lexicon/profiles.js';

export type Block = 'deliverable' | 'role' | 'context' | 'constraints' | 'format' | 'steps' | 'example';

/** Which block lifts which dimension. */
export const BLOCK_FOR: Readonly<Record<DimensionName, Block | null>> = {
  clarity: 'deliverable',
  specificity: 'context',
  context: 'context',
  constraints: 'constraints',
  output_format: 'format',
  role_definition: 'role',
  examples: 'example',
  cot_structure: 'steps',
};

/** The phrases one rewrite uses, derived once from the prompt's deliverable (or the vertical). */
export interface Parts extends DeliverableSpec {
  /** Whether a deliverable was recognised (else the phrases are the vertical's defaults). */
  readonly known: boolean;
}

const GENERIC_PERSONA: Readonly<Record<Vertical, string>> = {
  software: 'an experienced software engineer', content: 'an experienced writer and editor',
  business: 'an experienced business analyst', education: 'an experienced teacher', science: 'an experienced scientist',
  crypto: 'an experienced on-chain analyst', research: 'an experienced academic researcher',
  general: 'an experienced, practical assistant',
};

export function partsFor(deliverableKey: string, vertical: Vertical): Parts {
  const a = adviceFor(deliverableKey, PROFILES[vertical]);
  if (a.known) return a;
  // No recognised deliverable: only task-neutral wording, with slots for what the user must decide.
  return {
    noun: 'the answer', known: false, persona: GENERIC_PERSONA[vertical],
    limit: '[length limit]', format: 'a direct answer first, then the supporting points as a bulleted list',
    must: 'Answer exactly what the task asks, using only the material given',
    mustNot: 'Do not add topics, examples or advice the task does not ask for',
    details: '[the details that matter: names, numbers, versions, dates]', input: '[paste the material here]',
    check: 'Re-read the task and confirm every part of it is answered',
  };
}

/** Clarity cannot be fixed by rewording the user's text, so it asks for the exact deliverable. */
export const deliverableLine = (x: Parts): string =>
  x.known ? `Deliverable: ${x.noun}, stating [${x.details}].` : 'Deliverable: [name exactly what to produce].';

export const roleLine = (x: Parts): string => `You are ${x.persona}.`;

export const contextLines = (x: Parts): string[] => [
  'Audience: [audience].',
  `Purpose: [what ${x.noun} is for].`,
  `Material: [${x.input.replace(/^\[|\]$/g, '')}].`,
];

export const constraintLines = (x: Parts): string[] => [
  `Must: ${lowerFirst(x.must)}.`,
  `Must not: ${lowerFirst(x.mustNot.replace(/^do not /i, ''))}.`,
  `Length: ${x.limit}.`,
];

export const formatLine = (x: Parts): string => `Respond with ${x.format}.`;

export const stepLines = (x: Parts): string[] => [
  `1. Restate the task in one sentence and note what ${x.noun} must cover.`,
  `2. Outline ${x.noun} before writing it.`,
  `3. Write ${x.noun}, following the constraints.`,
  `4. ${x.check}; fix anything that fails before answering.`,
];

/** An example skeleton: slots the user fills with a real case of this task. */
export const exampleLines = (x: Parts): string[] => ['Input: [a sample input for this task]', `Output: [${x.noun} you expect for it]`];

export const bullets = (lines: readonly string[]): string => lines.map((l) => `- ${l}`).join('\n');
