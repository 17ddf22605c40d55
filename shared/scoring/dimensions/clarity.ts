// Clarity: is there one unambiguous task? Imperative verbs naming a deliverable raise it; vague
// words, hedges, filler, contradictions, repetition and rubric-word stuffing lower it.
import type { Features } from '../text/features.js';
import { missingWhen, on, upTo, type DimensionResult } from './util.js';
import { stuffing, substance } from './substance.js';

const TASK_LABELS = ['task', 'goal', 'objective', 'instruction', 'instructions'];

export function clarity(f: Features): DimensionResult {
  const h = f.hits;
  const organized = f.lines.numberedLines + f.lines.bulletLines + f.lines.headingLines + f.lines.labelLines;
  const lowDiversity = f.words >= 60 && f.distinctWords / f.words < 0.35;
  const gain =
    3 +
    (h.imperative > 0 ? 1.5 : 0.5 * on(h.weak_imperative)) +
    2 * on(f.taskStatements) +
    0.5 * on(f.taskStatements - 1) +
    0.5 * on(TASK_LABELS.filter((l) => f.lines.labels.has(l)).length) +
    (f.words >= 6 && f.words <= 600 ? 1 : 0) +
    (organized >= 2 ? 1 : 0);
  const stuffed = (f.rubricHits >= 3 ? upTo(f.rubricHits * 0.4, 3) * (1 - substance(f)) : 0) + 2 * stuffing(f);
  const loss =
    0.6 * upTo(h.vague, 5) +
    0.4 * upTo(h.hedge, 4) +
    0.3 * upTo(h.filler, 5) +
    0.3 * upTo(h.quality_claim, 3) +
    2 * f.contradictions +
    upTo(f.vagueTasks, 2) +
    stuffed +
    upTo(f.lines.repeatedSentences, 3) +
    (lowDiversity ? 1.5 : 0) +
    (f.words < 4 ? 1 : 0) +
    // Nothing at all is the floor: an empty prompt never beats a vague one.
    (f.words === 0 ? 10 : 0);
  return {
    raw: gain - loss,
    missing: missingWhen([
      [f.contradictions > 0, 'contradiction'],
      [h.imperative === 0, 'task_verb'],
      [f.taskStatements === 0, 'deliverable'],
      [h.vague + h.hedge > 0, 'vague_words'],
      [f.lines.repeatedSentences > 0 || lowDiversity, 'repetition'],
      [stuffed > 0.5, 'stuffing'],
      [organized < 2, 'organize'],
    ]),
  };
}
