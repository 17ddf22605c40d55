// Anti-gaming: substance (0..1, how concretely the prompt states a task) gates the rubric
// dimensions so that sprinkling "expert", "JSON" or "step by step" around a vague task cannot buy
// points; stuffing (0..1) measures rubric-word density. Every number is in ANTI_GAMING (tables.ts).
import { ANTI_GAMING } from './tables.js';
import type { AntiGaming } from './terms.js';

const { stuffing: STUFFING, substance: SUBSTANCE, rubricStuffing: RUBRIC_STUFFING, gate: GATE } = ANTI_GAMING;

const upTo = (n: number, cap: number): number => Math.min(Math.max(n, 0), cap);

/**
 * 0..1: how much of the prompt is rubric vocabulary. A real structured prompt stays under ~20% of
 * its words; "You are an expert, think step by step, output JSON, must not..." runs at 40-60%.
 */
export function stuffing(rubricHits: number, words: number): number {
  if (rubricHits < STUFFING.minHits || words === 0) return 0;
  return upTo((rubricHits / words - STUFFING.densityFrom) / STUFFING.densitySpan, 1);
}

/** 0..1: the sum of the substance terms, clamped, then discounted by stuffing. */
export function substance(terms: number, stuffed: number): number {
  return upTo(terms, 1) * (1 - SUBSTANCE.stuffingDiscount * stuffed);
}

/** Clarity's stuffing penalty: rubric words over a vague task (1 − substance), plus density. */
export function rubricStuffing(rubricHits: number, substance: number, stuffed: number): number {
  const overVague = rubricHits >= RUBRIC_STUFFING.minHits
    ? upTo(rubricHits * RUBRIC_STUFFING.perHit, RUBRIC_STUFFING.cap) * (1 - substance)
    : 0;
  return overVague + RUBRIC_STUFFING.densityPoints * stuffed;
}

type GateParams = AntiGaming['gate'];

/** The share of a gated dimension's gain the substance keeps (0..1, convex above curve 1). */
export function gateShare(substance: number, gate: GateParams = GATE): number {
  return upTo(substance / gate.fullSubstance, 1) ** gate.curve;
}

/** What heavy stuffing leaves of a gated dimension's gain: 1 − stuffingCut × stuffing. */
export const stuffingKeep = (stuffed: number, gate: GateParams = GATE): number => 1 - gate.stuffingCut * stuffed;

/**
 * How much of a gated dimension's gain above 1 counts: at zero substance only `floor` of it, from
 * `fullSubstance` on all of it, and heavy stuffing takes `stuffingCut` of what is left.
 */
export function gateFactor(substance: number, stuffed: number, gate: GateParams = GATE): number {
  return (gate.floor + (1 - gate.floor) * gateShare(substance, gate)) * stuffingKeep(stuffed, gate);
}
