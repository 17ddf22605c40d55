// Public surface of the injection detector and sanitizer. Pure: no I/O, no clock, no randomness.
//
// Every report comes from the rules and the learned model together (detect.ts; the model ships its
// weights in model/weights.json), which the API reports as detector 'heuristic': both run in-process,
// with no provider. A model judge through the provider registry (LLM_INJECTION_MODEL, in the
// processor, never here) may add its own confidence and pattern; the processor then reports
// 'heuristic+llm', combining by noisy-OR (combine.ts) and keeping this module's sanitized_prompt.
import type { InjectionPattern } from '../schemas/common.js';
import type { FixInjectionResponse } from '../schemas/responses.js';
import { detectInjection, injectionCuts, type Cut } from './detect.js';
import { removeFindings } from './sanitize.js';

export type DetectorKind = FixInjectionResponse['detector'];

export interface InjectionReport {
  injection_detected: boolean;
  injection_confidence: number;
  injection_pattern: InjectionPattern | null;
  matched_signals: string[];
  sanitized_prompt: string;
  detector: DetectorKind;
}

/** Removal can splice two halves into a new trigger; a few passes reach a fixed point. */
const MAX_SANITIZE_PASSES = 3;

export function analyzeInjection(prompt: string): InjectionReport {
  const detection = detectInjection(prompt);
  let sanitized = prompt;
  let findings: readonly Cut[] = detection.detected ? detection.findings : [];
  for (let pass = 1; findings.length > 0; pass++) {
    sanitized = removeFindings(sanitized, findings);
    // after the last pass nothing would use another detection; the others need only what to cut
    findings = pass < MAX_SANITIZE_PASSES ? injectionCuts(sanitized) : [];
  }
  return {
    injection_detected: detection.detected,
    injection_confidence: detection.confidence,
    injection_pattern: detection.pattern,
    matched_signals: detection.signals,
    sanitized_prompt: sanitized,
    detector: 'heuristic',
  };
}
