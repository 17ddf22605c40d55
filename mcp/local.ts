// Operations done by the local engine: the same job processors the workers run, in this process,
// free. `npx promptgate mcp` with no service to call runs its engine tools this way, and
// scripts/discovery-examples.ts computes the engine examples with it. Model-backed operations, and
// endpoint trust (which reads the endpoint and a chain), need a service.
import { randomUUID } from 'node:crypto';
import type { Operation } from '../api/routes/operation.js';
import type { Config } from '../shared/config.js';
import { AppError, isAppError } from '../shared/errors.js';
import type { JobName } from '../shared/jobs.js';
import type { Logger } from '../shared/logger.js';
import type { PreflightRequest } from '../shared/schemas/requests.js';
import { createWorkerDeps } from '../workers/deps.js';
import type { PreflightJob } from '../workers/processors/preflight.js';
import { PROCESSORS } from '../workers/processors/registry.js';
import type { WorkerDeps } from '../workers/processors/types.js';
import { failure, success } from './results.js';
import type { ToolRunner } from './server.js';

const needsService = (what: string) =>
  new AppError(503, 'service_required', `${what}: set PROMPTGATE_URL to a promptgate service (and PROMPTGATE_API_KEY for a bearer key)`);

/** A job's input from a validated body, where the row's own handler builds it (preflight: the chain). */
const JOB_INPUT: Partial<Record<JobName, (input: Record<string, unknown>) => unknown>> = {
  preflight: (input) => {
    const request = input as PreflightRequest;
    if (request.endpoint_url) throw needsService('endpoint trust reads the endpoint and its chain history');
    return { ...request, chain: 'base' } satisfies PreflightJob;
  },
};

/** The 200 body of a row for a validated body, as the API would answer it: check, job input, job, reply. */
export async function runLocally(op: Operation, input: Record<string, unknown>, deps: WorkerDeps, signal: AbortSignal): Promise<unknown> {
  const job = op.job;
  const processor = job && PROCESSORS[job];
  if (!job || !processor) throw new Error(`${op.path} runs no job`);
  op.check?.(input);
  const jobInput = JOB_INPUT[job]?.(input) ?? (op.jobInput ? op.jobInput(input) : input);
  const result = await processor(jobInput, { requestId: randomUUID(), deps, signal });
  return op.reply ? op.reply(result, input) : result;
}

export function localRunner(config: Config, logger: Logger): ToolRunner {
  const deps = createWorkerDeps(config, logger);
  return async ({ tool, args, signal }) => {
    try {
      if (!tool.offline) throw needsService(`${tool.name} calls language models`);
      return success((await runLocally(tool.op, args, deps, signal)) as Record<string, unknown>);
    } catch (error) {
      if (isAppError(error)) return failure(error.status, error.code, error.message);
      throw error;
    }
  };
}
