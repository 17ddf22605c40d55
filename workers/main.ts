// Worker process entry: `node dist/workers/main.js --pool score|llm` (repeatable; both when absent).
import { parseArgs } from 'node:util';
import { QUEUE_NAMES, type QueueName } from '../shared/jobs.js';
import { runProcess } from '../shared/process.js';
import { startWorkers } from './runtime.js';

export function parsePools(argv: string[]): QueueName[] {
  const { values } = parseArgs({ args: argv, options: { pool: { type: 'string', multiple: true } } });
  const asked = (values.pool ?? []).flatMap((p) => p.split(','));
  for (const pool of asked) {
    if (!(QUEUE_NAMES as readonly string[]).includes(pool)) {
      throw new Error(`--pool must be one of ${QUEUE_NAMES.join(', ')} (got "${pool}")`);
    }
  }
  return asked.length > 0 ? [...new Set(asked as QueueName[])] : [...QUEUE_NAMES];
}

await runProcess('worker', async (config, logger) => startWorkers(config, parsePools(process.argv.slice(2)), logger));
