// The one place where errors become HTTP. Every error code, the domain's (shared/errors.ts) and the
// API's own, has one row in ERRORS: its status, the code a client reads when that is not the code
// itself, and what the API adds to the domain's sentence (the domain names no endpoint). Koa and
// http-errors from the body reader and router get a stable code; anything else is a bug, logged as
// a 500.
import type { Logger } from 'pino';
import { type DomainErrorCode, isDomainError } from '../../shared/errors.js';
import { isStorageOutage } from '../../shared/redis.js';
import type { AppMiddleware } from '../state.js';

/** The codes only the API raises (access, payment, transport, its own store and shutdown). */
export type ApiErrorCode =
  | 'invalid_json'
  | 'json_too_deep'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_api_key'
  | 'api_key_required'
  | 'payment_required'
  | 'payment_invalid'
  | 'payment_mismatch'
  | 'payment_replayed'
  | 'payment_verification_failed'
  | 'settlement_failed'
  | 'settlement_pending'
  | 'idempotency_conflict'
  | 'facilitator_unavailable'
  | 'subscription_required'
  | 'rate_limited'
  | 'not_ready'
  | 'service_required'
  | 'internal';

export type ErrorCode = DomainErrorCode | ApiErrorCode;

/** The code clients read in the body: the error's own code unless its row names another. */
type WireCode = ErrorCode | 'provider_unavailable';

interface ErrorRow {
  status: number;
  /** The code in the body, when it is not the error's own (two domain kinds share a public code). */
  code?: WireCode;
  /** Appended to the sentence: where the caller finds what it needs. */
  hint?: string;
}

/** Every error code's HTTP status: the catalogue README.md's error table documents. */
export const ERRORS = {
  invalid_json: { status: 400 },
  json_too_deep: { status: 400 },
  invalid_request: { status: 400 },
  unknown_model: { status: 400, hint: 'GET /api/proxy/llm/models lists the supported ids' },
  invalid_api_key: { status: 401 },
  api_key_required: { status: 401 },
  payment_required: { status: 402 },
  payment_invalid: { status: 402 },
  payment_mismatch: { status: 402 },
  payment_replayed: { status: 402 },
  payment_verification_failed: { status: 402 },
  settlement_failed: { status: 402 },
  subscription_required: { status: 402 },
  not_found: { status: 404 },
  method_not_allowed: { status: 405 },
  idempotency_conflict: { status: 409 },
  payload_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  rate_limited: { status: 429 },
  internal: { status: 500 },
  facilitator_unavailable: { status: 502 },
  settlement_pending: { status: 502 },
  job_failed: { status: 502 },
  provider_failed: { status: 502, code: 'provider_unavailable' },
  provider_unconfigured: { status: 503, code: 'provider_unavailable' },
  service_required: { status: 503 },
  not_ready: { status: 503 },
  timeout: { status: 504 },
} as const satisfies Record<ErrorCode, ErrorRow>;

/** An error the API raises itself: any code, with extra body fields and response headers. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** Extra fields merged into the error body (e.g. validation issues, the x402 challenge). */
  readonly details?: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After, PAYMENT-REQUIRED). */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    if (options.details) this.details = options.details;
    if (options.headers) this.headers = options.headers;
  }
}

/** An expected failure: one the API raised or one of the domain's kinds. */
export type ExpectedError = ApiError | (Error & { code: DomainErrorCode });

export const isExpectedError = (e: unknown): e is ExpectedError => e instanceof ApiError || isDomainError(e);

/** The HTTP status of an error code. */
export const statusOf = (code: ErrorCode): number => ERRORS[code].status;

/** An expected failure as HTTP: its status, its `{error, code}` body (with any extra fields) and headers. */
export function toHttp(e: ExpectedError): { status: number; body: { error: string; code: WireCode } & Record<string, unknown>; headers: Record<string, string> } {
  const row: ErrorRow = ERRORS[e.code];
  const error = row.hint ? `${e.message}; ${row.hint}` : e.message;
  const extra = e instanceof ApiError ? e : undefined;
  return { status: row.status, body: { error, code: row.code ?? e.code, ...extra?.details }, headers: extra?.headers ?? {} };
}

/** The code a Koa/http-errors status stands for (the router's 501 is a method it does not know). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'invalid_api_key',
  402: 'payment_required',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  501: 'method_not_allowed',
};

interface HttpErrorLike {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

function expected(error: unknown): ExpectedError | undefined {
  if (isExpectedError(error)) return error;
  if (isStorageOutage(error)) return new ApiError('not_ready', 'the service store is unreachable; retry shortly (nothing was charged)');
  const e = error as HttpErrorLike;
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'invalid_request';
    return new ApiError(code, e.expose && e.message ? e.message : code.replace(/_/g, ' '));
  }
  return undefined;
}

export const errorHandler = (logger: Logger): AppMiddleware => async (ctx, next) => {
  try {
    await next();
    // An empty error answer: no route matched (404) or the router refused the method (405, with Allow).
    if (ctx.body == null && ctx.status >= 400) {
      throw ctx.status === 404 ? new ApiError('not_found', 'no such endpoint; see /openapi.json') : expected({ status: ctx.status });
    }
  } catch (error) {
    const known = expected(error);
    if (!known) {
      logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
    }
    const { status, body, headers } = toHttp(known ?? new ApiError('internal', 'internal error'));
    ctx.status = status;
    ctx.body = body;
    for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
  }
};
