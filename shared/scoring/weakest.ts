// Dimension order, weakest first. Ties keep the DIMENSION_NAMES order, which puts the core
// dimensions (clarity, specificity, context) first: fixing those helps most.
import { DIMENSION_NAMES, type DimensionName, type Dimensions } from '../schemas/common.js';

export function weakestFirst(d: Dimensions): DimensionName[] {
  return [...DIMENSION_NAMES].sort((a, b) => d[a] - d[b] || DIMENSION_NAMES.indexOf(a) - DIMENSION_NAMES.indexOf(b));
}
