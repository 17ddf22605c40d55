// Constraints: what must and must not happen, measurable limits, tone, and scope.
import type { Features } from '../text/features.js';
import { missingWhen, on, upTo, type DimensionResult } from './util.js';

export function constraints(f: Features): DimensionResult {
  const h = f.hits;
  const d = f.distinct;
  const raw =
    1 +
    1.5 * on(h.must) + 0.5 * on(h.must - 1) +
    1.5 * on(h.must_not) + 0.5 * on(h.must_not - 1) +
    (f.quantLimits > 0 ? 2 : 0.75 * on(h.limit_word)) +
    0.75 * on(f.quantLimits - 1) +
    1.5 * on(h.tone) +
    0.75 * on(d.scope) +
    0.75 * on(upTo(d.must + d.must_not - 3, 1));
  return {
    raw,
    missing: missingWhen([
      [f.quantLimits === 0, 'limit'],
      [h.must_not === 0, 'must_not'],
      [h.must === 0, 'must'],
      [h.tone === 0, 'tone'],
      [d.scope === 0, 'scope'],
    ]),
  };
}
