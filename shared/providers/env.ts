// Environment variables of the model providers; composed into shared/config.ts. docs/providers.md
// documents each one.
import { z } from 'zod';
import { int } from '../env-fields.js';
import { buildRoles } from './roles.js';
import { ProviderListSchema, toProviderSpec, type ProvidersConfig } from './spec.js';

/** A role variable: a model reference, blank meaning unset. */
const optionalModel = z.string().trim().optional().transform((v) => v || undefined);

/** LLM_PROVIDERS: a JSON array of provider entries; unset or empty means no provider. */
const providerList = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === '') return [];
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `not valid JSON (${(e as Error).message})` });
      return z.NEVER;
    }
    const parsed = ProviderListSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const where = issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
        ctx.addIssue({ code: 'custom', message: `${where || 'value'}: ${issue.message}` });
      }
      return z.NEVER;
    }
    return parsed.data.map(toProviderSpec);
  });

export const providersEnvShape = {
  LLM_PROVIDERS: providerList,
  LLM_PROXY_DEFAULT_MODEL: optionalModel,
  LLM_RUN_MODEL: optionalModel,
  LLM_REWRITE_MODEL: optionalModel,
  LLM_COMPARE_MODEL_A: optionalModel,
  LLM_COMPARE_MODEL_B: optionalModel,
  LLM_JUDGE_MODEL: optionalModel,
  LLM_INJECTION_MODEL: optionalModel,
  LLM_MAX_OUTPUT_TOKENS: int(1024, 1, 100_000),
};

type ProvidersEnv = z.output<z.ZodObject<typeof providersEnvShape>>;

/** Throws ProvidersConfigError (named ConfigError) when the role assignments are inconsistent. */
export function buildProvidersConfig(env: ProvidersEnv): ProvidersConfig {
  const base = { list: env.LLM_PROVIDERS, maxOutputTokens: env.LLM_MAX_OUTPUT_TOKENS };
  return { ...base, roles: buildRoles(base, env) };
}
