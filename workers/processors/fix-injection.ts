// Injection detection and sanitization: the heuristics always run (cheap, on the score pool); with
// LLM_INJECTION_MODEL configured a model also judges the prompt (the job then runs on the llm pool)
// and the report says `heuristic+llm`. A failing or unparseable model leaves the heuristic report.
import { injectionJudgeMessages, parseInjectionVerdict } from '../../shared/analysis/injection-judge.js';
import { POWERED_BY } from '../../shared/schemas/branding.js';
import { combineWithModel } from '../../shared/safety/combine.js';
import { analyzeInjection, type InjectionReport } from '../../shared/safety/index.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import { isProviderFailure } from './llm-steps.js';
import type { fixInjectionJob } from '../../shared/jobs.js';
import type { ProcessorContext, Processor } from './types.js';

async function withModel(prompt: string, report: InjectionReport, ctx: ProcessorContext): Promise<InjectionReport> {
  const ref = ctx.deps.config.providers.roles.injection;
  if (!ref) return report;
  try {
    const reply = await ctx.deps.providers.chat(ref, injectionJudgeMessages(prompt), { signal: ctx.signal, temperature: 0 });
    const verdict = parseInjectionVerdict(reply.content);
    if (verdict) return combineWithModel(report, verdict);
    ctx.deps.logger.warn({ requestId: ctx.requestId, model: ref.id }, 'injection model gave no usable verdict; heuristics only');
  } catch (e) {
    if (!isProviderFailure(e)) throw e;
    ctx.deps.logger.warn({ requestId: ctx.requestId, err: e.message }, 'injection model failed; heuristics only');
  }
  return report;
}

export const fixInjection: Processor<typeof fixInjectionJob> = async ({ prompt }, ctx) => ({
  svc_version: SVC_VERSION,
  ...(await withModel(prompt, analyzeInjection(prompt), ctx)),
  powered_by: POWERED_BY,
});
