// Every example the discovery documents and the MCP tools publish is a body the service accepts and a
// 200 body it could answer: each is checked against its operation's zod schemas.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationFacts } from '../../api/discovery/catalog.js';
import { EXAMPLES } from '../../api/discovery/examples.js';
import { OPERATIONS } from '../../api/routes/index.js';
import { loadConfig } from '../../shared/config.js';
import { ENGINE_EXAMPLES_PATH, renderEngineExamples } from '../../scripts/discovery-examples.js';
import { JOB_NAMES } from '../../shared/jobs.js';

const config = loadConfig({ X402_ENABLED: 'false' });

describe('discovery examples', () => {
  it('shows the real answers of the engine (run `npm run examples:discovery` after an engine change)', async () => {
    expect(await renderEngineExamples()).toBe(readFileSync(ENGINE_EXAMPLES_PATH, 'utf8'));
  });

  it('has one for every job', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...JOB_NAMES].sort());
  });

  it.each(OPERATIONS.filter((op) => op.job).map((op) => [op.path, op] as const))('%s: the example request and response match the schemas', (_path, op) => {
    const facts = operationFacts(op, config)!;
    expect(facts.request.safeParse(facts.example.request).error).toBeUndefined();
    expect(op.request!.safeParse(facts.example.request).error).toBeUndefined();
    expect(op.response.safeParse(facts.example.response).error).toBeUndefined();
  });
});
