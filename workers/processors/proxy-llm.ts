// proxy.llm (/api/proxy/llm): the engine's score plus a chat completion on the chosen model. A
// provider failure is reported in `llm.error` inside the 200 body, as SPEC.md asks.
import { LINKS, POWERED_BY } from '../../shared/schemas/branding.js';
import { priceOf } from '../../shared/prices.js';
import { proxyModel } from '../../shared/providers/index.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import type { ProxyResponse } from '../../shared/schemas/responses.js';
import { PROXY_SUGGESTION_BELOW, PROXY_WARNING_BELOW, scorePrompt, type EngineScore } from '../../shared/scoring/index.js';
import { isProviderFailure } from './llm-steps.js';
import type { proxyLlmJob } from '../../shared/jobs.js';
import type { Processor } from './types.js';


function preflightWarning(s: EngineScore): string | null {
  if (s.total >= PROXY_WARNING_BELOW) return null;
  return `This prompt scores ${s.total}/${s.out_of} (grade ${s.grade}), below ${PROXY_WARNING_BELOW}: expect a weak answer; improve ${s.weakest[0] ?? 'it'} first.`;
}

const improvementSuggestion = (s: EngineScore): string | null =>
  s.total >= PROXY_SUGGESTION_BELOW ? null : s.top_fixes[0].replace(/\s+/g, ' ').trim();

export const proxyLlm: Processor<typeof proxyLlmJob> = async ({ prompt, vertical, model, web_search }, ctx) => {
  const ref = proxyModel(ctx.deps.config.providers, model);
  const s = scorePrompt(prompt, vertical);
  const registry = ctx.deps.providers;
  const wantsSearch = web_search === true;
  let llm: ProxyResponse['llm'];
  try {
    const reply = await registry.chat(ref, [{ role: 'user', content: prompt }], { signal: ctx.signal, webSearch: wantsSearch });
    llm = { model: reply.model, content: reply.content, usage: reply.usage, citations: reply.citations, web_search_enabled: reply.webSearch };
  } catch (e) {
    if (!isProviderFailure(e)) throw e;
    llm = { error: e.message, citations: [], web_search_enabled: wantsSearch && registry.supportsWebSearch(ref) };
  }
  return {
    svc_version: SVC_VERSION,
    svc: { total: s.total, grade: s.grade, dimensions: s.dimensions, framework_breakdown: s.frameworks },
    preflight_warning: preflightWarning(s),
    improvement_suggestion: improvementSuggestion(s),
    llm,
    meta: { endpoint: LINKS.proxy, price_paid_usdc: 'error' in llm ? 0 : priceOf(LINKS.proxy), request_id: ctx.requestId },
    powered_by: POWERED_BY,
  };
};
