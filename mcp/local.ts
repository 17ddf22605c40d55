// Tool calls done by the local engine, for `npx promptgate mcp` with no service to call: the same job
// processors the workers run, in this process, free. Model-backed tools, and endpoint trust (which
// reads the endpoint and a chain), need a service.
import { randomUUID } from 'node:crypto';
import type { Config } from '../shared/config.js';
import { AppError, isAppError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import type { PreflightRequest } from '../shared/schemas/requests.js';
import { createWorkerDeps } from '../workers/deps.js';
import { PROCESSORS } from '../workers/processors/registry.js';
import type { PreflightJob } from '../workers/processors/preflight.js';
import { failure, success } from './results.js';
import type { ToolRunner } from './server.js';
import type { ToolName } from './tools.js';

const needsService = (what: string) =>
  new AppError(503, 'service_required', `${what}: set PROMPTGATE_URL to a promptgate service (and PROMPTGATE_API_KEY for a bearer key)`);

/** A tool's arguments as its job's input, where they differ. */
const JOB_INPUT: Partial<Record<ToolName, (args: Record<string, unknown>) => unknown>> = {
  preflight: (args) => {
    const request = args as PreflightRequest;
    if (request.endpoint_url) throw needsService('endpoint trust reads the endpoint and its chain history');
    return { ...request, chain: 'base' } satisfies PreflightJob;
  },
};

export function localRunner(config: Config, logger: Logger): ToolRunner {
  const deps = createWorkerDeps(config, logger);
  return async ({ tool, args, signal }) => {
    try {
      if (!tool.offline) throw needsService(`${tool.name} calls language models`);
      const processor = PROCESSORS[tool.facts.job];
      if (!processor) throw new Error(`no processor for ${tool.facts.job}`);
      const { op } = tool;
      op.check?.(args);
      // As the API runs the row: its job input, the job, its reply (a batch puts refused rows back).
      const input = JOB_INPUT[tool.name]?.(args) ?? (op.jobInput ? op.jobInput(args) : args);
      const result = await processor(input, { requestId: randomUUID(), deps, signal });
      return success((op.reply ? op.reply(result, args) : result) as Record<string, unknown>);
    } catch (error) {
      if (isAppError(error)) return failure(error.status, error.code, error.message);
      throw error;
    }
  };
}
