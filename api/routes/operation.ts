// An operation is one row of the API: path, schemas, access, and what it does. Routes are mounted
// from these rows and the OpenAPI document is generated from the same rows.
import type { Context } from 'koa';
import type { z } from 'zod';
import type { Config } from '../../shared/config.js';
import type { JobName } from '../../shared/jobs.js';
import type { Logger } from '../../shared/logger.js';
import type { Redis } from '../../shared/redis.js';
import type { KeyStore } from '../auth/key-store.js';
import type { JobFacade } from '../facade.js';
import type { AccessDeps } from '../middleware/paid-access.js';
import type { RateLimits } from '../middleware/rate-limit.js';

export interface ApiDeps {
  config: Config;
  logger: Logger;
  redis: Redis;
  keys: KeyStore;
  facade: JobFacade;
  limits: RateLimits;
  access: AccessDeps;
}

export type Access = 'free' | 'paid' | 'subscription' | 'public';

type Handle<I> = (input: I, deps: ApiDeps, ctx: Context) => Promise<unknown>;

/** Whether a job will call a model this time (it then runs on the llm pool with the llm timeout). */
export type UsesModel = (config: Config) => boolean;

interface OperationBase<I> {
  method: 'get' | 'post';
  path: string;
  summary: string;
  access: Access;
  /** Body schema (POST). */
  request?: z.ZodType<I>;
  /** The 200 body. */
  response: z.ZodType;
  /** Larger body limit for batch requests. */
  largeBody?: boolean;
  /**
   * Validation beyond the schema (e.g. a batch with no scorable row). Like a schema failure it is a
   * 400 for a caller with a key or a payment, and named in the challenge of a caller with neither.
   */
  check?: (input: I) => void;
  /** A refusal answered to every caller before any challenge (SPEC: an unknown model is a 400). */
  precheck?: (input: I, deps: ApiDeps) => void;
  /**
   * Whether the service can do this work at all (e.g. a model is configured): checked before auth
   * and before any challenge, so nobody is asked to sign for work that cannot be done. `input` is
   * undefined when the question is general (discovery documents, a body that is not valid yet).
   */
  available?: (input: I | undefined, config: Config) => void;
  /** The job will call a model when this holds for the configuration (llm pool, llm timeout). */
  usesModel?: UsesModel;
  /** The job's input, when it is not the validated body itself (only what the worker needs). */
  jobInput?: (input: I) => unknown;
  /** The 200 body, when it is not the job's result itself. */
  reply?: (result: any, input: I) => unknown;
  /**
   * `"preview": true` in the body answers a free preview: the job's real result for `sample`,
   * documented as another 200 body by `schema`.
   */
  preview?: {
    sample: unknown;
    message: string;
    schema: z.ZodType;
    /** The body of a paid call: `request` without the preview switch (what the MCP tool takes). */
    paidRequest: z.ZodType<I>;
  };
}

/**
 * An operation runs its `job` with the validated input, or `jobInput` of it (the job's timeout also
 * sizes payment windows), unless it has its own `handle`.
 */
export type Operation<I = any> = OperationBase<I> &
  ({ job: JobName; handle?: Handle<I> } | { job?: undefined; handle: Handle<I> });

export const defineOperation = <I>(op: Operation<I>): Operation<I> => op;

/** The `/sol` twin of an EVM operation: same shapes, paid on the SVM network. */
export const solanaTwin = <I>(op: Operation<I>, handle?: Handle<I>): Operation<I> => ({
  ...op,
  path: `${op.path}/sol`,
  summary: `${op.summary} (paid on Solana)`,
  ...(handle && { handle }),
});
