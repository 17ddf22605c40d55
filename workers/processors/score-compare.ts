// score.compare (/api/score/compare): optimize the prompt, run it on models A and B (two providers),
// have a third model judge each answer; a chatty or failing judge falls back to a heuristic.
import { compareVerdict, decideWinner } from '../../shared/analysis/compare-verdict.js';
import { heuristicJudge } from '../../shared/analysis/judge-heuristic.js';
import { judgeMessages, judgeRetryMessages, parseJudgeReply, withTotal, type JudgeCriteria } from '../../shared/analysis/judge.js';
import { POWERED_BY } from '../../shared/schemas/branding.js';
import { compareModels, type ChatMessage, type ModelRef } from '../../shared/providers/index.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import { scorePrompt } from '../../shared/scoring/index.js';
import { isProviderFailure, optimizePrompt, runPrompt } from './llm-steps.js';
import type { scoreCompareJob } from '../../shared/jobs.js';
import type { ProcessorContext, Processor } from './types.js';

const JUDGE_MAX_TOKENS = 200;

/** The judge's scores, or undefined after two unusable replies or a failed judge call. */
async function askJudge(judge: ModelRef, prompt: string, answer: string, ctx: ProcessorContext): Promise<JudgeCriteria | undefined> {
  const ask = (messages: ChatMessage[]) =>
    ctx.deps.providers.chat(judge, messages, { signal: ctx.signal, temperature: 0, maxTokens: JUDGE_MAX_TOKENS });
  try {
    const first = await ask(judgeMessages(prompt, answer));
    const parsed = parseJudgeReply(first.content);
    if (parsed) return parsed;
    return parseJudgeReply((await ask(judgeRetryMessages(prompt, answer, first.content))).content);
  } catch (e) {
    if (!isProviderFailure(e)) throw e;
    ctx.deps.logger.warn({ requestId: ctx.requestId, err: e.message }, 'judge failed; heuristic used');
    return undefined;
  }
}

export const scoreCompare: Processor<typeof scoreCompareJob> = async ({ prompt, vertical }, ctx) => {
  const models = compareModels(ctx.deps.config.providers);
  const optimized = await optimizePrompt(prompt, vertical, scorePrompt(prompt, vertical).total, ctx);
  const [outputA, outputB] = await Promise.all([
    runPrompt(models.a, optimized.prompt, ctx),
    runPrompt(models.b, optimized.prompt, ctx),
  ]);
  const judged = await Promise.all([outputA, outputB].map((output) => askJudge(models.judge, optimized.prompt, output, ctx)));
  const fellBack = judged.some((j) => j === undefined);
  // Both answers are scored the same way, so a partial judge failure never mixes scales.
  const [scoresA, scoresB] = fellBack
    ? [heuristicJudge(optimized.prompt, outputA), heuristicJudge(optimized.prompt, outputB)]
    : (judged as [JudgeCriteria, JudgeCriteria]);
  const results = {
    model_a: { model: models.a.id, output: outputA, scores: withTotal(scoresA) },
    model_b: { model: models.b.id, output: outputB, scores: withTotal(scoresB) },
  };
  const winner = decideWinner(results.model_a.scores, results.model_b.scores);
  const judgedBy = fellBack ? `the deterministic heuristic (${models.judge.id} gave no usable scores)` : models.judge.id;
  return {
    svc_version: SVC_VERSION,
    original_prompt: prompt,
    optimized_prompt: optimized.prompt,
    vertical,
    results,
    winner,
    verdict: compareVerdict(winner, results, judgedBy),
    powered_by: POWERED_BY,
  };
};
