// The judge of /api/score/compare: the messages asking a model to score one answer, and a tolerant
// parser for its reply (JSON in prose or code fences, numeric strings, "8/10", out-of-range values).
import { z } from 'zod';
import type { ComparisonScores } from '../schemas/common.js';
import type { ChatMessage } from '../providers/registry.js';
import { lenientNumber, parseJsonReply } from './json-reply.js';

export type JudgeCriteria = Omit<ComparisonScores, 'total'>;

const SYSTEM = [
  'You are an impartial evaluator of model answers.',
  'Score the ANSWER to the PROMPT on four criteria, each an integer from 1 (worst) to 10 (best):',
  'completeness: covers everything the prompt asks for;',
  'relevancy: stays on the subject of the prompt;',
  'reasoning_depth: explains why, shows steps, weighs alternatives;',
  'faithfulness: states nothing invented and nothing that contradicts the prompt.',
  'Reply with only a JSON object and nothing else:',
  '{"completeness": <int>, "relevancy": <int>, "reasoning_depth": <int>, "faithfulness": <int>}',
].join('\n');

export function judgeMessages(prompt: string, answer: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `PROMPT:\n<<<\n${prompt}\n>>>\n\nANSWER:\n<<<\n${answer}\n>>>` },
  ];
}

/** The second attempt: the first reply is shown back with a firmer instruction. */
export function judgeRetryMessages(prompt: string, answer: string, badReply: string): ChatMessage[] {
  return [
    ...judgeMessages(prompt, answer),
    { role: 'assistant', content: badReply },
    {
      role: 'user',
      content: 'That reply was not the JSON object asked for. Reply with only {"completeness": <int>, "relevancy": <int>, "reasoning_depth": <int>, "faithfulness": <int>}.',
    },
  ];
}

export const clampScore = (n: number) => Math.min(10, Math.max(1, Math.round(n)));

/** "8", 8, "8/10", "8.5 out of 10" -> a number; anything else fails the parse. */
const Score = lenientNumber(clampScore);
const CriteriaSchema = z.object({
  completeness: Score,
  relevancy: Score,
  reasoning_depth: Score,
  faithfulness: Score,
});

/** The four criteria of a judge reply, clamped to 1..10; undefined when the reply has no usable object. */
export const parseJudgeReply = (reply: string): JudgeCriteria | undefined => parseJsonReply(reply, CriteriaSchema, 'scores');

export const withTotal = (c: JudgeCriteria): ComparisonScores => ({
  ...c,
  total: c.completeness + c.relevancy + c.reasoning_depth + c.faithfulness,
});
