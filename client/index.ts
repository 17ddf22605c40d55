// promptgate/client: a typed client of the service, one method per operation, its body and answer
// typed from the service's own zod schemas. Paid calls use a bearer key, or an x402 payer handed in (a
// fetch wrapped by @x402/fetch's wrapFetchWithPayment) under a spend cap per call and per client; a
// paid call's timeout is its challenge's maxTimeoutSeconds. Errors are PromptgateError {status, code, error}.
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequired, SettleResponse } from '@x402/core/types';
import type {
  BatchBody,
  FixInjectionBody,
  PreflightBody,
  ProxyBody,
  ScoreBody,
  VariantsBody,
} from '../shared/schemas/requests.js';
import type {
  BatchResponse,
  CompareResponse,
  FixInjectionResponse,
  FreeScoreResponse,
  FullResponse,
  ModelListResponse,
  PreflightResponse,
  ProxyResponse,
  ScoreResponse,
  SvcGradeResponse,
  VariantsResponse,
} from '../shared/schemas/responses.js';

// The bodies and answers, typed from the service's zod schemas.
export type * from '../shared/schemas/requests.js';
export type * from '../shared/schemas/responses.js';

/** USDC has 6 decimals: challenges state prices in millionths of a dollar. */
const USDC_DECIMALS = 6;
/** Added to a challenge's maxTimeoutSeconds (which already covers the work and settlement): the travel. */
const TIMEOUT_MARGIN_MS = 2_000;
/** Calls that are not paid with x402 (free, bearer): the slowest operation's limit and some. */
const DEFAULT_TIMEOUT_MS = 215_000;
/** Per-call cap when none is given: @x402/fetch's own default. */
const DEFAULT_MAX_USD_PER_CALL = 1;

export interface ClientOptions {
  /** The service, e.g. `https://promptgate.example.com`. */
  baseUrl: string;
  /** A bearer API key. It wins over `payer`: calls are metered on the key, nothing is paid with x402. */
  apiKey?: string;
  /** Pays x402 challenges: a fetch wrapped with `wrapFetchWithPayment(fetch, x402Client)` from @x402/fetch. */
  payer?: typeof fetch;
  /** Most one call may cost, in USD (default 1, like @x402/fetch; compare costs 1.25). */
  maxUsdPerCall?: number;
  /** Most this client may spend over its life, in USD (default: no limit). */
  maxUsdTotal?: number;
  /** Fetch for unpaid requests (free calls, bearer calls, reading a price); default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Timeout of calls not paid with x402, in ms (default 215000). */
  timeoutMs?: number;
}

export interface CallOptions {
  /** Pay on Solana (the `/sol` twin) rather than Base; only where the operation has one. */
  network?: 'base' | 'solana';
  signal?: AbortSignal;
}

/**
 * Every failure: `status` and `code` are the service's (README error table), or status 0 for what the
 * client refused or could not reach: `spend_cap_exceeded`, `timeout`, `unreachable`, `invalid_response`.
 */
export class PromptgateError extends Error {
  override name = 'PromptgateError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly error: string,
    /** The challenge of a 402 (x402 version 2), when there was one. */
    readonly paymentRequired?: PaymentRequired,
  ) {
    super(`${status ? `${status} ` : ''}${code}: ${error}`);
  }
}

/** What a paid path asks, read once from its challenge. */
interface Quote {
  usd: number;
  timeoutMs: number;
}

type Access = 'free' | 'paid' | 'subscription';
interface Route {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  solana?: boolean;
}

/** The operations: method name -> HTTP route (the same rows as the service's, checked by a test). */
export const ROUTES = {
  scoreFree: { method: 'POST', path: '/api/score/free', access: 'free' },
  score: { method: 'POST', path: '/api/score', access: 'paid', solana: true },
  full: { method: 'POST', path: '/api/score/full', access: 'paid', solana: true },
  batch: { method: 'POST', path: '/api/score/batch', access: 'paid', solana: true },
  compare: { method: 'POST', path: '/api/score/compare', access: 'paid', solana: true },
  preflight: { method: 'POST', path: '/api/preflight', access: 'paid', solana: true },
  svcGrade: { method: 'POST', path: '/api/svc-grade', access: 'paid' },
  variants: { method: 'POST', path: '/api/variants', access: 'paid' },
  fixInjection: { method: 'POST', path: '/api/fix-injection', access: 'paid' },
  proxyLlm: { method: 'POST', path: '/api/proxy/llm', access: 'paid' },
  optimize: { method: 'POST', path: '/api/v1/optimize', access: 'subscription' },
  models: { method: 'GET', path: '/api/proxy/llm/models', access: 'free' },
} as const satisfies Record<string, Route>;

type Paid<B, R> = (body: B, options?: CallOptions) => Promise<R>;

export interface PromptgateClient {
  /** Free flat score, rate limited per address. */
  scoreFree(body: ScoreBody, options?: Pick<CallOptions, 'signal'>): Promise<FreeScoreResponse>;
  /** 8 dimensions, percentile and the 3 top fixes. */
  score: Paid<ScoreBody, ScoreResponse>;
  /** Rewrite, score and run both versions (models). */
  full: Paid<ScoreBody, FullResponse>;
  /** 1 to 10 prompts. */
  batch: Paid<BatchBody, BatchResponse>;
  /** Two providers compared, judged by a third model. */
  compare: Paid<ScoreBody, CompareResponse>;
  /** CLEAR / CAUTION / BLOCK, optionally with the trust of `endpoint_url`. */
  preflight: Paid<PreflightBody, PreflightResponse>;
  svcGrade: Paid<ScoreBody, SvcGradeResponse>;
  variants: Paid<VariantsBody, VariantsResponse>;
  fixInjection: Paid<FixInjectionBody, FixInjectionResponse>;
  proxyLlm: Paid<ProxyBody, ProxyResponse>;
  /** Subscription keys only; the body of `full`. */
  optimize(body: ScoreBody, options?: Pick<CallOptions, 'signal'>): Promise<FullResponse>;
  models(options?: Pick<CallOptions, 'signal'>): Promise<ModelListResponse>;
  /** USD paid with x402 by this client so far (settled calls only). */
  spentUsd(): number;
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new PromptgateError(res.status, 'invalid_response', `not JSON: ${text.slice(0, 120)}`);
  }
}

