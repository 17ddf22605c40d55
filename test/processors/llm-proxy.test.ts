// proxy.llm: engine score plus a chat completion; provider failures inside a 200-shaped body.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyRequest } from '../../shared/schemas/requests.js';
import { ProxyResponseSchema } from '../../shared/schemas/responses.js';
import { scorePrompt } from '../../shared/scoring/index.js';
import { proxyLlm } from '../../workers/processors/proxy-llm.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { configWith, contextFor, rejection } from '../providers/support.js';

const WEAK = 'tell me about dogs';
/** A rich, hand-written expert prompt (scores well above 50 in every vertical that matters here). */
const STRONG = [
  'You are a senior PostgreSQL DBA with 10 years of experience tuning OLTP systems.',
  'Context: our Node 20 API (Express, pg 8.11) serves 2,000 req/s; p99 latency rose from 40 ms to 900 ms after we added the `orders.customer_id` foreign key. The table has 120M rows. Audience: the on-call backend team.',
  'Task: diagnose the likely cause and propose fixes.',
  'Constraints:\n- Must not require downtime longer than 5 minutes.\n- Do not suggest switching databases.\n- Keep the answer under 400 words.',
  'Steps:\n1. List the 3 most likely causes, ranked.\n2. For each, give the diagnostic SQL query to confirm it.\n3. Recommend one fix with its rollout plan.',
  'Output format: Markdown with sections "Causes", "Diagnostics", "Fix"; diagnostics as ```sql code blocks.',
  'Example of a cause entry: "1. Missing index on orders.customer_id: FK checks on DELETE from customers do seq scans."',
].join('\n\n');
let search: FakeOpenAI;
let plain: FakeOpenAI;
beforeAll(async () => {
  [search, plain] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
});
afterAll(() => Promise.all([search.close(), plain.close()]));
afterEach(() => [search, plain].forEach((f) => f.reset()));

const config = () =>
  configWith(
    [
      { name: 'plain', base_url: plain.baseUrl, models: ['chat', 'fail-500', 'slow-3000', 'cite'], aliases: { default: 'chat' }, max_retries: 0, timeout_ms: 200 },
      { name: 'search', base_url: search.baseUrl, models: ['cite'], aliases: { web: 'cite' }, web_search: true, max_retries: 0 },
    ],
    { LLM_PROXY_DEFAULT_MODEL: 'default' },
  );

const run = (input: Omit<ProxyRequest, 'vertical'> & { vertical?: ProxyRequest['vertical'] }) => {
  const ctx = contextFor(config());
  return proxyLlm({ vertical: 'general', ...input }, ctx).then((body) => ({ body: ProxyResponseSchema.parse(body), ctx }));
};

describe('proxy.llm', () => {
  it('scores the prompt, warns below 30, suggests below 50 and answers on the default model', async () => {
    const { body, ctx } = await run({ prompt: WEAK });
    const s = scorePrompt(WEAK, 'general');
    expect(s.total).toBeLessThan(30);
    expect(body.svc).toEqual({ total: s.total, grade: s.grade, dimensions: s.dimensions, framework_breakdown: s.frameworks });
    expect(body.preflight_warning).toMatch(new RegExp(`^This prompt scores ${s.total}/80`));
    expect(body.improvement_suggestion).toBe(s.top_fixes[0]);
    expect(body.llm).toMatchObject({ model: 'plain/chat', content: expect.stringContaining(`Answer to: ${WEAK}`), citations: [], web_search_enabled: false });
    expect(body.llm).toHaveProperty('usage.total_tokens');
    expect(body.meta).toEqual({ endpoint: '/api/proxy/llm', price_paid_usdc: 0.05, request_id: ctx.requestId });
    expect(body.svc_version).toBe('2.0');
    expect(plain.chatRequests('chat').map((r) => r.messages)).toEqual([[{ role: 'user', content: WEAK }]]);
  });

  it('gives neither warning nor suggestion for a prompt scoring 50 or more', async () => {
    expect(scorePrompt(STRONG, 'general').total).toBeGreaterThanOrEqual(50);
    const { body } = await run({ prompt: STRONG });
    expect(body.preflight_warning).toBeNull();
    expect(body.improvement_suggestion).toBeNull();
  });

  it('uses the requested model by alias or qualified id', async () => {
    expect((await run({ prompt: WEAK, model: 'web' })).body.llm).toMatchObject({ model: 'search/cite' });
    expect((await run({ prompt: WEAK, model: 'plain/cite' })).body.llm).toMatchObject({ model: 'plain/cite' });
  });

  it('rejects an unknown model with 400 unknown_model', async () => {
    expect(await rejection(run({ prompt: WEAK, model: 'gpt-99' }))).toMatchObject({ code: 'unknown_model' });
  });

  it('reports a provider failure in llm.error inside a schema-valid body', async () => {
    const { body } = await run({ prompt: WEAK, model: 'plain/fail-500' });
    expect(body.llm).toEqual({ error: expect.stringMatching(/^model plain\/fail-500 failed: HTTP 500/), citations: [], web_search_enabled: false });
    expect(body.svc.total).toBe(scorePrompt(WEAK, 'general').total);
    expect(body.meta.price_paid_usdc).toBe(0); // a failed completion is not charged
  });

  it('reports a provider timeout in llm.error', async () => {
    const { body } = await run({ prompt: WEAK, model: 'slow-3000' });
    expect(body.llm).toMatchObject({ error: 'model plain/slow-3000 failed: timed out after 200 ms' });
  });

  it('returns citations when web search is asked for on a provider that supports it', async () => {
    const { body } = await run({ prompt: WEAK, model: 'web', web_search: true });
    expect(body.llm).toMatchObject({ web_search_enabled: true, citations: [{ title: 'Source A', url: 'https://example.org/a' }, { title: 'Source B' }] });
    expect(search.chatRequests()[0]?.body).toHaveProperty('web_search_options');
  });

  it('leaves web search off when not asked for, or when the provider lacks it', async () => {
    expect((await run({ prompt: WEAK, model: 'web' })).body.llm).toMatchObject({ web_search_enabled: false, citations: [] });
    expect((await run({ prompt: WEAK, model: 'plain/cite', web_search: true })).body.llm).toMatchObject({ web_search_enabled: false, citations: [] });
  });

  it('keeps web_search_enabled true in a failed call on a search provider', async () => {
    search.setBehavior('cite', { status: 500 });
    const { body } = await run({ prompt: WEAK, model: 'web', web_search: true });
    expect(body.llm).toMatchObject({ error: expect.any(String), web_search_enabled: true, citations: [] });
  });

  it('is provider_unconfigured when no provider is configured', async () => {
    const ctx = contextFor(configWith(undefined));
    expect(await rejection(proxyLlm({ prompt: WEAK, vertical: 'general' }, ctx))).toMatchObject({ code: 'provider_unconfigured' });
  });
});
