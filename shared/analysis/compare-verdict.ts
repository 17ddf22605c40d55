// Winner and verdict of /api/score/compare, from the two judged score sets (pure).
import type { ComparisonScores } from '../schemas/common.js';

export type Side = 'model_a' | 'model_b';

/** Tie-break order after the total; a full tie goes to model_a so the answer is deterministic. */
export const TIE_BREAK = ['faithfulness', 'relevancy', 'completeness', 'reasoning_depth'] as const;

export function decideWinner(a: ComparisonScores, b: ComparisonScores): Side {
  if (a.total !== b.total) return a.total > b.total ? 'model_a' : 'model_b';
  for (const c of TIE_BREAK) if (a[c] !== b[c]) return a[c] > b[c] ? 'model_a' : 'model_b';
  return 'model_a';
}

interface Contender {
  model: string;
  scores: ComparisonScores;
}

export function compareVerdict(winner: Side, sides: Record<Side, Contender>, judgedBy: string): string {
  const loser: Side = winner === 'model_a' ? 'model_b' : 'model_a';
  const w = sides[winner];
  const l = sides[loser];
  const head =
    w.scores.total === l.scores.total
      ? `${w.model} (${winner}) ties ${l.model} at ${w.scores.total}/40 and wins on the tie-break (${TIE_BREAK.join(', ')}).`
      : `${w.model} (${winner}) beats ${l.model} ${w.scores.total} to ${l.scores.total} out of 40.`;
  const edge = TIE_BREAK.map((c) => ({ c, d: w.scores[c] - l.scores[c] })).sort((x, y) => y.d - x.d)[0]!;
  const edgeText = edge.d > 0 ? ` Its largest edge is ${edge.c} (+${edge.d}).` : '';
  return `${head}${edgeText} Judged by ${judgedBy}.`;
}
