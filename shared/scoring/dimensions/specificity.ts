// Specificity: numbers, named entities and identifiers, domain terms of the vertical, and scope
// words pin the task down; vague words loosen it.
import type { Features } from '../text/features.js';
import { missingWhen, on, upTo, type DimensionResult } from './util.js';

export function specificity(f: Features): DimensionResult {
  const named = f.entities + f.identifiers;
  const raw =
    1 +
    0.8 * upTo(f.numbers, 3) +
    0.5 * upTo(named, 4) +
    0.8 * upTo(f.domainKinds, 3) +
    0.25 * upTo(f.domainHits - f.domainKinds, 4) +
    0.5 * upTo(f.distinct.scope, 2) +
    on(f.taskStatements + f.hits.deliverable) +
    0.5 * on(f.lines.quotePairs + f.lines.codeFences) +
    0.5 * on(f.quantLimits) -
    0.5 * upTo(f.hits.vague, 5);
  return {
    raw,
    missing: missingWhen([
      [f.domainKinds < 2, 'domain_terms'],
      [f.numbers === 0, 'numbers'],
      [named === 0, 'names'],
      [f.distinct.scope === 0, 'scope'],
      [f.hits.vague > 0, 'vague_words'],
    ]),
  };
}
