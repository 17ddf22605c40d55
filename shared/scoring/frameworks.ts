// Framework sub-scores: plain means of dimension groups, one decimal.
// PEEM weighs structure, RAGAS grounding, G-Eval judged faithfulness (see SPEC.md).
import type { DimensionName, Dimensions, Frameworks } from '../schemas/common.js';

export type FrameworkName = keyof Frameworks;

export const FRAMEWORK_DIMENSIONS: Readonly<Record<FrameworkName, readonly DimensionName[]>> = {
  peem: ['clarity', 'output_format', 'role_definition', 'constraints'],
  ragas: ['context', 'specificity', 'examples'],
  geval: ['clarity', 'specificity', 'cot_structure', 'constraints'],
};

export const FRAMEWORK_LABELS: Readonly<Record<FrameworkName, { name: string; weighs: string }>> = {
  peem: { name: 'PEEM', weighs: 'structure' },
  ragas: { name: 'RAGAS', weighs: 'grounding' },
  geval: { name: 'G-Eval', weighs: 'judged faithfulness' },
};

function mean(d: Dimensions, names: readonly DimensionName[]): number {
  const sum = names.reduce((acc, n) => acc + d[n], 0);
  return Math.round((sum / names.length) * 10) / 10;
}

export function frameworksFor(d: Dimensions): Frameworks {
  return {
    peem: mean(d, FRAMEWORK_DIMENSIONS.peem),
    ragas: mean(d, FRAMEWORK_DIMENSIONS.ragas),
    geval: mean(d, FRAMEWORK_DIMENSIONS.geval),
  };
}
