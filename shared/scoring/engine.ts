// scorePrompt: features -> dimensions -> grade, percentile, frameworks, composite, verdict, fixes.
// Pure and total: any string (empty, huge, lone surrogates, NUL) yields a valid score.
import { OUT_OF, VERTICALS, type ScoreObject, type Vertical } from '../schemas/common.js';
import { scoreDimensions } from './dimensions/index.js';
import { taskExcerpt } from './excerpt.js';
import { fixFor } from './fixes.js';
import { frameworksFor } from './frameworks.js';
import { gradeFor } from './grade.js';
import { compositeFor, percentileFor } from './percentile.js';
import { extractFeatures } from './text/features.js';
import type { EngineScore } from './types.js';
import { oneOf } from './untyped.js';
import { verdictFor } from './verdict.js';
import { weakestFirst } from './weakest.js';

export function scorePrompt(prompt: string, vertical: Vertical = 'general'): EngineScore {
  const text = typeof prompt === 'string' ? prompt : '';
  const v = oneOf(vertical, VERTICALS, 'general');
  const f = extractFeatures(text, v);
  const { dimensions, missing } = scoreDimensions(f);
  const total = dimensions.total;
  const frameworks = frameworksFor(dimensions);
  const weakest = weakestFirst(dimensions);
  const [w0, w1, w2] = weakest as [typeof weakest[0], typeof weakest[0], typeof weakest[0]];
  const ex = taskExcerpt(text);
  const fix = (d: typeof w0): string => fixFor(d, missing[d], { ex, v, f });
  return {
    total,
    out_of: OUT_OF,
    grade: gradeFor(total),
    percentile: percentileFor(total),
    dimensions,
    frameworks,
    composite: compositeFor(total),
    verdict: verdictFor(dimensions, frameworks, w0, missing[w0]),
    top_fixes: [fix(w0), fix(w1), fix(w2)],
    weakest,
  };
}

export function toScoreObject(s: EngineScore): ScoreObject {
  return { total: s.total, out_of: s.out_of, grade: s.grade, percentile: s.percentile, dimensions: { ...s.dimensions } };
}
