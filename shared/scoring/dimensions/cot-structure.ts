// Chain-of-thought structure: numbered steps, ordering words, explicit reasoning or verification
// instructions, a plan, and a sectioned layout.
import type { Features } from '../text/features.js';
import { missingWhen, on, type DimensionResult } from './util.js';

export function cotStructure(f: Features): DimensionResult {
  const l = f.lines;
  const d = f.distinct;
  const numbered = l.numberedLines >= 2;
  const raw =
    1 +
    (numbered ? 3 + on(l.numberedLines - 2) : 1.5 * on(l.bulletLines - 2)) +
    (d.step_word >= 2 ? 1.5 : 0.75 * on(d.step_word)) +
    1.5 * on(d.reasoning) + 0.5 * on(d.reasoning - 1) +
    on(f.hits.plan_word) +
    (l.headingLines >= 2 || l.labelLines >= 3 ? 0.5 : 0);
  return {
    raw,
    missing: missingWhen([
      [!numbered, 'numbered_steps'],
      [d.reasoning === 0, 'reasoning'],
      [d.step_word < 2, 'ordering'],
      [f.hits.plan_word === 0, 'plan'],
    ]),
  };
}
