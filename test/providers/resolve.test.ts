// Pure model lookups: aliases, qualified and bare ids, unknown and ambiguous models, the free list.
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../shared/errors.js';
import { compareModels, offeredModels, proxyModel, resolveModel, roleModel } from '../../shared/providers/index.js';
import { configWith } from './support.js';

const { providers } = configWith([
  { name: 'alpha', base_url: 'http://127.0.0.1:1/v1', models: ['shared-7b', 'a-large'], aliases: { smart: 'a-large' } },
  { name: 'router', base_url: 'http://127.0.0.1:2/v1', models: ['shared-7b', 'meta-llama/llama-3-70b'], aliases: { llama: 'meta-llama/llama-3-70b' } },
]);

function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a DomainError');
}

describe('resolveModel', () => {
  it('resolves an alias to its provider and model', () => {
    expect(resolveModel(providers, 'smart')).toEqual({ provider: 'alpha', model: 'a-large', id: 'alpha/a-large' });
    expect(resolveModel(providers, 'llama').id).toBe('router/meta-llama/llama-3-70b');
  });

  it('resolves qualified ids, including model ids that hold a slash', () => {
    expect(resolveModel(providers, 'router/shared-7b').provider).toBe('router');
    expect(resolveModel(providers, 'router/meta-llama/llama-3-70b').model).toBe('meta-llama/llama-3-70b');
  });

  it('resolves a bare id offered by exactly one provider', () => {
    expect(resolveModel(providers, 'meta-llama/llama-3-70b').id).toBe('router/meta-llama/llama-3-70b');
    expect(resolveModel(providers, 'a-large').id).toBe('alpha/a-large');
  });

  it('rejects a bare id offered by several providers as unknown_model, listing the qualified choices', () => {
    expect(errorOf(() => resolveModel(providers, 'shared-7b'))).toEqual({
      code: 'unknown_model',
      message: 'model "shared-7b" is offered by several providers; use one of alpha/shared-7b, router/shared-7b',
    });
  });

  it('rejects an unknown model, or a known model under the wrong provider, as unknown_model, naming no endpoint', () => {
    for (const id of ['gpt-9', 'alpha/meta-llama/llama-3-70b', 'nobody/a-large']) {
      expect(errorOf(() => resolveModel(providers, id))).toEqual({ code: 'unknown_model', message: `unknown model "${id}"` });
    }
  });

  it('is provider_unconfigured when no provider is configured', () => {
    const none = configWith(undefined).providers;
    expect(errorOf(() => resolveModel(none, 'anything'))).toMatchObject({ code: 'provider_unconfigured' });
    expect(errorOf(() => proxyModel(none))).toMatchObject({ code: 'provider_unconfigured' });
    expect(errorOf(() => roleModel(none, 'run'))).toMatchObject({ code: 'provider_unconfigured' });
  });
});

describe('role lookups', () => {
  it('uses the default model when the proxy request names none', () => {
    expect(proxyModel(providers).id).toBe('alpha/shared-7b');
    expect(proxyModel(providers, 'llama').id).toBe('router/meta-llama/llama-3-70b');
  });

  it('is provider_unconfigured when comparison is not configured, naming the variables to set', () => {
    expect(errorOf(() => compareModels(providers))).toMatchObject({
      code: 'provider_unconfigured',
      message: expect.stringContaining('LLM_COMPARE_MODEL_A'),
    });
  });
});

describe('offeredModels', () => {
  it('lists every qualified id with its aliases', () => {
    expect(offeredModels(providers)).toEqual([
      { id: 'alpha/shared-7b', provider: 'alpha', aliases: [] },
      { id: 'alpha/a-large', provider: 'alpha', aliases: ['smart'] },
      { id: 'router/shared-7b', provider: 'router', aliases: [] },
      { id: 'router/meta-llama/llama-3-70b', provider: 'router', aliases: ['llama'] },
    ]);
  });

  it('is empty when no provider is configured', () => {
    expect(offeredModels(configWith(undefined).providers)).toEqual([]);
  });

  it('resolves every listed id and alias back to the listed model', () => {
    for (const m of offeredModels(providers)) {
      expect(resolveModel(providers, m.id).id).toBe(m.id);
      for (const alias of m.aliases) expect(resolveModel(providers, alias).id).toBe(m.id);
    }
  });
});
