// Dimension order, weakest first. Ties keep the DIMENSION_NAMES order, which puts the core
// dimensions (clarity, specificity, context) first: fixing those helps most.
import { DIMENSION_NAMES, type DimensionName, type Dimensions } from '../schemas/common.js';

export function weakestFirst(d: Dimensions): DimensionName[] {
  // Insertion sort by (score, DIMENSION_NAMES position): the same total order a stable sort gives.
  const out: DimensionName[] = [];
  for (const name of DIMENSION_NAMES) {
    const score = d[name];
    let k = out.length;
    while (k > 0 && d[out[k - 1] as DimensionName] > score) k--;
    out.splice(k, 0, name);
  }
  return out;
}
