// The engine's public result type.
import type { DimensionName, Dimensions, Frameworks, Grade, OUT_OF } from '../schemas/common.js';

export interface EngineScore {
  total: number;
  out_of: typeof OUT_OF;
  grade: Grade;
  percentile: number;
  dimensions: Dimensions;
  frameworks: Frameworks;
  composite: number;
  verdict: string;
  top_fixes: [string, string, string];
  weakest: DimensionName[];
}
