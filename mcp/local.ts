// Operations done by the local engine: the same job processors the workers run, in this process,
// free. `npx promptgate mcp` with no service to call runs its engine tools this way, and
// scripts/discovery-examples.ts computes the engine examples with it. Model-backed operations, and
// endpoint trust (which reads the endpoint and a chain), need a service.
import { randomUUID } from 'node:crypto';
import type { Operation, RunJob } from '../api/routes/operation.js';
import type { Config } from '../shared/config.js';
import { ApiError, isExpectedError, toHttp } from '../api/middleware/errors.js';
import type { Logger } from '../shared/logger.js';
import { createWorkerDeps } from '../workers/deps.js';
import { PROCESSORS } from '../workers/processors/registry.js';
import type { WorkerDeps } from '../workers/processors/types.js';
import { failure, success } from './results.js';
import type { ToolRunner } from './server.js';

const needsService = (what: string) =>
  new ApiError('service_required', `${what}: set PROMPTGATE_URL to a promptgate service (and PROMPTGATE_API_KEY for a bearer key)`);

/** The 200 body of a row for a validated body, as the API would answer it: check, job input, job, reply. */
export async function runLocally(op: Operation, input: Record<string, unknown>, deps: WorkerDeps, signal: AbortSignal): Promise<unknown> {
  if (!op.job) throw new Error(`${op.path} runs no job`);
  if (op.job === 'preflight' && input.endpoint_url) throw needsService('endpoint trust reads the endpoint and its chain history');
  op.check?.(input);
  const runJob: RunJob = (job, jobInput) => PROCESSORS[job](jobInput, { requestId: randomUUID(), deps, signal });
  return (await op.work(input, runJob, deps.config)).body;
}

export function localRunner(config: Config, logger: Logger): ToolRunner {
  const deps = createWorkerDeps(config, logger);
  return async ({ tool, args, signal }) => {
    try {
      if (!tool.offline) throw needsService(`${tool.name} calls language models`);
      return success((await runLocally(tool.op, args, deps, signal)) as Record<string, unknown>);
    } catch (error) {
      if (!isExpectedError(error)) throw error;
      const { status, body } = toHttp(error);
      return failure(status, body.code, body.error);
    }
  };
}
