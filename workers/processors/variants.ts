// Ranked rewrite variants from the engine's rewriter, one per style, best first.
import { POWERED_BY } from '../../shared/branding.js';
import { REWRITE_STYLES, SVC_VERSION, type Vertical } from '../../shared/schemas/common.js';
import type { VariantsResponse } from '../../shared/schemas/responses.js';
import { rewrite, scorePrompt, toScoreObject } from '../../shared/scoring/index.js';
import type { Processor } from './types.js';

export interface VariantsInput {
  prompt: string;
  vertical: Vertical;
  count: number;
}

export const variants: Processor<VariantsInput, VariantsResponse> = async ({ prompt, vertical, count }) => {
  const baseline = toScoreObject(scorePrompt(prompt, vertical));
  const ranked = REWRITE_STYLES.map((style, order) => {
    const text = rewrite(prompt, vertical, style);
    const score = toScoreObject(scorePrompt(text, vertical));
    return { order, variant: { prompt: text, style, score, delta_vs_baseline: score.total - baseline.total } };
  })
    // Best first; equal totals keep the fixed style order so the ranking is deterministic.
    .sort((a, b) => b.variant.score.total - a.variant.score.total || a.order - b.order)
    .slice(0, count)
    .map((r) => r.variant);
  return {
    svc_version: SVC_VERSION,
    original_prompt: prompt,
    vertical,
    baseline_score: baseline,
    variants: ranked,
    best_variant_index: 0,
    powered_by: POWERED_BY,
  };
};
