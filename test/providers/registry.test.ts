// The provider registry over the real openai SDK against fake OpenAI-compatible servers: what is
// sent, concurrency caps, timeouts, retries, aborts and citations.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../shared/metrics.js';
import { createProviderRegistry, resolveModel } from '../../shared/providers/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { configWith, rejection, type ProviderEntry } from './support.js';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ models: ['echo'] });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

/** A registry with one provider on the fake server, and a resolver for its models. */
function setup(entry: Partial<ProviderEntry> & { models: string[] }) {
  const { providers } = configWith([{ name: 'p', base_url: fake.baseUrl, max_retries: 0, ...entry }]);
  return { registry: createProviderRegistry(providers, createMetrics().models), ref: (id: string) => resolveModel(providers, id) };
}


describe('provider registry', () => {
  it('sends the unqualified model, the messages, the key and extra headers; returns content and usage', async () => {
    const { registry, ref } = setup({ models: ['echo'], api_key: 'sk-test', headers: { 'x-title': 'promptgate' } });
    const reply = await registry.chat(ref('echo'), [{ role: 'user', content: 'Say hi' }], { maxTokens: 50, temperature: 0 });
    expect(reply.model).toBe('p/echo');
    expect(reply.content).toContain('Answer to: Say hi');
    expect(reply.usage).toMatchObject({ prompt_tokens: 2, total_tokens: expect.any(Number) });
    const [sent] = fake.chatRequests();
    expect(sent?.authorization).toBe('Bearer sk-test');
    expect(sent?.headers['x-title']).toBe('promptgate');
    expect(sent?.body).toMatchObject({ model: 'echo', messages: [{ role: 'user', content: 'Say hi' }], max_tokens: 50, temperature: 0 });
  });

  it('answers the same content for the same model and messages', async () => {
    const { registry, ref } = setup({ models: ['echo'] });
    const ask = () => registry.chat(ref('echo'), [{ role: 'user', content: 'Same question' }]);
    expect((await ask()).content).toBe((await ask()).content);
  });

  it('never runs more calls at once on a provider than max_concurrency', async () => {
    const { registry, ref } = setup({ models: ['slow-150'], max_concurrency: 2 });
    const calls = Array.from({ length: 6 }, (_, i) => registry.chat(ref('slow-150'), [{ role: 'user', content: `q${i}` }]));
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.chatRequests()).toHaveLength(2);
    await Promise.all(calls);
    expect(fake.maxInFlight()).toBe(2);
    expect(fake.chatRequests()).toHaveLength(6);
  });

  it('keeps separate limits per provider', async () => {
    const { providers } = configWith([
      { name: 'one', base_url: fake.baseUrl, models: ['slow-100'], max_concurrency: 1 },
      { name: 'two', base_url: fake.baseUrl, models: ['slow-100'], max_concurrency: 1 },
    ]);
    const registry = createProviderRegistry(providers, createMetrics().models);
    const msg = [{ role: 'user' as const, content: 'x' }];
    await Promise.all([registry.chat(resolveModel(providers, 'one/slow-100'), msg), registry.chat(resolveModel(providers, 'two/slow-100'), msg)]);
    expect(fake.maxInFlight()).toBe(2);
  });

  it('fails with provider_failed when the provider exceeds timeout_ms', async () => {
    const { registry, ref } = setup({ models: ['slow-3000'], timeout_ms: 200 });
    const started = Date.now();
    const e = await rejection(registry.chat(ref('slow-3000'), [{ role: 'user', content: 'x' }]));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(e).toMatchObject({ code: 'provider_failed', message: 'model p/slow-3000 failed: timed out after 200 ms' });
  });

  it('reports the HTTP status of a failing provider after the SDK retries', async () => {
    const { registry, ref } = setup({ models: ['fail-500', 'fail-429'], max_retries: 1 });
    const e = await rejection(registry.chat(ref('fail-500'), [{ role: 'user', content: 'x' }]));
    expect(e).toMatchObject({ code: 'provider_failed' });
    expect(e.message).toMatch(/^model p\/fail-500 failed: HTTP 500/);
    expect(fake.chatRequests('fail-500')).toHaveLength(2);
    expect((await rejection(registry.chat(ref('fail-429'), [{ role: 'user', content: 'x' }]))).message).toMatch(/HTTP 429/);
  });

  it('recovers when a retry succeeds', async () => {
    const { registry, ref } = setup({ models: ['flaky'], max_retries: 2 });
    fake.setBehavior('flaky', { status: 503, failTimes: 2 });
    const reply = await registry.chat(ref('flaky'), [{ role: 'user', content: 'x' }]);
    expect(reply.content).toContain('Answer to: x');
    expect(fake.chatRequests('flaky')).toHaveLength(3);
  });

  it('stops a running call when the signal aborts, with 504 timeout', async () => {
    const { registry, ref } = setup({ models: ['slow-3000'] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const e = await rejection(registry.chat(ref('slow-3000'), [{ role: 'user', content: 'x' }], { signal: controller.signal }));
    expect(e).toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('rejects a call still waiting for a concurrency slot as soon as its signal aborts, and never sends it', async () => {
    const { registry, ref } = setup({ models: ['slow-500'], max_concurrency: 1 });
    const first = registry.chat(ref('slow-500'), [{ role: 'user', content: 'first' }]);
    const controller = new AbortController();
    const queued = registry.chat(ref('slow-500'), [{ role: 'user', content: 'queued' }], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    expect(await rejection(queued)).toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(300);
    await first;
    expect(fake.chatRequests().map((r) => r.messages?.[0]?.content)).toEqual(['first']);
  });

  it('does not call the provider when the signal is already aborted', async () => {
    const { registry, ref } = setup({ models: ['echo'] });
    const e = await rejection(registry.chat(ref('echo'), [{ role: 'user', content: 'x' }], { signal: AbortSignal.abort() }));
    expect(e.code).toBe('timeout');
    expect(fake.chatRequests()).toHaveLength(0);
  });
});

describe('web search and citations', () => {
  it('asks for web search and maps search_results when the provider supports it', async () => {
    const { registry, ref } = setup({ models: ['cite'], web_search: true });
    const reply = await registry.chat(ref('cite'), [{ role: 'user', content: 'news?' }], { webSearch: true });
    expect(reply.webSearch).toBe(true);
    expect(reply.citations).toEqual([
      { title: 'Source A', url: 'https://example.org/a', content: 'First source text.', date: '2024-05-01' },
      { title: 'Source B', url: 'https://example.org/b', content: 'Second source text.', date: '2024-06-02' },
    ]);
    expect(fake.chatRequests()[0]?.body).toHaveProperty('web_search_options', {});
  });

  it('returns no citations and sends no search option when search was not asked for', async () => {
    const { registry, ref } = setup({ models: ['cite'], web_search: true });
    const reply = await registry.chat(ref('cite'), [{ role: 'user', content: 'x' }]);
    expect(reply).toMatchObject({ webSearch: false, citations: [] });
    expect(fake.chatRequests()[0]?.body).not.toHaveProperty('web_search_options');
  });

  it('ignores a web search request on a provider without web_search', async () => {
    const { registry, ref } = setup({ models: ['cite'] });
    const reply = await registry.chat(ref('cite'), [{ role: 'user', content: 'x' }], { webSearch: true });
    expect(reply).toMatchObject({ webSearch: false, citations: [] });
    expect(registry.supportsWebSearch(ref('cite'))).toBe(false);
  });
});
