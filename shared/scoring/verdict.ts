// One-sentence verdict: the weakest dimension, the framework that counts it (the lowest-scoring
// of those that include it), and why it is weak.
import type { DimensionName, Dimensions, Frameworks } from '../schemas/common.js';
import type { MissingId } from './dimensions/index.js';
import { FRAMEWORK_DIMENSIONS, FRAMEWORK_LABELS, type FrameworkName } from './frameworks.js';
import { STRONG_DIMENSION } from './thresholds.js';

/** Why a dimension is weak, per missing signal: every id a table can report has one. */
const REASONS: Readonly<Record<MissingId, string>> = {
  contradiction: 'it gives conflicting instructions',
  task_verb: 'it never states the task as an instruction',
  deliverable: 'it does not name what should be produced',
  vague_words: 'it relies on vague wording',
  repetition: 'it repeats itself instead of adding information',
  stuffing: 'it leans on rubric buzzwords rather than a concrete task',
  organize: 'its instructions are not separated',
  domain_terms: 'it names few concrete domain details',
  numbers: 'it gives no numbers',
  names: 'it names no concrete entities',
  scope: 'its scope is unbounded',
  audience: 'it does not say who the output is for',
  purpose: 'it does not say why the output is needed',
  material: 'it provides no source material',
  background: 'it gives no background',
  limit: 'it sets no measurable limit',
  must_not: 'it says nothing about what to avoid',
  must: 'it states no hard requirement',
  tone: 'it sets no tone',
  format: 'it does not specify an output format',
  schema: 'it shows no shape for the output',
  format_label: 'it has no explicit output instruction',
  sections: 'it names no output sections',
  role_line: 'it assigns no role',
  persona: 'its role is not a specific persona',
  expertise: 'its role has no stated expertise',
  specialty: 'its role is not tied to the domain',
  io_pair: 'it shows no input/output pair',
  example_marker: 'it gives no example',
  few_shot: 'it has no labelled examples',
  sample: 'it quotes no sample',
  numbered_steps: 'it lays out no steps',
  reasoning: 'it asks for no reasoning or checks',
  ordering: 'it gives no order of work',
  plan: 'it asks for no plan',
};

/** Per dimension, the frameworks that include it (in FRAMEWORK_DIMENSIONS order), built once. */
const CITING = new Map<DimensionName, FrameworkName[]>();

function citingNames(dim: DimensionName): FrameworkName[] {
  let names = CITING.get(dim);
  if (names === undefined) {
    names = (Object.keys(FRAMEWORK_DIMENSIONS) as FrameworkName[]).filter((n) => FRAMEWORK_DIMENSIONS[n].includes(dim));
    CITING.set(dim, names);
  }
  return names;
}

function citingFramework(dim: DimensionName, fw: Frameworks): FrameworkName {
  const names = citingNames(dim);
  return names.reduce((best, n) => (fw[n] < fw[best] ? n : best), names[0] ?? 'peem');
}

export function verdictFor(
  d: Dimensions,
  fw: Frameworks,
  weakest: DimensionName,
  missing: readonly MissingId[],
): string {
  const fwName = citingFramework(weakest, fw);
  const label = FRAMEWORK_LABELS[fwName];
  const head = `Weakest dimension is ${weakest} (${d[weakest]}/10), which holds down ${label.name} ${label.weighs} at ${fw[fwName].toFixed(1)}/10`;
  const first = missing[0];
  if (d[weakest] >= STRONG_DIMENSION || first === undefined) return `${head}.`;
  return `${head} because ${REASONS[first]}.`;
}
