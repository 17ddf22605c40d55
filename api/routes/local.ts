// An operation run in this process: the same job processors the workers run, no queue, free. The
// discovery examples are computed this way at startup, and `npx promptgate mcp` with no service to
// call runs its engine tools this way (mcp/local.ts).
import { randomUUID } from 'node:crypto';
import type { RunJob } from '../../shared/jobs.js';
import { PROCESSORS } from '../../workers/processors/registry.js';
import type { WorkerDeps } from '../../workers/processors/types.js';
import type { Operation } from './operation.js';

/** The 200 body of a row for a validated body, as the API would answer it: check, job input, job, reply. */
export async function runLocally(op: Operation, input: Record<string, unknown>, deps: WorkerDeps, signal: AbortSignal): Promise<unknown> {
  if (!op.job) throw new Error(`${op.path} runs no job`);
  op.check?.(input);
  const runJob: RunJob = (job, jobInput) => PROCESSORS[job](jobInput, { requestId: randomUUID(), deps, signal });
  return (await op.work(input, runJob, deps.config)).body;
}
