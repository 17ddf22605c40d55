// score.full (/api/score/full, /api/v1/optimize): rewrite the prompt, run both versions on the run
// model, score both with the engine.
import { POWERED_BY } from '../../shared/schemas/branding.js';
import { roleModel } from '../../shared/providers/index.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import { explainImprovement, scorePrompt, toScoreObject } from '../../shared/scoring/index.js';
import { optimizePrompt, runPrompt } from './llm-steps.js';
import type { scoreFullJob } from '../../shared/jobs.js';
import type { Processor } from './types.js';

export const scoreFull: Processor<typeof scoreFullJob> = async ({ prompt, vertical }, ctx) => {
  // Checked first: with no run model the call fails fast with 503, before any model is paid for.
  const runModel = roleModel(ctx.deps.config.providers, 'run');
  const original = scorePrompt(prompt, vertical);
  const optimized = await optimizePrompt(prompt, vertical, original.total, ctx);
  const [originalOutput, optimizedOutput] = await Promise.all([
    runPrompt(runModel, prompt, ctx),
    runPrompt(runModel, optimized.prompt, ctx),
  ]);
  return {
    svc_version: SVC_VERSION,
    original: { prompt, score: toScoreObject(original), output: originalOutput },
    optimized: { prompt: optimized.prompt, score: toScoreObject(optimized.score), output: optimizedOutput },
    improvement_pct: Math.round(((optimized.score.total - original.total) / original.total) * 100),
    explanation: `${explainImprovement(original, optimized.score)} Rewritten by ${optimized.by}; both versions run on ${runModel.id}.`,
    powered_by: POWERED_BY,
  };
};
