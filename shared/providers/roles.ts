// Role assignments (which model rewrites, runs, compares, judges) resolved and checked at startup.
import { ConfigError } from '../config-error.js';
import { isDomainError } from '../errors.js';
import { resolveModel } from './resolve.js';
import type { ModelRef, ProviderRoles, ProvidersConfig } from './spec.js';

/** Thrown at startup for an inconsistent provider setup. */
export class ProvidersConfigError extends ConfigError {
  constructor(problems: string[]) {
    super(ConfigError.of(problems).message);
  }
}

export interface RoleEnv {
  LLM_PROXY_DEFAULT_MODEL?: string | undefined;
  LLM_RUN_MODEL?: string | undefined;
  LLM_REWRITE_MODEL?: string | undefined;
  LLM_COMPARE_MODEL_A?: string | undefined;
  LLM_COMPARE_MODEL_B?: string | undefined;
  LLM_JUDGE_MODEL?: string | undefined;
  LLM_INJECTION_MODEL?: string | undefined;
}

const COMPARE_VARS = ['LLM_COMPARE_MODEL_A', 'LLM_COMPARE_MODEL_B', 'LLM_JUDGE_MODEL'] as const;

/** Resolves every role variable against the providers; throws ProvidersConfigError listing all problems. */
export function buildRoles(providers: Omit<ProvidersConfig, 'roles'>, env: RoleEnv): ProviderRoles {
  const lookup = { ...providers, roles: {} };
  const problems: string[] = [];
  const resolve = (name: keyof RoleEnv): ModelRef | undefined => {
    const value = env[name];
    if (value === undefined) return undefined;
    if (providers.list.length === 0) {
      problems.push(`${name}: "${value}" is set but LLM_PROVIDERS configures no provider`);
      return undefined;
    }
    try {
      return resolveModel(lookup, value);
    } catch (e) {
      if (!isDomainError(e)) throw e;
      problems.push(`${name}: ${e.message}`);
      return undefined;
    }
  };

  const first = providers.list[0];
  const proxyDefault =
    resolve('LLM_PROXY_DEFAULT_MODEL') ?? (first && resolveModel(lookup, `${first.name}/${first.models[0]}`));
  const run = resolve('LLM_RUN_MODEL') ?? proxyDefault;
  const rewrite = resolve('LLM_REWRITE_MODEL');
  const injection = resolve('LLM_INJECTION_MODEL');
  const [a, b, judge] = COMPARE_VARS.map(resolve);

  const setCompareVars = COMPARE_VARS.filter((name) => env[name] !== undefined);
  if (setCompareVars.length > 0 && setCompareVars.length < COMPARE_VARS.length) {
    const unset = COMPARE_VARS.filter((name) => env[name] === undefined);
    problems.push(`${unset.join(', ')}: must be set together with ${setCompareVars.join(', ')} (or leave all three unset)`);
  }
  if (a && b && a.provider === b.provider)
    problems.push(`LLM_COMPARE_MODEL_B: "${b.id}" is on provider "${b.provider}" like LLM_COMPARE_MODEL_A; the compared models must come from two different providers`);
  if (judge && (judge.id === a?.id || judge.id === b?.id))
    problems.push(`LLM_JUDGE_MODEL: "${judge.id}" is one of the compared models; the judge must be a third model`);

  if (problems.length > 0) throw new ProvidersConfigError(problems);
  return { proxyDefault, run, rewrite, injection, compare: a && b && judge ? { a, b, judge } : undefined };
}
