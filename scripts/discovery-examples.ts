// Computes the engine examples of the discovery documents (api/discovery/engine-examples.json) with
// the engine itself, as the API would answer each example request, so what agents and indexers are
// shown is a real answer and cannot drift from the engine:
//   npm run examples:discovery              rewrites the file
//   npm run examples:discovery -- --check   exits 1 when it is stale (test/discovery/examples.test.ts too)
import { fileURLToPath } from 'node:url';
import { ENGINE_JOBS, ENGINE_REQUESTS } from '../api/discovery/examples.js';
import { OPERATIONS } from '../api/routes/index.js';
import { runLocally } from '../mcp/local.js';
import { loadConfig } from '../shared/config.js';
import { createLogger } from '../shared/logger.js';
import { createWorkerDeps } from '../workers/deps.js';
import { writeOrCheck } from './lib/generated.js';

export const ENGINE_EXAMPLES_PATH = fileURLToPath(new URL('../api/discovery/engine-examples.json', import.meta.url));

export async function renderEngineExamples(): Promise<string> {
  // The engine alone: no provider from the environment may write these answers.
  const config = loadConfig({ X402_ENABLED: 'false', LOG_LEVEL: 'silent' });
  const deps = createWorkerDeps(config, createLogger(config, 'examples'));
  const answers: Record<string, unknown> = {};
  for (const job of ENGINE_JOBS) {
    const op = OPERATIONS.find((o) => o.job === job && o.access !== 'subscription' && !o.path.endsWith('/sol'));
    if (!op?.request) throw new Error(`no operation row runs ${job}`);
    const input = (op.preview?.paidRequest ?? op.request).parse(ENGINE_REQUESTS[job]) as Record<string, unknown>;
    answers[job] = await runLocally(op, input, deps, new AbortController().signal);
  }
  return `${JSON.stringify(answers, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeOrCheck(ENGINE_EXAMPLES_PATH, await renderEngineExamples(), 'npm run examples:discovery');
}
