// The runtime side of the providers: one openai SDK client per provider (any OpenAI-compatible
// base URL), a p-limit concurrency cap per provider, SDK timeouts and retries, and abort support.
import OpenAI from 'openai';
import pLimit, { type LimitFunction } from 'p-limit';
import { DomainError } from '../errors.js';
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

export function createProviderRegistry(config: ProvidersConfig): ProviderRegistry {
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
    chat(ref, messages, options = {}) {
      const provider = providerOf(ref);
      return untilAborted(provider.limit(call, provider, ref, messages, options), options.signal);
    },
    supportsWebSearch: (ref) => providerOf(ref).spec.webSearch,
  };
}
