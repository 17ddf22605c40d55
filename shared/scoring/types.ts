// The engine's public result type.
import type { DimensionName, Dimensions, Frameworks, Grade } from '../schemas/common.js';

export interface EngineScore {
  total: number;
  out_of: 80;
  grade: Grade;
  percentile: number;
  dimensions: Dimensions;
  frameworks: Frameworks;
  composite: number;
  verdict: string;
  top_fixes: [string, string, string];
  weakest: DimensionName[];
}
