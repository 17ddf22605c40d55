// Pure lookups over the provider configuration (no network): the API uses them to reject an
// unknown model or a missing provider before payment, the processors to pick their models.
import { POWERED_BY } from '../branding.js';
import { AppError } from '../errors.js';
import type { ModelListResponse } from '../schemas/responses.js';
import type { CompareModels, ModelRef, ProvidersConfig, ProviderSpec } from './spec.js';

const refOf = (provider: ProviderSpec, model: string): ModelRef => ({
  provider: provider.name,
  model,
  id: `${provider.name}/${model}`,
});

const noProviders = () =>
  new AppError(503, 'provider_unavailable', 'no model provider is configured on this service');

/**
 * Resolves an alias, a qualified `provider/model` id or a bare model id (when exactly one provider
 * lists it), in that order. Throws 400 unknown_model, or 503 provider_unavailable with no providers.
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
    throw new AppError(400, 'unknown_model', `model "${wanted}" is offered by several providers; use one of ${choices}`);
  }
  throw new AppError(400, 'unknown_model', `unknown model "${wanted}"; GET /api/proxy/llm/models lists the supported ids`);
}

/** The model /api/proxy/llm uses: the requested one, else the configured default. */
export function proxyModel(providers: ProvidersConfig, requested?: string): ModelRef {
  if (requested !== undefined) return resolveModel(providers, requested);
  return roleModel(providers, 'proxyDefault');
}

const ROLE_VARS = { proxyDefault: 'LLM_PROXY_DEFAULT_MODEL', run: 'LLM_RUN_MODEL' } as const;

/** A required role model; throws 503 provider_unavailable when it is not configured. */
export function roleModel(providers: ProvidersConfig, role: keyof typeof ROLE_VARS): ModelRef {
  const ref = providers.roles[role];
  if (ref) return ref;
  if (providers.list.length === 0) throw noProviders();
  throw new AppError(503, 'provider_unavailable', `no model is configured for this operation (${ROLE_VARS[role]})`);
}

/** The two compared models and their judge; throws 503 provider_unavailable when not configured. */
export function compareModels(providers: ProvidersConfig): CompareModels {
  if (providers.roles.compare) return providers.roles.compare;
  if (providers.list.length === 0) throw noProviders();
  throw new AppError(
    503,
    'provider_unavailable',
    'model comparison is not configured (LLM_COMPARE_MODEL_A, LLM_COMPARE_MODEL_B, LLM_JUDGE_MODEL)',
  );
}

/** Body of the free GET /api/proxy/llm/models: every qualified id with its aliases. */
export function listModels(providers: ProvidersConfig): ModelListResponse {
  return {
    default_model: providers.roles.proxyDefault?.id ?? null,
    models: providers.list.flatMap((p) =>
      p.models.map((model) => ({
        id: refOf(p, model).id,
        provider: p.name,
        aliases: Object.keys(p.aliases).filter((alias) => p.aliases[alias] === model),
      })),
    ),
    powered_by: POWERED_BY,
  };
}