async function failureOf(res: Response): Promise<PromptgateError> {
  const body = await readJson(res).catch(() => ({}) as Record<string, unknown>);
  const header = res.headers.get('payment-required');
  return new PromptgateError(
    res.status,
    typeof body.code === 'string' ? body.code : `http_${res.status}`,
    typeof body.error === 'string' ? body.error : res.statusText,
    header ? decodePaymentRequiredHeader(header) : undefined,
  );
}

const settledOf = (res: Response): SettleResponse | undefined => {
  const header = res.headers.get('payment-response') ?? res.headers.get('x-payment-response');
  return header ? decodePaymentResponseHeader(header) : undefined;
};

export function createClient(options: ClientOptions): PromptgateClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const plain = options.fetch ?? globalThis.fetch;
  const maxPerCall = options.maxUsdPerCall ?? DEFAULT_MAX_USD_PER_CALL;
  const quotes = new Map<string, Promise<Quote>>();
  let spent = 0;
  /** Prices of paid calls in flight: counted against the total cap until they settle or fail. */
  let reserved = 0;

  const send = async (fetcher: typeof fetch, route: Route, path: string, body: unknown, timeoutMs: number, signal?: AbortSignal) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await fetcher(base + path, {
        method: route.method,
        headers: {
          accept: 'application/json',
          ...(route.method === 'POST' && { 'content-type': 'application/json' }),
          ...(options.apiKey && route.access !== 'free' && { authorization: `Bearer ${options.apiKey}` }),
        },
        ...(route.method === 'POST' && { body: JSON.stringify(body) }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (timeout.aborted) throw new PromptgateError(0, 'timeout', `${path} did not answer within ${timeoutMs} ms`);
      if (signal?.aborted) throw error;
      throw new PromptgateError(0, 'unreachable', `${base}${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /** The price and payment window of a path, from an unpaid request's challenge (asked once). */
  const quote = (route: Route, path: string): Promise<Quote> => {
    let pending = quotes.get(path);
    if (!pending) {
      pending = (async () => {
        // An unpaid `{}` is answered with the challenge (or the reason there is none: 503, x402 off).
        const answer = await failureOf(await send(plain, route, path, {}, options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
        const accept = answer.status === 402 ? answer.paymentRequired?.accepts[0] : undefined;
        if (!accept) throw answer;
        return { usd: Number(accept.amount) / 10 ** USDC_DECIMALS, timeoutMs: accept.maxTimeoutSeconds * 1000 + TIMEOUT_MARGIN_MS };
      })();
      pending.catch(() => quotes.delete(path));
      quotes.set(path, pending);
    }
    return pending;
  };

  const capRefusal = (path: string, usd: number) => {
    if (usd > maxPerCall) return `${path} costs ${usd} USD, above the per-call cap of ${maxPerCall} USD`;
    const total = options.maxUsdTotal;
    if (total !== undefined && spent + reserved + usd > total) {
      return `${path} costs ${usd} USD; ${spent} USD spent and ${reserved} USD in flight leave less than that under the cap of ${total} USD`;
    }
    return undefined;
  };

  async function call(route: Route, body: unknown, opts: CallOptions = {}): Promise<unknown> {
    const path = opts.network === 'solana' && route.solana ? `${route.path}/sol` : route.path;
    const payWithX402 = route.access === 'paid' && !options.apiKey && options.payer !== undefined;
    if (!payWithX402) {
      const res = await send(plain, route, path, body, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, opts.signal);
      if (!res.ok) throw await failureOf(res);
      return readJson(res);
    }
    const { usd, timeoutMs } = await quote(route, path);
    const refusal = capRefusal(path, usd);
    if (refusal) throw new PromptgateError(0, 'spend_cap_exceeded', refusal);
    reserved += usd;
    try {
      const res = await send(options.payer!, route, path, body, timeoutMs, opts.signal);
      if (!res.ok) throw await failureOf(res);
      const answer = await readJson(res);
      if (settledOf(res)?.success) spent += usd;
      return answer;
    } finally {
      reserved -= usd;
    }
  }

  const paid =
    <B, R>(route: Route): Paid<B, R> =>
    (body, opts) =>
      call(route, body, opts) as Promise<R>;

  return {
    scoreFree: (body, opts) => call(ROUTES.scoreFree, body, opts) as Promise<FreeScoreResponse>,
    score: paid(ROUTES.score),
    full: paid(ROUTES.full),
    batch: paid(ROUTES.batch),
    compare: paid(ROUTES.compare),
    preflight: paid(ROUTES.preflight),
    svcGrade: paid(ROUTES.svcGrade),
    variants: paid(ROUTES.variants),
    fixInjection: paid(ROUTES.fixInjection),
    proxyLlm: paid(ROUTES.proxyLlm),
    optimize: (body, opts) => call(ROUTES.optimize, body, opts) as Promise<FullResponse>,
    models: (opts) => call(ROUTES.models, undefined, opts) as Promise<ModelListResponse>,
    spentUsd: () => spent,
  };
}
