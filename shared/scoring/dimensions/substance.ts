// Substance 0..1: how concretely the prompt states a task (named deliverable, domain terms,
// numbers and names, distinct content words, given material). It gates the "rubric" dimensions
// so that sprinkling "expert", "JSON" or "step by step" around a vague task cannot buy points.
import type { Features } from '../text/features.js';
import { on, upTo } from './util.js';

const CONTENT_WORDS_FOR_FULL = 20;

export function substance(f: Features): number {
  const given = f.lines.introducedBlocks + f.lines.codeFences + f.lines.quotePairs;
  const s =
    0.2 * on(f.taskStatements) +
    0.1 * on(f.hits.deliverable) +
    0.07 * upTo(f.domainTerms, 4) +
    0.06 * upTo(f.numbers + f.identifiers + f.entities + f.quantLimits, 4) +
    0.15 * upTo(f.contentDistinct / CONTENT_WORDS_FOR_FULL, 1) +
    0.08 * on(given) -
    0.15 * upTo(f.vagueTasks, 2) -
    0.05 * upTo(f.hits.vague, 4);
  return upTo(s, 1) * (1 - 0.6 * stuffing(f));
}

/** Rubric words at which density stuffing starts to be measured, and the density band 0..1 maps to. */
const STUFFING_MIN_HITS = 4;
const DENSITY_FROM = 0.2;
const DENSITY_SPAN = 0.25;

/**
 * 0..1: how much of the prompt is rubric vocabulary. A real structured prompt stays under ~20% of
 * its words; "You are an expert, think step by step, output JSON, must not..." runs at 40-60%.
 */
export function stuffing(f: Features): number {
  if (f.rubricHits < STUFFING_MIN_HITS || f.words === 0) return 0;
  return upTo((f.rubricHits / f.words - DENSITY_FROM) / DENSITY_SPAN, 1);
}

/** Share of a rubric dimension's gain kept at zero substance, and the substance that keeps all of it. */
const GATE_FLOOR = 0.2;
const FULL_SUBSTANCE = 0.8;
/** Above 1 the gate is convex: a half-concrete task keeps well under half of the rubric gain. */
const GATE_CURVE = 1.5;

/** The substance share the gate keeps (0..1), computed once per prompt by scoreDimensions. */
export function gateShare(f: Features): number {
  return upTo(substance(f) / FULL_SUBSTANCE, 1) ** GATE_CURVE;
}

/**
 * Scales a rubric dimension's gain: at zero substance only 20% of it counts, from substance 0.8 on
 * all of it (convex in between), and heavy stuffing (`stuffed`, see stuffing) halves what is left.
 */
export function gateWith(raw: number, share: number, stuffed: number): number {
  return 1 + (raw - 1) * (GATE_FLOOR + (1 - GATE_FLOOR) * share) * (1 - 0.5 * stuffed);
}
