// Steps shared by the model-backed processors: optimizing a prompt and running one on a model.
import { isAppError } from '../../shared/errors.js';
import type { ModelRef } from '../../shared/providers/index.js';
import { REWRITE_STYLES, type RewriteStyle, type Vertical } from '../../shared/schemas/common.js';
import { rewrite, scorePrompt, type EngineScore } from '../../shared/scoring/index.js';
import type { ProcessorContext } from './types.js';

export interface Optimized {
  prompt: string;
  score: EngineScore;
  /** The rewriting model's id, or the engine style that won. */
  by: string;
}

const REWRITE_SYSTEM = [
  'You rewrite prompts so that a language model answers them better.',
  'Keep the user\'s intent and facts. Add a role, the context, explicit constraints, the expected output format,',
  'a short example where useful, and ask for step-by-step reasoning when the task needs it.',
  'Reply with the rewritten prompt only, without commentary or quotes.',
].join(' ');

/** The engine's best rewrite: every style scored, the highest total wins (ties keep style order). */
export function bestEngineRewrite(prompt: string, vertical: Vertical): Optimized {
  let best: Optimized | undefined;
  for (const style of REWRITE_STYLES as readonly RewriteStyle[]) {
    const text = rewrite(prompt, vertical, style);
    const score = scorePrompt(text, vertical);
    if (!best || score.total > best.score.total) best = { prompt: text, score, by: `engine:${style}` };
  }
  return best!;
}

/**
 * Rewrites with LLM_REWRITE_MODEL when configured; the engine's best style otherwise, and also when
 * the rewriting model fails or answers nothing (the paid call still gets an optimized prompt).
 */
export async function optimizePrompt(prompt: string, vertical: Vertical, ctx: ProcessorContext): Promise<Optimized> {
  const ref = ctx.deps.config.providers.roles.rewrite;
  if (!ref) return bestEngineRewrite(prompt, vertical);
  try {
    const reply = await ctx.deps.providers.chat(
      ref,
      [
        { role: 'system', content: REWRITE_SYSTEM },
        { role: 'user', content: prompt },
      ],
      { signal: ctx.signal, temperature: 0.2 },
    );
    const text = reply.content.trim();
    if (text) return { prompt: text, score: scorePrompt(text, vertical), by: ref.id };
    ctx.deps.logger.warn({ requestId: ctx.requestId, model: ref.id }, 'rewrite model answered nothing; engine rewrite used');
  } catch (e) {
    if (!isAppError(e) || e.code !== 'provider_unavailable') throw e;
    ctx.deps.logger.warn({ requestId: ctx.requestId, err: e.message }, 'rewrite model failed; engine rewrite used');
  }
  return bestEngineRewrite(prompt, vertical);
}

/** The model's answer to a prompt sent as the only user message. */
export async function runPrompt(ref: ModelRef, prompt: string, ctx: ProcessorContext): Promise<string> {
  const reply = await ctx.deps.providers.chat(ref, [{ role: 'user', content: prompt }], { signal: ctx.signal });
  return reply.content;
}
