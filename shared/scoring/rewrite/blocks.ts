// Building blocks the rewriter adds around the user's own words, one per dimension it can lift.
// Text comes from the vertical profile; placeholders in [brackets] are for the user to fill.
import type { DimensionName } from '../../schemas/common.js';
import type { VerticalProfile } from '../lexicon/profiles.js';

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

/** Clarity cannot be fixed by rewording the user's text, so it asks for the exact deliverable. */
export const deliverableLine = (p: VerticalProfile): string => `Deliverable: [name exactly what to produce, e.g. ${p.task}].`;

export const roleLine = (p: VerticalProfile): string => `You are ${p.persona}.`;

// Task-dependent parts are slots "[... e.g. ...]": the profile example guides, the user decides,
// so a haiku request is never silently turned into an 800-word blog post.
export const audienceSlot = (p: VerticalProfile): string => `[who will use it, e.g. ${p.audience}]`;
export const goalSlot = (p: VerticalProfile): string => `[what it is for, e.g. ${p.purpose}]`;
export const limitSlot = (p: VerticalProfile): string => `[your limit, e.g. ${lowerFirst(p.limit)}]`;

export const contextLines = (p: VerticalProfile): string[] => [
  `Audience: ${audienceSlot(p)}.`,
  `Goal: ${goalSlot(p)}.`,
  `Material: [paste ${p.material} here].`,
  `Details to state: ${p.specifics}.`,
];

export const constraintLines = (p: VerticalProfile): string[] => [
  `${p.must}.`,
  `${p.mustNot}.`,
  `Length: ${limitSlot(p)}.`,
  `Use ${p.tone}.`,
];

export const formatLine = (p: VerticalProfile): string => `Respond with [the output shape, e.g. ${p.format}].`;

export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

export const stepLines = (p: VerticalProfile): string[] => [
  ...p.steps.map((s, i) => `${i + 1}. ${s}.`),
  `${p.steps.length + 1}. Before answering, verify the result against the constraints and explain your reasoning in one line.`,
];

/** An example skeleton: the profile's pair shows the shape, the user swaps in a real case. */
export const exampleLines = (p: VerticalProfile): string[] => [
  `Input: [a real input, e.g. ${p.exampleInput}]`,
  `Output: [the result you expect, e.g. ${p.exampleOutput}]`,
];

export const bullets = (lines: readonly string[]): string => lines.map((l) => `- ${l}`).join('\n');
