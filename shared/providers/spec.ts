// The shape of one model provider entry in LLM_PROVIDERS, and the parsed provider configuration.
import { z } from 'zod';
import type { CitationSchema } from '../schemas/responses.js';

/** Provider names prefix qualified model ids (`name/model`), so they cannot hold a slash. */
const ProviderName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, "_", "." or "-" only');
const ModelId = z.string().trim().min(1);

export const ProviderEntrySchema = z
  .strictObject({
    name: ProviderName,
    base_url: z.url({ protocol: /^https?$/ }),
    /** Optional: local OpenAI-compatible servers usually take no key. */
    api_key: z.string().default(''),
    models: z.array(ModelId).min(1, 'list at least one model id'),
    aliases: z.record(z.string().regex(/^[^/\s]+$/, 'aliases cannot hold "/" or spaces'), ModelId).default({}),
    max_concurrency: z.number().int().min(1).max(1000).default(4),
    timeout_ms: z.number().int().min(100).max(600_000).default(30_000),
    max_retries: z.number().int().min(0).max(10).default(2),
    /** True when the provider searches the web and returns citations (Perplexity-style). */
    web_search: z.boolean().default(false),
    /** Extra headers on every request (e.g. OpenRouter's HTTP-Referer). */
    headers: z.record(z.string(), z.string()).default({}),
  })
  .superRefine((p, ctx) => {
    if (new Set(p.models).size !== p.models.length) ctx.addIssue({ code: 'custom', path: ['models'], message: 'duplicate model id' });
    for (const [alias, target] of Object.entries(p.aliases)) {
      if (!p.models.includes(target))
        ctx.addIssue({ code: 'custom', path: ['aliases', alias], message: `"${target}" is not in this provider's models` });
    }
  });

export const ProviderListSchema = z.array(ProviderEntrySchema).superRefine((list, ctx) => {
  const names = new Set<string>();
  const aliases = new Map<string, string>();
  list.forEach((p, i) => {
    if (names.has(p.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `duplicate provider name "${p.name}"` });
    names.add(p.name);
    for (const alias of Object.keys(p.aliases)) {
      const owner = aliases.get(alias);
      if (owner) ctx.addIssue({ code: 'custom', path: [i, 'aliases', alias], message: `alias already defined by provider "${owner}"` });
      aliases.set(alias, p.name);
    }
  });
});

export interface ProviderSpec {
  name: string;
  baseUrl: string;
  apiKey: string;
  models: string[];
  aliases: Record<string, string>;
  maxConcurrency: number;
  timeoutMs: number;
  maxRetries: number;
  webSearch: boolean;
  headers: Record<string, string>;
}

export function toProviderSpec(entry: z.output<typeof ProviderEntrySchema>): ProviderSpec {
  return {
    name: entry.name,
    baseUrl: entry.base_url,
    apiKey: entry.api_key,
    models: entry.models,
    aliases: entry.aliases,
    maxConcurrency: entry.max_concurrency,
    timeoutMs: entry.timeout_ms,
    maxRetries: entry.max_retries,
    webSearch: entry.web_search,
    headers: entry.headers,
  };
}

/** A model resolved to its provider; `id` is the qualified `provider/model` form shown to clients. */
export interface ModelRef {
  provider: string;
  model: string;
  id: string;
}

export interface CompareModels {
  a: ModelRef;
  b: ModelRef;
  judge: ModelRef;
}

export interface ProviderRoles {
  /** Model of /api/proxy/llm when the request names none. */
  proxyDefault?: ModelRef;
  /** Model that produces `output` in /api/score/full. */
  run?: ModelRef;
  /** Model that rewrites prompts; absent: the engine's rewriter. */
  rewrite?: ModelRef;
  /** Model that also judges /api/fix-injection (detector heuristic+llm); absent: heuristics only. */
  injection?: ModelRef;
  compare?: CompareModels;
}

/** One web source behind a model answer, as SPEC.md shapes it in /api/proxy/llm. */
export type Citation = z.infer<typeof CitationSchema>;

export interface ProvidersConfig {
  list: ProviderSpec[];
  roles: ProviderRoles;
  maxOutputTokens: number;
}
