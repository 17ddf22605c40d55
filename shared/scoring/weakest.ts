// Dimension order, weakest first. Ties keep the DIMENSION_NAMES order (the sort is stable), which
// puts the core dimensions (clarity, specificity, context) first: fixing those helps most.
import { DIMENSION_NAMES, type DimensionName, type Dimensions } from '../schemas/common.js';

export function weakestFirst(d: Dimensions): DimensionName[] {
  return [...DIMENSION_NAMES].sort((a, b) => d[a] - d[b]);
}
