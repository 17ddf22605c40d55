// The one error type of the service: any layer throws it, one Koa middleware turns it into
// `{error, code}` with its HTTP status. Codes are stable and listed in README.md.
export type ErrorCode =
  | 'invalid_json'
  | 'json_too_deep'
  | 'invalid_request'
  | 'unknown_model'
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
  | 'timeout'
  | 'job_failed'
  | 'provider_unavailable'
  | 'not_ready'
  | 'service_required'
  | 'internal';

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Extra fields merged into the error body (e.g. validation issues). */
  readonly details?: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After, PAYMENT-REQUIRED). */
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    if (options.details) this.details = options.details;
    if (options.headers) this.headers = options.headers;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
