// The preflight verdict: CLEAR, CAUTION or BLOCK from prompt quality, injection risk and endpoint
// trust, with how sure we are of it. Pure. docs/preflight.md states these rules; keep both in step.
import { OUT_OF } from '../schemas/common.js';
import type { EndpointTrust } from '../schemas/responses.js';
import { TRUST_LABELS } from '../trust/score.js';

export type Clearance = 'CLEAR' | 'CAUTION' | 'BLOCK';

/** Injection at or above this blocks; between SUSPECT and this it cautions. */
export const INJECTION_BLOCK = 0.7;
export const INJECTION_SUSPECT = 0.3;
const CAUTION_TRUST_LABELS = new Set(['new', 'unknown', 'unresolved']);
const { established: ESTABLISHED, new: NEW } = TRUST_LABELS;

export interface ClearanceInput {
  total: number;
  passMark: number;
  injectionConfidence: number;
  endpoint?: EndpointTrust;
}

export interface ClearanceDecision {
  clearance: Clearance;
  confidence: number;
  /** short reasons for the verdict, most severe first; empty when CLEAR */
  reasons: string[];
}

interface Finding {
  level: Exclude<Clearance, 'CLEAR'>;
  reason: string;
  /** how far past its boundary the finding is, 0..1 */
  strength: number;
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
/** Half-way certainty at a decision boundary, full certainty far from it. */
const certainty = (distance: number) => Math.round((0.5 + 0.5 * clamp01(distance)) * 100) / 100;
/** Totals this far past the pass mark (either way) count as decisively good or bad. */
const DECISIVE_POINTS = 20;

export function decideClearance({ total, passMark, injectionConfidence, endpoint }: ClearanceInput): ClearanceDecision {
  const findings: Finding[] = [];
  if (injectionConfidence >= INJECTION_BLOCK) {
    findings.push({ level: 'BLOCK', reason: 'prompt injection detected', strength: (injectionConfidence - INJECTION_BLOCK) / (1 - INJECTION_BLOCK) });
  } else if (injectionConfidence >= INJECTION_SUSPECT) {
    findings.push({ level: 'CAUTION', reason: 'possible prompt injection', strength: (injectionConfidence - INJECTION_SUSPECT) / (INJECTION_BLOCK - INJECTION_SUSPECT) });
  }
  if (total < passMark) {
    findings.push({ level: 'CAUTION', reason: `prompt scores ${total}/${OUT_OF}, below the ${passMark} pass mark`, strength: (passMark - total) / DECISIVE_POINTS });
  }
  if (endpoint?.trust_label === 'untrusted') {
    findings.push({ level: 'BLOCK', reason: `endpoint untrusted (${endpoint.resolution_source})`, strength: 1 - endpoint.trust_score / NEW });
  } else if (endpoint && CAUTION_TRUST_LABELS.has(endpoint.trust_label)) {
    // unknown and unresolved are absence of evidence: exactly as unsure as a coin toss
    const strength = endpoint.trust_label === 'new' ? (ESTABLISHED - endpoint.trust_score) / (ESTABLISHED - NEW) : 0;
    findings.push({ level: 'CAUTION', reason: `endpoint trust ${endpoint.trust_label}`, strength });
  }

  for (const level of ['BLOCK', 'CAUTION'] as const) {
    const at = findings.filter((f) => f.level === level);
    if (at.length > 0) {
      return { clearance: level, confidence: certainty(Math.max(...at.map((f) => f.strength))), reasons: findings.map((f) => f.reason) };
    }
  }
  // CLEAR is only as sure as its closest call
  const margins = [(total - passMark) / DECISIVE_POINTS, (INJECTION_SUSPECT - injectionConfidence) / INJECTION_SUSPECT];
  if (endpoint) margins.push((endpoint.trust_score - ESTABLISHED) / ESTABLISHED);
  return { clearance: 'CLEAR', confidence: certainty(Math.min(...margins)), reasons: [] };
}
