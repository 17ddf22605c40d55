// The runtime side of the providers: one openai SDK client per provider (any OpenAI-compatible
// base URL), a p-limit concurrency cap per provider, SDK timeouts and retries, and abort support;
// every call and every retry is counted in the model series (shared/metrics.ts).
import OpenAI from 'openai';
import pLimit, { type LimitFunction } from 'p-limit';
import { DomainError, isDomainError } from '../errors.js';
import type { Metrics } from '../metrics.js';
import { extractCitations } from './citations.js';
import type { Citation, ModelRef, ProvidersConfig, ProviderSpec } from './spec.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
  /** Ask for web search; only honoured on providers configured with `web_search: true`. */
  webSearch?: boolean;
}

export interface ChatResult {
  /** The qualified `provider/model` id. */
  model: string;
  content: string;
  usage: Record<string, unknown> | null;
  /** Empty unless web search was asked for and the provider supports it. */
  citations: Citation[];
  webSearch: boolean;
}

export interface ProviderRegistry {
  /** Throws DomainError: provider_failed when the provider fails, timeout when `signal` aborts. */
  chat(ref: ModelRef, messages: ChatMessage[], options?: ChatOptions): Promise<ChatResult>;
  supportsWebSearch(ref: ModelRef): boolean;
}

interface Provider {
  spec: ProviderSpec;
  client: OpenAI;
  limit: LimitFunction;
}

const aborted = () => new DomainError('timeout', 'the request deadline passed before the model answered');

function failure(e: unknown, ref: ModelRef, spec: ProviderSpec): DomainError {
  const detail =
    e instanceof OpenAI.APIConnectionTimeoutError
      ? `timed out after ${spec.timeoutMs} ms`
      : e instanceof OpenAI.APIError && e.status !== undefined
        ? `HTTP ${e.status}: ${e.message}`
        : e instanceof Error
          ? e.message
          : String(e);
  return new DomainError('provider_failed', `model ${ref.id} failed: ${detail.slice(0, 300)}`, { cause: e });
}

/** Rejects as soon as `signal` aborts, even while the call still waits for a concurrency slot. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The model id a request body names, for the retry counter (read only for a retry, which is rare). */
function modelOf(body: unknown): string {
  try {
    const model = typeof body === 'string' ? (JSON.parse(body) as { model?: unknown }).model : undefined;
    return typeof model === 'string' ? model : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The SDK retries inside one `create` call and numbers each try in `X-Stainless-Retry-Count`: a
 * fetch that counts the tries after the first is the one place that sees them.
 */
function countingRetries(provider: string, models: Metrics['models']): typeof fetch {
  return (input, init) => {
    const tries = Number(new Headers(init?.headers).get('x-stainless-retry-count') ?? 0);
    if (tries > 0) models.retries.inc({ provider, model: modelOf(init?.body) });
    return fetch(input, init);
  };
}

export function createProviderRegistry(config: ProvidersConfig, models: Metrics['models']): ProviderRegistry {
  const providers = new Map<string, Provider>(
    config.list.map((spec) => [
      spec.name,
      {
        spec,
        client: new OpenAI({
          baseURL: spec.baseUrl,
          // The SDK refuses an empty key; keyless local servers ignore this placeholder.
          apiKey: spec.apiKey || 'unused',
          timeout: spec.timeoutMs,
          maxRetries: spec.maxRetries,
          defaultHeaders: spec.headers,
          fetch: countingRetries(spec.name, models),
        }),
        limit: pLimit(spec.maxConcurrency),
      },
    ]),
  );

  const providerOf = (ref: ModelRef): Provider => {
    const provider = providers.get(ref.provider);
    if (!provider) throw new DomainError('unknown_model', `unknown provider "${ref.provider}"`);
    return provider;
  };

  async function call(provider: Provider, ref: ModelRef, messages: ChatMessage[], options: ChatOptions): Promise<ChatResult> {
    const { signal } = options;
    if (signal?.aborted) throw aborted();
    const webSearch = options.webSearch === true && provider.spec.webSearch;
    try {
      const completion = await provider.client.chat.completions.create(
        {
          model: ref.model,
          messages,
          max_tokens: options.maxTokens ?? config.maxOutputTokens,
          ...(options.temperature !== undefined && { temperature: options.temperature }),
          ...(webSearch && { web_search_options: {} }),
        },
        { signal: signal ?? null },
      );
      return {
        model: ref.id,
        content: completion.choices[0]?.message?.content ?? '',
        usage: completion.usage ? { ...completion.usage } : null,
        citations: webSearch ? extractCitations(completion) : [],
        webSearch,
      };
    } catch (e) {
      if (signal?.aborted) throw aborted();
      throw failure(e, ref, provider.spec);
    }
  }

  return {
    async chat(ref, messages, options = {}) {
      const provider = providerOf(ref);
      const labels = { provider: ref.provider, model: ref.model };
      const end = models.duration.startTimer(labels);
      try {
        const result = await untilAborted(provider.limit(call, provider, ref, messages, options), options.signal);
        models.calls.inc({ ...labels, outcome: 'ok' });
        return result;
      } catch (error) {
        models.calls.inc({ ...labels, outcome: isDomainError(error) && error.code === 'timeout' ? 'timeout' : 'error' });
        throw error;
      } finally {
        end();
      }
    },
    supportsWebSearch: (ref) => providerOf(ref).spec.webSearch,
  };
}
