// Public surface of the scoring engine. Everything here is pure: no I/O, no clock, no randomness.
export type { EngineScore } from './types.js';
export { scorePrompt, toScoreObject } from './engine.js';
export { gradeFor, PREFLIGHT_PASS_MARK, GRADE_BANDS } from './grade.js';
export { rewrite } from './rewrite/index.js';
export { explainImprovement } from './explain.js';
export { percentileFor, compositeFor } from './percentile.js';
export { FRAMEWORK_DIMENSIONS } from './frameworks.js';
