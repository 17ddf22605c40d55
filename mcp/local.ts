// The MCP tools done by the local engine (api/routes/local.ts): `npx promptgate mcp` with no
// service to call. Model-backed operations, and endpoint trust (which reads the endpoint and a
// chain), need a service.
import { runLocally } from '../api/routes/local.js';
import type { Config } from '../shared/config.js';
import { ApiError, isExpectedError, toHttp } from '../api/middleware/errors.js';
import type { Logger } from '../shared/logger.js';
import { createWorkerDeps } from '../workers/deps.js';
import { failure, success } from './results.js';
import type { ToolRunner } from './server.js';

const needsService = (what: string) =>
  new ApiError('service_required', `${what}: set PROMPTGATE_URL to a promptgate service (and PROMPTGATE_API_KEY for a bearer key)`);

export function localRunner(config: Config, logger: Logger): ToolRunner {
  const deps = createWorkerDeps(config, logger);
  return async ({ tool, args, signal }) => {
    try {
      if (!tool.offline) throw needsService(`${tool.name} calls language models`);
      if (tool.op.job === 'preflight' && args.endpoint_url) throw needsService('endpoint trust reads the endpoint and its chain history');
      return success((await runLocally(tool.op, args, deps, signal)) as Record<string, unknown>);
    } catch (error) {
      if (!isExpectedError(error)) throw error;
      const { status, body } = toHttp(error);
      return failure(status, body.code, body.error);
    }
  };
}
