// Examples: "e.g."/"for example" markers, input/output pairs, several labelled examples
// (few-shot), and quoted or fenced samples.
import { IO_LABELS } from '../lexicon/general.js';
import type { Features } from '../text/features.js';
import { missingWhen, on, type DimensionResult } from './util.js';

export function examples(f: Features): DimensionResult {
  const l = f.lines;
  let ioLabels = 0;
  for (const label of l.labels) if (IO_LABELS.has(label)) ioLabels++;
  const pairs = ioLabels >= 2 || (l.arrows > 0 && f.hits.example_marker > 0);
  const fewShot = f.hits.example_marker >= 2 && (l.labelLines >= 2 || l.codeFences >= 2 || l.numberedLines >= 2);
  const samples = l.quotePairs > 0 || l.codeFences >= 2;
  const raw =
    1 +
    2 * on(f.distinct.example_marker) + 0.5 * on(f.distinct.example_marker - 1) +
    3 * (pairs ? 1 : 0) +
    2 * (fewShot ? 1 : 0) +
    (samples ? 1 : 0);
  return {
    raw,
    missing: missingWhen([
      [!pairs, 'io_pair'],
      [f.distinct.example_marker === 0, 'example_marker'],
      [!fewShot, 'few_shot'],
      [!samples, 'sample'],
    ]),
  };
}
