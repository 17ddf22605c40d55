// rewrite(): the embedded rewriter. It scores the prompt, adds blocks for the weak dimensions in
// the chosen style, and checks the result: a variant never scores below the original, and the
// detailed style is pushed to strictly beat any original under 60/80.
import { MAX_PROMPT_CHARS, REWRITE_STYLES, VERTICALS, type RewriteStyle, type Vertical } from '../../schemas/common.js';
import { scorePrompt } from '../engine.js';
import { extractFeatures } from '../text/features.js';
import { MUST_IMPROVE_BELOW, STRONG_DIMENSION } from '../thresholds.js';
import { oneOf } from '../untyped.js';
import { BLOCK_FOR, partsFor, roleLine, stepLines, formatLine, type Block } from './blocks.js';
import { STYLES } from './styles.js';

const CONCISE_BLOCKS = 3;
const ALL_BLOCKS: ReadonlySet<Block> = new Set(['deliverable', 'role', 'context', 'constraints', 'format', 'steps', 'example']);
const EMPTY_TASK = '[state the task here]';

export function rewrite(prompt: string, vertical: Vertical, style: RewriteStyle): string {
  const text = typeof prompt === 'string' ? prompt : '';
  const v = oneOf(vertical, VERTICALS, 'general');
  const s = oneOf(style, REWRITE_STYLES, 'detailed');
  const base = scorePrompt(text, v);
  // Every weak dimension gets its block.
  const weak = base.weakest.filter((d) => base.dimensions[d] < STRONG_DIMENSION);
  // Deduplicate first: specificity and context share a block, and concise keeps only three.
  const blocks = [...new Set(weak.map((d) => BLOCK_FOR[d]).filter((b): b is Block => b !== null))];
  const want = new Set(s === 'concise' ? blocks.slice(0, CONCISE_BLOCKS) : blocks);
  const task = text.trim() === '' ? EMPTY_TASK : text.trim();
  const x = partsFor(extractFeatures(text.slice(0, 2_000), v).deliverableKey, v);

  const needed = s === 'detailed' && base.total < MUST_IMPROVE_BELOW ? base.total + 1 : base.total;
  const candidates = [
    STYLES[s]({ task, x, want }),
    STYLES[s]({ task, x, want: ALL_BLOCKS }),
    STYLES.detailed({ task, x, want: ALL_BLOCKS }),
    // Shorter fallbacks: for long prompts (the 10,000-char limit) and when many blocks dilute the score.
    `${roleLine(x)}\n\n${task}\n\nSteps:\n${stepLines(x).join('\n')}\n\nOutput format: ${formatLine(x)}`,
    `${roleLine(x)}\n\n${task}\n\nOutput format: ${formatLine(x)}`,
    `${roleLine(x)}\n\n${task}`,
  ];
  // The API's prompt limit: a rewrite of a prompt within it stays within it.
  const limit = text.length <= MAX_PROMPT_CHARS ? MAX_PROMPT_CHARS : Infinity;
  // Each candidate is scored at most once: the fallback below reuses the totals of the first pass.
  const totals: number[] = [];
  const totalOf = (k: number): number => (totals[k] ??= scorePrompt(candidates[k] as string, v).total);
  for (let k = 0; k < candidates.length; k++) {
    if ((candidates[k] as string).length <= limit && totalOf(k) >= needed) return candidates[k] as string;
  }
  // Nothing fits under the limit: the shortest improving candidate beats returning the prompt as is.
  for (let k = candidates.length - 1; k >= 0; k--) if (totalOf(k) >= needed) return candidates[k] as string;
  // Last resort keeps the guarantee "never below the original".
  return text;
}
