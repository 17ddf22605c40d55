// Grade bands over the 8..80 total (thresholds.ts; documented in docs/scoring.md).
import type { Grade } from '../schemas/common.js';
import { GRADE_BANDS } from './thresholds.js';

export function gradeFor(total: number): Grade {
  for (const [grade, min] of GRADE_BANDS) if (total >= min) return grade;
  return 'F';
}
