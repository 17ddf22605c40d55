// Merges an LLM judge's verdict into the in-process report (rules and learned model; detector
// `heuristic+llm`): the two confidences combine by noisy-OR like the signals do, the stronger source
// names the pattern, and the sanitized text stays the in-process detector's (it locates what it cuts;
// the LLM's verdict names no span).
import type { ModelVerdict } from '../analysis/injection-judge.js';
import { DETECTION_THRESHOLD, noisyOr, round3 } from './detect.js';
import type { InjectionReport } from './index.js';

/** Below this the model's view is not worth a signal label. */
const MODEL_SIGNAL_FLOOR = 0.3;

export function combineWithModel(report: InjectionReport, verdict: ModelVerdict): InjectionReport {
  const confidence = round3(noisyOr([report.injection_confidence, verdict.probability]));
  const modelStronger = verdict.probability > report.injection_confidence;
  const pattern = (modelStronger ? verdict.pattern : report.injection_pattern) ?? report.injection_pattern ?? verdict.pattern;
  const signals =
    verdict.probability >= MODEL_SIGNAL_FLOOR
      ? [...report.matched_signals, `llm:${verdict.pattern ?? 'suspicious'}`]
      : report.matched_signals;
  const detected = confidence >= DETECTION_THRESHOLD;
  return {
    injection_detected: detected,
    injection_confidence: confidence,
    injection_pattern: detected ? pattern : null,
    matched_signals: signals,
    sanitized_prompt: report.sanitized_prompt,
    detector: 'heuristic+llm',
  };
}
