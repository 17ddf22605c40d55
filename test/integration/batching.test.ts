// Cheap engine calls ride together in one queue job (api/bundler.ts, api/facade.ts), against real
// Redis and real workers: each caller still gets its own answer, its own failure, its own timeout
// (504) and its own charge decision; a queue job is never answered or charged as a whole. The jobs
// are read from the queue while no worker runs, then a score pool is started to work them.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobFacade } from '../../api/facade.js';
import { DomainError } from '../../shared/errors.js';
import type { JobData, JobReturn } from '../../shared/jobs.js';
import { createLogger } from '../../shared/logger.js';
import {
  ErrorBodySchema,
  FreeScoreResponseSchema,
  PreflightResponseSchema,
  ScoreResponseSchema,
  SvcGradeResponseSchema,
} from '../../shared/schemas/responses.js';
import { scorePrompt, toScoreObject } from '../../shared/scoring/index.js';
import { startWorkers, type WorkerRuntime } from '../../workers/runtime.js';
import { type Harness, startHarness } from '../helpers/harness.js';

let h: Harness | undefined;
let pool: WorkerRuntime | undefined;
afterEach(async () => {
  await pool?.close();
  await h?.close();
  pool = h = undefined;
});

/**
 * The queued jobs once `items` calls are in them (no worker runs yet). The deadline is generous
 * because HTTP calls on a loaded machine (a cluster run, other suites) can take seconds to reach
 * the queue; it bounds a hang, it does not time anything.
 */
