// LLM_PROVIDERS and the role variables: parsing, defaults and the startup checks.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config.js';
import { configWith, type ProviderEntry } from './support.js';

const alpha: ProviderEntry = { name: 'alpha', base_url: 'http://127.0.0.1:1/v1', models: ['a-large', 'a-small'], aliases: { fast: 'a-small' } };
const beta: ProviderEntry = { name: 'beta', base_url: 'http://127.0.0.1:2/v1', models: ['b-large', 'b-judge'] };

/** The message of the error thrown while building the config. */
function configErrorOf(build: () => unknown): string {
  try {
    build();
  } catch (e) {
    expect((e as Error).name).toBe('ConfigError');
    return (e as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('provider configuration', () => {
  it('starts with no provider and no roles when LLM_PROVIDERS is unset', () => {
    const { providers } = configWith(undefined);
    expect(providers.list).toEqual([]);
    expect(providers.roles).toEqual({ proxyDefault: undefined, run: undefined, rewrite: undefined, compare: undefined });
  });

  it('applies per-provider defaults and maps snake_case to the typed spec', () => {
    const [spec] = configWith([alpha]).providers.list;
    expect(spec).toEqual({
      name: 'alpha',
      baseUrl: alpha.base_url,
      apiKey: '',
      models: alpha.models,
      aliases: { fast: 'a-small' },
      maxConcurrency: 4,
      timeoutMs: 30_000,
      maxRetries: 2,
      webSearch: false,
      headers: {},
    });
  });

  it('defaults the proxy and run models to the first model of the first provider', () => {
    const { roles } = configWith([alpha, beta]).providers;
    expect(roles.proxyDefault?.id).toBe('alpha/a-large');
    expect(roles.run?.id).toBe('alpha/a-large');
    expect(roles.rewrite).toBeUndefined();
  });

  it('resolves role variables given as aliases, qualified or bare ids', () => {
    const { roles } = configWith([alpha, beta], {
      LLM_PROXY_DEFAULT_MODEL: 'fast',
      LLM_RUN_MODEL: 'beta/b-large',
      LLM_REWRITE_MODEL: 'a-large',
      LLM_COMPARE_MODEL_A: 'alpha/a-large',
      LLM_COMPARE_MODEL_B: 'b-large',
      LLM_JUDGE_MODEL: 'b-judge',
    }).providers;
    expect(roles.proxyDefault).toEqual({ provider: 'alpha', model: 'a-small', id: 'alpha/a-small' });
    expect(roles.run?.id).toBe('beta/b-large');
    expect(roles.rewrite?.id).toBe('alpha/a-large');
    expect(roles.compare).toEqual({
      a: { provider: 'alpha', model: 'a-large', id: 'alpha/a-large' },
      b: { provider: 'beta', model: 'b-large', id: 'beta/b-large' },
      judge: { provider: 'beta', model: 'b-judge', id: 'beta/b-judge' },
    });
  });

  it('rejects LLM_PROVIDERS that is not JSON, naming the variable', () => {
    expect(() => loadConfig({ X402_ENABLED: 'false', LLM_PROVIDERS: '[{name:' })).toThrow(ConfigError);
    expect(configErrorOf(() => loadConfig({ X402_ENABLED: 'false', LLM_PROVIDERS: '[{name:' }))).toMatch(/LLM_PROVIDERS: not valid JSON/);
  });

  it('names the entry and field of every bad provider entry', () => {
    const message = configErrorOf(() =>
      configWith([
        { name: 'alpha', base_url: 'ftp://x', models: [] },
        { ...beta, aliases: { judge: 'missing-model' } },
        { ...beta, name: 'alpha' },
      ]),
    );
    expect(message).toMatch(/LLM_PROVIDERS: \[0\]\.base_url/);
    expect(message).toMatch(/\[0\]\.models: list at least one model id/);
    expect(message).toMatch(/\[1\]\.aliases\.judge: "missing-model" is not in this provider's models/);
    expect(message).toMatch(/\[2\]\.name: duplicate provider name "alpha"/);
  });

  it('rejects unknown fields in an entry, so a typo never falls back to a default', () => {
    const message = configErrorOf(() => loadConfig({ X402_ENABLED: 'false', LLM_PROVIDERS: JSON.stringify([{ ...alpha, max_concurency: 2 }]) }));
    expect(message).toMatch(/max_concurency/);
  });

  it('rejects an alias defined by two providers', () => {
    expect(configErrorOf(() => configWith([alpha, { ...beta, aliases: { fast: 'b-large' } }]))).toMatch(
      /\[1\]\.aliases\.fast: alias already defined by provider "alpha"/,
    );
  });

  it('rejects compared models on the same provider', () => {
    const message = configErrorOf(() =>
      configWith([alpha, beta], { LLM_COMPARE_MODEL_A: 'alpha/a-large', LLM_COMPARE_MODEL_B: 'alpha/a-small', LLM_JUDGE_MODEL: 'b-judge' }),
    );
    expect(message).toMatch(/LLM_COMPARE_MODEL_B: .*two different providers/);
  });

  it('rejects a judge that is one of the compared models', () => {
    const message = configErrorOf(() =>
      configWith([alpha, beta], { LLM_COMPARE_MODEL_A: 'a-large', LLM_COMPARE_MODEL_B: 'b-large', LLM_JUDGE_MODEL: 'beta/b-large' }),
    );
    expect(message).toMatch(/LLM_JUDGE_MODEL: "beta\/b-large" is one of the compared models; the judge must be a third model/);
  });

  it('requires the three compare variables together', () => {
    expect(configErrorOf(() => configWith([alpha, beta], { LLM_COMPARE_MODEL_A: 'a-large' }))).toMatch(
      /LLM_COMPARE_MODEL_B, LLM_JUDGE_MODEL: must be set together with LLM_COMPARE_MODEL_A/,
    );
  });

  it('rejects a role naming an unknown model, and roles set without any provider', () => {
    expect(configErrorOf(() => configWith([alpha], { LLM_RUN_MODEL: 'nope' }))).toMatch(/LLM_RUN_MODEL: unknown model "nope"/);
    expect(configErrorOf(() => configWith(undefined, { LLM_PROXY_DEFAULT_MODEL: 'x' }))).toMatch(
      /LLM_PROXY_DEFAULT_MODEL: "x" is set but LLM_PROVIDERS configures no provider/,
    );
  });

  it('reports every problem at once', () => {
    const message = configErrorOf(() =>
      configWith([alpha, beta], { LLM_RUN_MODEL: 'nope', LLM_COMPARE_MODEL_A: 'a-large', LLM_COMPARE_MODEL_B: 'a-small', LLM_JUDGE_MODEL: 'a-large' }),
    );
    expect(message.split('\n').filter((l) => l.startsWith('  '))).toHaveLength(3);
  });
});
