// Public surface of the scoring engine. Everything here is pure: no I/O, no clock, no randomness.
export type { EngineScore } from './types.js';
export { scorePrompt, toScoreObject } from './engine.js';
export { gradeFor } from './grade.js';
export {
  FLAG_DIMENSION_BELOW,
  GRADE_BANDS,
  MUST_IMPROVE_BELOW,
  PREFLIGHT_PASS_MARK,
  PROXY_SUGGESTION_BELOW,
  PROXY_WARNING_BELOW,
  STRONG_DIMENSION,
} from './thresholds.js';
export { rewrite } from './rewrite/index.js';
export { explainImprovement } from './explain.js';
export { percentileFor, compositeFor } from './percentile.js';
export { FRAMEWORK_DIMENSIONS } from './frameworks.js';
