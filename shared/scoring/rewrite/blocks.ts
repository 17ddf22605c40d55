// Building blocks the rewriter adds around the user's own words, one per dimension it can lift.
// Text comes from the vertical profile; placeholders in [brackets] are for the user to fill.
import type { DimensionName } from '../../schemas/common.js';
import type { VerticalProfile } from '../lexicon/profiles.js';

export type Block = 'role' | 'context' | 'constraints' | 'format' | 'steps' | 'example';

/** Which block lifts which dimension (clarity and specificity rise with the task framing). */
export const BLOCK_FOR: Readonly<Record<DimensionName, Block | null>> = {
  clarity: null,
  specificity: 'context',
  context: 'context',
  constraints: 'constraints',
  output_format: 'format',
  role_definition: 'role',
  examples: 'example',
  cot_structure: 'steps',
};

export const roleLine = (p: VerticalProfile): string => `You are ${p.persona}.`;

export const contextLines = (p: VerticalProfile): string[] => [
  `Audience: ${p.audience}.`,
  `Goal: ${p.purpose}.`,
  `Material: [paste ${p.material} here].`,
  `Details to state: ${p.specifics}.`,
];

export const constraintLines = (p: VerticalProfile): string[] => [
  `${p.must}.`,
  `${p.mustNot}.`,
  `${p.limit}.`,
  `Use ${p.tone}.`,
];

export const formatLine = (p: VerticalProfile): string => `Respond with ${p.format}.`;

export const stepLines = (p: VerticalProfile): string[] => [
  ...p.steps.map((s, i) => `${i + 1}. ${s}.`),
  `${p.steps.length + 1}. Before answering, verify the result against the constraints and explain your reasoning in one line.`,
];

export const exampleLines = (p: VerticalProfile): string[] => [
  `Input: ${p.exampleInput}`,
  `Output: ${p.exampleOutput}`,
];

export const bullets = (lines: readonly string[]): string => lines.map((l) => `- ${l}`).join('\n');
