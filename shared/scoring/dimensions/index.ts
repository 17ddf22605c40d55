// All eight dimensions: read the signals once, score each dimension's term table, apply the
// substance gate to the gated ones, round and clamp to 1..10, and sum the total.
import { DIMENSION_NAMES, type DimensionName, type Dimensions } from '../../schemas/common.js';
import type { Features } from '../text/features.js';
import { gateFactor, stuffingKeep } from './gate.js';
import { scaled } from './scale.js';
import { readSignals, SIG } from './signals.js';
import { RUBRIC } from './tables.js';
import { compileMissing, compileTerms, gatedRawScore, missingIds, rawScore, type DimensionTable } from './terms.js';

/** The ids a dimension can report missing (its table's `missing` list): fixes and verdicts key on them. */
export type MissingId<D extends DimensionName = DimensionName> = (typeof RUBRIC)[D]['missing'][number]['id'];

export type MissingByDimension = { readonly [D in DimensionName]: readonly MissingId<D>[] };

export interface DimensionBreakdown {
  readonly dimensions: Dimensions;
  readonly missing: MissingByDimension;
}

const COMPILED = DIMENSION_NAMES.map((name) => {
  const table: DimensionTable = RUBRIC[name];
  return { name, base: table.base, gated: table.gated, scale: table.scale ?? [], terms: compileTerms(table.terms, SIG), missing: compileMissing<MissingId>(RUBRIC[name].missing, SIG) };
});

function toScore(raw: number): number {
  if (!Number.isFinite(raw)) return 1;
  return Math.min(10, Math.max(1, Math.round(raw)));
}

export function scoreDimensions(f: Features): DimensionBreakdown {
  const v = readSignals(f);
  const substance = v[SIG.substance] as number;
  const stuffed = v[SIG.stuffing] as number;
  const factor = gateFactor(substance, stuffed);
  const keep = stuffingKeep(stuffed);
  const scores = {} as Record<DimensionName, number>;
  const missing = {} as Record<DimensionName, readonly MissingId[]>;
  let total = 0;
  for (const d of COMPILED) {
    const raw = d.gated ? gatedRawScore(d.base, d.terms, v, factor, keep) : rawScore(d.base, d.terms, v);
    const score = toScore(scaled(d.scale, raw));
    scores[d.name] = score;
    missing[d.name] = missingIds(d.missing, v);
    total += score;
  }
  return { dimensions: { ...scores, total }, missing: missing as MissingByDimension };
}
