// Context: who the output is for, why it is needed, what material is given, and the background
// situation. Sheer length helps only in proportion to substance, so padding earns nothing.
import type { Features } from '../text/features.js';
import { substance } from './substance.js';
import { missingWhen, on, upTo, type DimensionResult } from './util.js';

export function context(f: Features): DimensionResult {
  const h = f.hits;
  const d = f.distinct;
  // Quotes around JSON keys are an output schema, not quoted material: an output spec adds no context.
  const given = f.lines.introducedBlocks > 0 || f.lines.codeFences >= 2 || f.lines.quotePairs - f.lines.jsonKeys >= 1;
  const length = (f.words >= 40 ? 0.5 : 0) + (f.words >= 150 ? 0.5 : 0);
  const raw =
    1 +
    2 * on(d.audience) + 0.5 * on(d.audience - 1) +
    2 * on(d.purpose) + 0.5 * on(d.purpose - 1) +
    (given ? 2 : on(h.material)) +
    1.5 * on(h.background) + 0.5 * on(h.background - 2) +
    0.5 * upTo(f.domainKinds, 2) +
    // Concrete facts given inline (figures, names, identifiers, stated limits) are material too.
    (f.numbers + f.entities + f.identifiers + f.quantLimits >= 2 ? 1 : 0) +
    (f.numbers + f.entities + f.identifiers + f.quantLimits >= 4 ? 0.5 : 0) +
    length * substance(f);
  return {
    raw,
    missing: missingWhen([
      [d.audience === 0, 'audience'],
      [d.purpose === 0, 'purpose'],
      [!given, 'material'],
      [h.background === 0, 'background'],
    ]),
  };
}
