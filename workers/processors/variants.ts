// Ranked rewrite variants, one per style, best first: by LLM_REWRITE_MODEL when configured (on the
// llm pool), by the engine's rewriter otherwise or wherever the model's rewrite is no better.
import { POWERED_BY } from '../../shared/schemas/branding.js';
import { REWRITE_STYLES, SVC_VERSION, type RewriteStyle } from '../../shared/schemas/common.js';
import { scorePrompt, toScoreObject } from '../../shared/scoring/index.js';
import { engineRewrite, modelRewrite } from './llm-steps.js';
import type { variantsJob } from '../../shared/jobs.js';
import type { Processor } from './types.js';

export const variants: Processor<typeof variantsJob> = async ({ prompt, vertical, count }, ctx) => {
  const baseline = toScoreObject(scorePrompt(prompt, vertical));
  const rewritten = await Promise.all(
    REWRITE_STYLES.map(async (style: RewriteStyle, order) => {
      const { prompt: text, score } = (await modelRewrite(prompt, vertical, baseline.total, ctx, style)) ?? engineRewrite(prompt, vertical, style);
      const scoreObject = toScoreObject(score);
      return { order, variant: { prompt: text, style, score: scoreObject, delta_vs_baseline: scoreObject.total - baseline.total } };
    }),
  );
  const ranked = rewritten
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
