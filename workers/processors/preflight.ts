// The preflight: prompt quality from the engine, injection risk from the detector and, when an
// endpoint_url is given, the trust of the wallet that endpoint wants to be paid to.
import { POWERED_BY, SANITIZE_HINT } from '../../shared/schemas/branding.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import { decideClearance, INJECTION_SUSPECT } from '../../shared/safety/clearance.js';
import { detectInjection, type Detection } from '../../shared/safety/detect.js';
import { FLAG_DIMENSION_BELOW, PREFLIGHT_PASS_MARK, scorePrompt } from '../../shared/scoring/index.js';
import type { preflightJob } from '../../shared/jobs.js';
import type { Processor } from './types.js';

export const preflight: Processor<typeof preflightJob> = async (input, { deps, signal, requestId }) => {
  const score = scorePrompt(input.prompt, input.vertical);
  // only the verdict matters here: no sanitizing (that is /api/fix-injection's job)
  const injection = detectInjection(input.prompt);
  const endpoint = input.endpoint_url ? await deps.trust.resolve(input.endpoint_url, input.chain, signal) : undefined;
  const decision = decideClearance({
    total: score.total,
    passMark: PREFLIGHT_PASS_MARK,
    injectionConfidence: injection.confidence,
    endpoint,
  });
  deps.logger.debug({ requestId, clearance: decision.clearance, reasons: decision.reasons }, 'preflight decided');
  const weakest = score.weakest[0]!;
  return {
    svc_version: SVC_VERSION,
    chain: input.chain,
    clearance: decision.clearance,
    confidence: decision.confidence,
    prompt: {
      score: score.total,
      out_of: score.out_of,
      grade: score.grade,
      threshold_met: score.total >= PREFLIGHT_PASS_MARK,
      top_issue: injectionIssue(injection) ?? (score.dimensions[weakest] < FLAG_DIMENSION_BELOW ? score.top_fixes[0] : null),
      dimensions: score.dimensions,
      feedback: [...score.top_fixes],
    },
    ...(endpoint ? { endpoint } : {}),
    powered_by: POWERED_BY,
  };
};

function injectionIssue(d: Detection): string | null {
  if (d.confidence < INJECTION_SUSPECT) return null;
  const what = d.pattern ? d.pattern.replaceAll('_', ' ') : 'injection-like phrasing';
  return `Possible prompt injection (${what}, confidence ${d.confidence}): ${d.signals.join(', ')}. ${SANITIZE_HINT}`;
}
