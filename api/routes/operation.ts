// An operation is one row of the API: the HTTP facts (method, path, summary, access, the body
// schema and checks; the price is looked up by path in shared/prices.ts) around the job it runs,
// which is declared in shared/jobs.ts, with a mapping from the validated body to the job's input
// and, when the 200 body is not the job's result itself, from the result to the body. Routes, the
// discovery documents and the MCP tools are all built from these rows.
import type { z } from 'zod';
import type { Config } from '../../shared/config.js';
import { JOBS, type JobInput, type JobName, type JobResult, type JobSpec, notChargedFor, type RunJob } from '../../shared/jobs.js';
import type { Logger } from '../../shared/logger.js';
import type { Metrics } from '../../shared/metrics.js';
import type { Redis } from '../../shared/redis.js';
import type { KeyStore } from '../auth/key-store.js';
import type { JobFacade } from '../facade.js';
import type { Delivery } from '../middleware/access.js';
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
  metrics: Metrics;
}

export type Access = 'free' | 'paid' | 'subscription' | 'public';

/** The HTTP facts of a row. */
interface HttpFacts<I> {
  method: 'get' | 'post';
  path: string;
  summary: string;
  access: Access;
  /** Body schema (POST). */
  request?: z.ZodType<I>;
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
}

interface Preview<S> {
  /** The input the preview's job runs on. */
  sample: S;
  message: string;
  /** The preview body, documented as another 200 body. */
  schema: z.ZodType;
  /** The body of a paid call: `request` without the preview switch (what the MCP tool takes). */
  paidRequest: z.ZodType;
}

/** The row of an operation that runs a job. */
export interface JobRow<I, N extends JobName, B> extends HttpFacts<I> {
  /**
   * The job it runs: its declaration in shared/jobs.ts, whose references lead on to its processor
   * (workers/processors/, `Processor<typeof ...Job>`).
   */
  job: JobSpec<JobInput<N>, JobResult<N>> & { name: N };
  /** The job's input from the validated body: only what the worker needs (`asIs` when that is the body). */
  jobInput: (body: I) => JobInput<N>;
  /** The 200 body from the job's result, when it is not the result itself. */
  reply?: (result: JobResult<N>, body: I) => B;
  /** The 200 body's schema: the job's result schema unless `reply` makes another body. */
  response?: z.ZodType<B>;
  /** `"preview": true` in the body answers a free preview: the job's real result for `sample`. */
  preview?: Preview<JobInput<N>>;
}

/** The row of an operation that answers without a job (e.g. a list read from the configuration). */
export interface HandlerRow<I, B> extends HttpFacts<I> {
  response: z.ZodType<B>;
  handle: (input: I, config: Config) => Promise<B>;
}

/** A mounted row, its types sealed into its closures. */
export interface Operation<I = any> extends HttpFacts<I> {
  job?: JobName;
  /** The 200 body. */
  response: z.ZodType;
  preview?: Omit<Preview<unknown>, 'sample'> & {
    /** Identifies the sample (one preview body per sample and API process). */
    key: string;
    /** The job's result for the sample. */
    run: (runJob: RunJob) => Promise<unknown>;
  };
  /** The call's work on its validated body, its job run by `runJob`: the 200 body and its charge decision. */
  work: (body: I, runJob: RunJob, config: Config) => Promise<Delivery>;
}

/** A `jobInput` for a body that is the job's input as it is (the compiler checks that it is). */
export const asIs = <T>(body: T): T => body;

export function defineOperation<I, N extends JobName, B = JobResult<N>>(row: JobRow<I, N, B>): Operation<I> {
  const { job: declaration, jobInput, reply, preview, ...facts } = row;
  const job = declaration.name;
  return {
    ...facts,
    job,
    response: row.response ?? JOBS[job].result,
    ...(preview && {
      preview: {
        message: preview.message,
        schema: preview.schema,
        paidRequest: preview.paidRequest,
        key: `${job}:${JSON.stringify(preview.sample)}`,
        run: (runJob) => runJob(job, preview.sample),
      },
    }),
    async work(body, runJob) {
      const result = await runJob(job, jobInput(body));
      return { body: reply ? reply(result, body) : result, notCharged: notChargedFor(job, result) };
    },
  };
}

export const defineHandler = <I, B>({ handle, ...row }: HandlerRow<I, B>): Operation<I> => ({
  ...row,
  work: async (body, _runJob, config) => ({ body: await handle(body, config) }),
});

/** The `/sol` twin of an EVM operation: same shapes and work, paid on the SVM network. */
export const solanaTwin = <I>(op: Operation<I>): Operation<I> => ({
  ...op,
  path: `${op.path}/sol`,
  summary: `${op.summary} (paid on Solana)`,
});
