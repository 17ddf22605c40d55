// Every example the discovery documents and the MCP tools publish is a body the service accepts and a
// 200 body it could answer: each is checked against its operation's zod schemas.
import { describe, expect, it } from 'vitest';
import { operationFacts } from '../../api/discovery/catalog.js';
import { EXAMPLES } from '../../api/discovery/examples.js';
import { OPERATIONS } from '../../api/routes/index.js';
import { loadConfig } from '../../shared/config.js';
import { JOB_NAMES } from '../../shared/jobs.js';
import { FreeScoreResponseSchema, ScoreResponseSchema } from '../../shared/schemas/responses.js';
import { scorePrompt, toScoreObject } from '../../shared/scoring/index.js';

const config = loadConfig({ X402_ENABLED: 'false' });

describe('discovery examples', () => {
  it("shows the engine's own answers, computed when the examples load", () => {
    const free = EXAMPLES['score.free'];
    const { prompt, vertical } = free.request as { prompt: string; vertical: 'content' };
    expect(FreeScoreResponseSchema.parse(free.response).score).toBe(scorePrompt(prompt, vertical).total);
    const detailed = EXAMPLES['score.detailed'];
    expect(ScoreResponseSchema.parse(detailed.response).score).toEqual(toScoreObject(scorePrompt(prompt, vertical)));
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
