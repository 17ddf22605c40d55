// The domain's expected failures: a stable kind and a sentence, nothing about HTTP. The API gives
// each kind its status and error body in one table (api/middleware/errors.ts); a worker sends the
// kind back in its job's outcome; the MCP tools report it.
export const DOMAIN_ERROR_CODES = [
  /** Input the domain cannot work on (e.g. a batch with no scorable prompt). */
  'invalid_request',
  /** A model id or alias no configured provider offers. */
  'unknown_model',
  /** A configured provider failed or did not answer in its time. */
  'provider_failed',
  /** No provider, or no model for this work, is configured. */
  'provider_unconfigured',
  /** The call's deadline passed before the work finished. */
  'timeout',
  /** The worker could not do the work (a refused job input, an unexpected failure). */
  'job_failed',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

export const isDomainErrorCode = (code: string): code is DomainErrorCode => (DOMAIN_ERROR_CODES as readonly string[]).includes(code);
