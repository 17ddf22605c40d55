// What only a Redis Cluster has (this file runs in the cluster project only; every other service test
// runs there too): the service really talks to a three-master cluster, each queue's keys share one
// hash slot (the `{queue}` hash tag of queuePrefix), and everything else spreads over the masters,
// the key store's records of one key included, which is why it writes them one command at a time.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '../../shared/jobs.js';
import { queuePrefix, redisKey } from '../../shared/redis.js';
import { parseClusterUrl } from '../../shared/redis-url.js';
import { ScoreResponseSchema } from '../../shared/schemas/responses.js';
import { startHarness, type Harness } from '../helpers/harness.js';

describe('the service on a Redis Cluster', () => {
  let h: Harness;
  let cluster: Cluster;
  const slotOf = async (key: string) => Number(await cluster.cluster('KEYSLOT', key));

  beforeAll(async () => {
    h = await startHarness();
    if (!(h.redis instanceof Cluster)) throw new Error('the cluster project runs against a Redis Cluster');
    cluster = h.redis;
  });
  afterAll(() => h.close());

  it('runs against three masters that serve every slot', async () => {
    expect(cluster.nodes('master')).toHaveLength(3);
    const info = await cluster.cluster('INFO');
    expect(info).toContain('cluster_state:ok');
    expect(info).toContain('cluster_slots_assigned:16384');
  });

  it("keeps each queue's keys in one slot, a slot per queue, and spreads the other keys over the masters", async () => {
    // Traffic that writes every kind of key: API keys and their usage, the free-tier limit, the
    // audit stream, and jobs on both queues.
    const keys = await Promise.all(Array.from({ length: 8 }, () => h.createKey('solo')));
    for (const key of keys) {
      const res = await h.post('/api/score', { prompt: 'Summarize the attached report in three bullet points.' }, { authorization: `Bearer ${key}` });
      expect(res.status).toBe(200);
      ScoreResponseSchema.parse(res.body);
    }
    expect((await h.post('/api/score/free', { prompt: 'hello' })).status).toBe(200);
    // No model is configured here, so a job is put on the llm queue directly (its worker refuses
    // it, past its deadline, and the failed job stays under the queue's keys).
    await h.api.deps.facade.queue('llm').add('probe', { requestId: 'layout', deadline: 0, input: null }, { jobId: 'layout' });

    const { prefix } = h.config.redis;
    const queueSlots = [];
    for (const queue of QUEUE_NAMES) {
      const queueKeys = await h.keys(`${queuePrefix(prefix, queue)}:*`);
      expect(queueKeys.length, queue).toBeGreaterThan(0);
      const slots = new Set(await Promise.all(queueKeys.map(slotOf)));
      expect([...slots], queue).toHaveLength(1);
      queueSlots.push(...slots);
    }
    expect(new Set(queueSlots).size).toBe(QUEUE_NAMES.length);

    const mastersHolding = await Promise.all(
      cluster.nodes('master').map(async (node) => {
        const own = await node.keys(`${prefix}:*`);
        return own.filter((k) => !QUEUE_NAMES.some((q) => k.startsWith(`${queuePrefix(prefix, q)}:`))).length;
      }),
    );
    expect(mastersHolding.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(await h.keys(redisKey(prefix, 'audit'))).toHaveLength(1);
    expect(await h.keys(redisKey(prefix, 'ratelimit', 'free', '*'))).toHaveLength(1);
  });

  it("stores an API key's records across slots, and creates, meters, lists and revokes it", async () => {
    const store = h.api.deps.keys;
    const { prefix } = h.config.redis;
    const { key, record } = await store.create('team', 'cross-slot');
    // Its record, the hash that maps the key to it, and the listing: a MULTI over keys of more than
    // one slot is refused (CROSSSLOT), so this is what the key store must do without one.
    const mapping = redisKey(prefix, 'key', 'hash', createHash('sha256').update(key).digest('hex'));
    expect(await h.redis.get(mapping)).toBe(record.id);
    const slots = new Set(await Promise.all([redisKey(prefix, 'key', record.id), mapping, redisKey(prefix, 'keys')].map(slotOf)));
    expect(slots.size).toBeGreaterThan(1);

    expect(await store.lookup(key)).toMatchObject({ id: record.id, tier: 'team' });
    const res = await h.post('/api/score', { prompt: 'Summarize the attached report.' }, { authorization: `Bearer ${key}` });
    expect(res.status).toBe(200);
    expect(await store.usage(record.id)).toEqual([{ endpoint: '/api/score', count: 1, usd_owed: expect.any(Number) }]);
    expect((await store.list()).map((r) => r.id)).toContain(record.id);
    expect(await store.revoke(record.id)).toBe(true);
    expect(await store.lookup(key)).toBeNull();
    expect((await h.post('/api/score', { prompt: 'hi' }, { authorization: `Bearer ${key}` })).status).toBe(401);
  });

  it('is found by the CLIs through REDIS_CLUSTER_NODES alone', async () => {
    const nodes = parseClusterUrl(h.config.redis.url)!.nodes.map((n) => `${n.host}:${n.port}`).join(',');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', 'create', '--tier', 'solo'], {
      // An empty REDIS_URL counts as unset: the nodes are the only address the CLI gets.
      env: { ...process.env, REDIS_URL: '', REDIS_CLUSTER_NODES: nodes, QUEUE_PREFIX: h.config.redis.prefix },
    });
    const res = await h.post('/api/score', { prompt: 'Summarize the attached report.' }, { authorization: `Bearer ${stdout.trim()}` });
    expect(res.status).toBe(200);
  });
});
