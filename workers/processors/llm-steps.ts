// Steps shared by the model-backed processors: optimizing a prompt and running one on a model.
import { type DomainError, isDomainError } from '../../shared/errors.js';
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

const STYLE_HINTS: Record<RewriteStyle, string> = {
  detailed: 'Make it thorough: spell out context, constraints and the expected output in full.',
  concise: 'Keep it short: the fewest words that still name the deliverable, inputs, limits and format.',
  structured: 'Organise it into labelled sections (Role, Context, Task, Constraints, Output format, Steps).',
  'role-framed': 'Open with a precise expert role and frame the whole task from that role.',
  'example-led': 'Include a short input/output example that shows exactly what a good answer looks like.',
};

/** A model call that failed in a way the processors degrade around (anything else propagates). */
export const isProviderFailure = (e: unknown): e is DomainError => isDomainError(e) && e.code === 'provider_failed';

/** The engine's rewrite in one style, scored. */
export function engineRewrite(prompt: string, vertical: Vertical, style: RewriteStyle): Optimized {
  const text = rewrite(prompt, vertical, style);
  return { prompt: text, score: scorePrompt(text, vertical), by: `engine:${style}` };
}

/** The engine's best rewrite: every style scored, the highest total wins (ties keep style order). */
export function bestEngineRewrite(prompt: string, vertical: Vertical): Optimized {
  let best: Optimized | undefined;
  for (const style of REWRITE_STYLES as readonly RewriteStyle[]) {
    const candidate = engineRewrite(prompt, vertical, style);
    if (!best || candidate.score.total > best.score.total) best = candidate;
  }
  return best!;
}

/**
 * A rewrite by LLM_REWRITE_MODEL (in `style` when given), or undefined when no model is configured,
 * it fails, answers nothing, or answers something that scores below the original: the caller then
 * uses the engine's rewrite, so a paid call always gets a prompt at least as good as the one sent.
 */
export async function modelRewrite(
  prompt: string,
  vertical: Vertical,
  /** The original's total, scored once by the caller. */
  originalTotal: number,
  ctx: ProcessorContext,
  style?: RewriteStyle,
): Promise<Optimized | undefined> {
  const ref = ctx.deps.config.providers.roles.rewrite;
  if (!ref) return undefined;
  const system = style ? `${REWRITE_SYSTEM} ${STYLE_HINTS[style]}` : REWRITE_SYSTEM;
  try {
    const reply = await ctx.deps.providers.chat(
      ref,
      [
        { role: 'system', content: system },
        { role: 'user', content: prompt },
      ],
      { signal: ctx.signal, temperature: 0.2 },
    );
    const text = reply.content.trim();
    const score = scorePrompt(text, vertical);
    if (text && score.total >= originalTotal) return { prompt: text, score, by: ref.id };
    ctx.deps.logger.warn({ requestId: ctx.requestId, model: ref.id }, 'rewrite model answered nothing better; engine rewrite used');
  } catch (e) {
    if (!isProviderFailure(e)) throw e;
    ctx.deps.logger.warn({ requestId: ctx.requestId, err: e.message }, 'rewrite model failed; engine rewrite used');
  }
  return undefined;
}

/** Rewrites with LLM_REWRITE_MODEL when configured and useful; the engine's best style otherwise. */
export async function optimizePrompt(prompt: string, vertical: Vertical, originalTotal: number, ctx: ProcessorContext): Promise<Optimized> {
  return (await modelRewrite(prompt, vertical, originalTotal, ctx)) ?? bestEngineRewrite(prompt, vertical);
}

/** The model's answer to a prompt sent as the only user message. */
export async function runPrompt(ref: ModelRef, prompt: string, ctx: ProcessorContext): Promise<string> {
  const reply = await ctx.deps.providers.chat(ref, [{ role: 'user', content: prompt }], { signal: ctx.signal });
  return reply.content;
}