async function queuedJobs(facade: JobFacade, items: number): Promise<JobData[]> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const jobs = (await facade.queue('score').getJobs(['wait'])).map((j) => j.data as JobData);
    if (jobs.reduce((n, j) => n + j.items.length, 0) >= items) return jobs;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${items} calls were not queued`);
}

const startScorePool = (harness: Harness) => startWorkers(harness.config, ['score'], createLogger(harness.config, 'test'));

describe('calls that ride together', () => {
  it('each get their own answer or failure, in jobs of at most JOB_BATCH_MAX_ITEMS calls', async () => {
    h = await startHarness({ pools: [], env: { JOB_BATCH_MAX_ITEMS: '4' } });
    const { facade } = h.api.deps;
    const prompts = Array.from({ length: 9 }, (_, i) => `Write ${i + 2} bullet points summarizing the attached quarterly report for the board.`);
    // In one turn of the event loop: the first call goes alone, the rest ride in the jobs after it.
    const calls = prompts.map((prompt, i) => {
      const requestId = randomUUID();
      // Every third call carries an input its worker refuses (as a job from another API version would).
      const input = i % 3 === 1 ? { prompt: 42, vertical: 'general' } : { prompt, vertical: 'general' };
      return { requestId, prompt, fails: i % 3 === 1, answer: facade.run('score.detailed', input as never, { requestId }).then((v) => v, (e: unknown) => e) };
    });
    const jobs = await queuedJobs(facade, calls.length);
    const first = jobs.find((j) => j.items.some((i) => i.requestId === calls[0]!.requestId));
    expect(first!.items.map((i) => i.requestId)).toEqual([calls[0]!.requestId]);
    expect(jobs.length).toBeLessThan(calls.length);
    for (const job of jobs) expect(job.items.length).toBeLessThanOrEqual(4);
    const mixed = jobs.find((j) => j.items.some((i) => i.requestId === calls[1]!.requestId));
    expect(mixed!.items.length).toBeGreaterThan(1);

    pool = await startScorePool(h);
    for (const call of calls) {
      const answer = await call.answer;
      if (call.fails) {
        expect(answer).toBeInstanceOf(DomainError);
        expect(answer).toMatchObject({ code: 'job_failed' });
        expect((answer as DomainError).message).toMatch(/refused this job's input/);
      } else {
        const body = ScoreResponseSchema.parse(answer);
        expect(body.prompt).toBe(call.prompt);
        expect(body.score).toEqual(toScoreObject(scorePrompt(call.prompt, 'general')));
      }
    }
  });

  it('over HTTP: concurrent callers of different operations each get their own body', async () => {
    h = await startHarness({ pools: [] });
    const auth = { authorization: `Bearer ${await h.createKey('solo')}` };
    const prompts = Array.from({ length: 12 }, (_, i) => `Draft ${i + 3} interview questions for a senior data engineer, with what a strong answer covers.`);
    const sent = prompts.map((prompt, i) => {
      const path = ['/api/score', '/api/score/free', '/api/svc-grade', '/api/preflight'][i % 4]!;
      return { path, prompt, res: h!.post(path, { prompt, vertical: 'general' }, path === '/api/score/free' ? {} : auth) };
    });
    // A bad body is refused in the API (400), never queued, and takes nothing from its neighbours.
    const bad = h.post('/api/score', { prompt: '' }, auth);
    await queuedJobs(h.api.deps.facade, prompts.length);
    pool = await startScorePool(h);
    for (const { path, prompt, res } of sent) {
      const { status, body } = await res;
      expect(status, path).toBe(200);
      const score = scorePrompt(prompt, 'general');
      if (path === '/api/score') expect(ScoreResponseSchema.parse(body)).toMatchObject({ prompt, score: toScoreObject(score) });
      if (path === '/api/score/free') expect(FreeScoreResponseSchema.parse(body)).toMatchObject({ prompt, score: score.total });
      if (path === '/api/svc-grade') expect(SvcGradeResponseSchema.parse(body)).toMatchObject({ score: score.composite, grade: score.grade });
      if (path === '/api/preflight') expect(PreflightResponseSchema.parse(body).prompt.score).toBe(score.total);
    }
    const refused = await bad;
    expect(refused.status).toBe(400);
    expect(ErrorBodySchema.parse(refused.body).code).toBe('invalid_request');
  });
});

describe('a caller whose call times out in a shared job', () => {
  it('gets its own 504 and is not charged, while the others in its job are answered and charged', async () => {
    // Score calls wait 400 ms, preflights 15 s: with the pool started after 600 ms, every score
    // caller has had its 504 while the preflights that share its job are still waiting.
    // Completed jobs are kept here so the shared job's outcomes can be read back.
    h = await startHarness({ pools: [], env: { SCORE_JOB_TIMEOUT_MS: '400', PREFLIGHT_JOB_TIMEOUT_MS: '15000', JOB_KEEP_COMPLETED: '100' } });
    const harness = h;
    const { keys, access, facade } = harness.api.deps;
    const scoreKey = await keys.create('solo', 'score-caller');
    const preflightKey = await keys.create('solo', 'preflight-caller');
    const CALLS = 16;

    /** A burst of score and preflight calls, the jobs they were queued in, and their answers. */
    async function burst() {
      const calls = Array.from({ length: CALLS }, (_, i) => {
        const path = i % 2 === 0 ? '/api/score' : '/api/preflight';
        const { key } = path === '/api/score' ? scoreKey : preflightKey;
        return { path, res: harness.post(path, { prompt: `Plan a ${i + 2}-day onboarding for new support agents, as a checklist.` }, { authorization: `Bearer ${key}` }) };
      });
      const jobs = await queuedJobs(facade, CALLS);
      await new Promise((r) => setTimeout(r, 600));
      pool = await startScorePool(harness);
      const answers = await Promise.all(calls.map(async ({ path, res }) => ({ path, ...(await res), id: (await res).headers.get('x-request-id')! })));
      await pool.close();
      pool = undefined;
      return { jobs, answers };
    }

    // Calls ride together when they reach the facade while an add is in flight: with 16 at once a
    // job holding both kinds forms nearly always; a burst without one is checked and tried again.
    let shared: JobData | undefined;
    const answers = [];
    for (let attempt = 0; attempt < 5 && !shared; attempt++) {
      const result = await burst();
      answers.push(...result.answers);
      shared = result.jobs.find((j) => new Set(j.items.map((i) => i.job)).size === 2);
    }
    expect(shared).toBeDefined();

    const byId = new Map(answers.map((a) => [a.id, a]));
    const mates = shared!.items.map((i) => byId.get(i.requestId)!);
    expect(mates.some((a) => a.path === '/api/score') && mates.some((a) => a.path === '/api/preflight')).toBe(true);
    for (const a of answers) {
      if (a.path === '/api/score') {
        expect(a.status).toBe(504);
        expect(ErrorBodySchema.parse(a.body).code).toBe('timeout');
      } else {
        expect(a.status).toBe(200);
        PreflightResponseSchema.parse(a.body);
      }
    }
    // Charged one by one: every preflight metered, no timed-out score, in usage and in the audit.
    const preflights = answers.filter((a) => a.path === '/api/preflight').length;
    expect(await keys.usage(scoreKey.record.id)).toEqual([]);
    expect(await keys.usage(preflightKey.record.id)).toEqual([{ endpoint: '/api/preflight', count: preflights, usd_owed: preflights * 0.05 }]);
    await access.afterResponse.settled();
    const audit = new Map((await access.audit.tail(500)).map((r) => [r.request_id, r]));
    for (const a of answers) {
      expect(audit.get(a.id)).toMatchObject(a.path === '/api/score' ? { outcome: 'failed', code: 'timeout' } : { outcome: 'metered' });
    }
    // In the shared job the worker skipped the calls past their deadlines and worked the others.
    const done = await facade.queue('score').getJob(shared!.items[0]!.requestId);
    const outcomes = done!.returnvalue as JobReturn;
    shared!.items.forEach((item, i) => {
      if (item.job === 'score.detailed') expect(outcomes[i]).toEqual({ ok: false, error: { code: 'timeout', message: 'the deadline passed before the work started' } });
      else expect(PreflightResponseSchema.parse((outcomes[i] as { value: unknown }).value).prompt.score).toBeGreaterThan(0);
    });
    expect(await facade.queue('score').getJobCounts('wait', 'active')).toEqual({ wait: 0, active: 0 });
  });
});
