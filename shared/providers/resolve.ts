// Pure lookups over the provider configuration (no network): the API uses them to reject an
// unknown model or a missing provider before payment, the processors to pick their models.
import { DomainError } from '../errors.js';
import type { CompareModels, ModelRef, ProvidersConfig, ProviderSpec } from './spec.js';

const refOf = (provider: ProviderSpec, model: string): ModelRef => ({
  provider: provider.name,
  model,
  id: `${provider.name}/${model}`,
});

const noProviders = () => new DomainError('provider_unconfigured', 'no model provider is configured on this service');

/**
 * Resolves an alias, a qualified `provider/model` id or a bare model id (when exactly one provider
 * lists it), in that order. Throws unknown_model, or provider_unconfigured with no providers.
 */
export function resolveModel(providers: ProvidersConfig, idOrAlias: string): ModelRef {
  if (providers.list.length === 0) throw noProviders();
  const wanted = idOrAlias.trim();
  for (const p of providers.list) {
    const target = p.aliases[wanted];
    if (target !== undefined) return refOf(p, target);
  }
  for (const p of providers.list) {
    const rest = wanted.startsWith(`${p.name}/`) ? wanted.slice(p.name.length + 1) : undefined;
    if (rest !== undefined && p.models.includes(rest)) return refOf(p, rest);
  }
  const owners = providers.list.filter((p) => p.models.includes(wanted));
  if (owners.length === 1) return refOf(owners[0]!, wanted);
  if (owners.length > 1) {
    const choices = owners.map((p) => `${p.name}/${wanted}`).join(', ');
    throw new DomainError('unknown_model', `model "${wanted}" is offered by several providers; use one of ${choices}`);
  }
  throw new DomainError('unknown_model', `unknown model "${wanted}"`);
}

/** The model /api/proxy/llm uses: the requested one, else the configured default. */
export function proxyModel(providers: ProvidersConfig, requested?: string): ModelRef {
  if (requested !== undefined) return resolveModel(providers, requested);
  return roleModel(providers, 'proxyDefault');
}

const ROLE_VARS = { proxyDefault: 'LLM_PROXY_DEFAULT_MODEL', run: 'LLM_RUN_MODEL' } as const;

/** A required role model; throws provider_unconfigured when it is not configured. */
export function roleModel(providers: ProvidersConfig, role: keyof typeof ROLE_VARS): ModelRef {
  const ref = providers.roles[role];
  if (ref) return ref;
  if (providers.list.length === 0) throw noProviders();
  throw new DomainError('provider_unconfigured', `no model is configured for this operation (${ROLE_VARS[role]})`);
}

/** The two compared models and their judge; throws provider_unconfigured when not configured. */
export function compareModels(providers: ProvidersConfig): CompareModels {
  if (providers.roles.compare) return providers.roles.compare;
  if (providers.list.length === 0) throw noProviders();
  throw new DomainError(
    'provider_unconfigured',
    'model comparison is not configured (LLM_COMPARE_MODEL_A, LLM_COMPARE_MODEL_B, LLM_JUDGE_MODEL)',
  );
}

export interface OfferedModel {
  /** The qualified `provider/model` id. */
  id: string;
  provider: string;
  aliases: string[];
}

/** Every model the providers offer, by qualified id, with the aliases that name it. */
export function offeredModels(providers: ProvidersConfig): OfferedModel[] {
  return providers.list.flatMap((p) =>
    p.models.map((model) => ({
      id: refOf(p, model).id,
      provider: p.name,
      aliases: Object.keys(p.aliases).filter((alias) => p.aliases[alias] === model),
    })),
  );
}
