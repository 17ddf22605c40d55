// A bearer key whose live record the API has read before starts its call's work alongside the read
// of its record (api/middleware/paid-access.ts): when the record then says revoked, the call is
// refused 401, nothing is charged, and the key is forgotten, so its next call starts nothing. A key
// the API has never seen live (a bogus one) never starts work before its record is read. No worker
// runs here: the calls' jobs stay on the queue, where the test reads which calls started one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobData } from '../../shared/jobs.js';
import { ErrorBodySchema } from '../../shared/schemas/responses.js';
import { type Harness, startHarness } from '../helpers/harness.js';

/**
 * The request ids of the calls on the score queue once a marker call, started now, is there: one job
 * add is in flight at a time, in order, so every call that started work before the marker is
 * queued by then. The deadline bounds a hang on a loaded machine; it times nothing.
 */
async function queuedCalls(h: Harness): Promise<string[]> {
  const { facade } = h.api.deps;
  const marker = randomUUID();
  facade.run('score.free', { prompt: 'marker', vertical: 'general' }, { requestId: marker }).catch(() => undefined);
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const jobs = await facade.queue('score').getJobs(['wait']);
    const ids = jobs.flatMap((j) => (j.data as JobData).items.map((i) => i.requestId));
    if (ids.includes(marker)) return ids;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the marker call was not queued');
}

describe('a remembered key', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ pools: [] });
  });
  afterAll(() => h?.close());

  it('starts its work with the read of its record; revoked, it is refused, not charged, and forgotten', async () => {
    const { keys, access } = h.api.deps;
    const { key, record } = await keys.create('solo', 'remembered');
    // The API reads its live record once (as on an earlier call): from now on it knows the mapping.
    expect((await keys.lookup(key))?.id).toBe(record.id);
    expect(keys.present(key)?.rememberedId).toBe(record.id);
    // Revoked by another process (the CLI): this API still remembers the mapping.
    await keys.revoke(record.id);

    const auth = { authorization: `Bearer ${key}` };
    const first = await h.post('/api/score', { prompt: 'Summarize the attached report in three bullet points.' }, auth);
    expect(first.status).toBe(401);
    expect(ErrorBodySchema.parse(first.body).code).toBe('invalid_api_key');
    const firstId = first.headers.get('x-request-id')!;
    // Its work was started before the record said no: the job is on the queue, and nobody waits for its answer.
    expect(await queuedCalls(h)).toContain(firstId);
    expect(keys.present(key)?.rememberedId).toBeUndefined();

    // The next call reads the (dropped) mapping first and starts nothing.
    const second = await h.post('/api/score', { prompt: 'Summarize the attached report in three bullet points.' }, auth);
    expect(second.status).toBe(401);
    expect(await queuedCalls(h)).not.toContain(second.headers.get('x-request-id'));

    // Neither call is charged; both are audited as rejected.
    expect(await keys.usage(record.id)).toEqual([]);
    const audit = new Map((await access.audit.tail(50)).map((r) => [r.request_id, r]));
    for (const res of [first, second]) {
      expect(audit.get(res.headers.get('x-request-id')!)).toMatchObject({ outcome: 'rejected', code: 'invalid_api_key', payer: '' });
    }
  });

  it('is the only kind that starts work before its record is read: a bogus key starts none', async () => {
    const bogus = `pgk_${'B'.repeat(43)}`;
    const res = await h.post('/api/score', { prompt: 'Summarize the attached report in three bullet points.' }, { authorization: `Bearer ${bogus}` });
    expect(res.status).toBe(401);
    expect(await queuedCalls(h)).not.toContain(res.headers.get('x-request-id'));
    expect(h.api.deps.keys.present(bogus)?.rememberedId).toBeUndefined();
  });
});
