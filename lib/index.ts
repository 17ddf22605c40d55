// The engine as a library, for Node developers who score in-process:
//   import { scorePrompt, rewrite, analyzeInjection } from 'promptgate';
// Pure functions (no I/O, no clock, no randomness): the same engine the service's workers run.
export {
  type EngineScore,
  explainImprovement,
  gradeFor,
  rewrite,
  scorePrompt,
  toScoreObject,
} from '../shared/scoring/index.js';
export { analyzeInjection, type InjectionReport } from '../shared/safety/index.js';
export {
  type Grade,
  MAX_PROMPT_CHARS,
  OUT_OF,
  REWRITE_STYLES,
  type RewriteStyle,
  VERTICALS,
  type Vertical,
} from '../shared/schemas/common.js';
