// The pools' tuning figures for docs/operations.md, in one run and in the production layout: a real
// redis-server, the built API and the pools as separate processes (`node dist/...`), each worker
// process serving its metrics on its own METRICS_PORT, read the way an operator reads them.
//  - llm pool: /api/score/compare against the test model server (its own process, 500 ms per model
//    call: two in parallel, then the judge, so 1 s per call at best) at WORKER_LLM_CONCURRENCY 4, 16
//    and 64; CALLS_PER_SLOT calls per slot sent at once, so the pool, not the client, is the bound.
//  - score pool: with 1 and 2 score-worker processes, alternated over BENCH_ROUNDS rounds (medians;
//    the ratio taken within each round): /api/score (bearer) under autocannon at 64 connections
//    (the whole path: API, Redis, pool), and the pool alone draining DRAIN_CALLS calls put on its
//    queue beforehand, one call per queue job and 32 per queue job (what micro-batching makes).
// Around each load the workers' /metrics is read the way an operator reads it: utilisation from
// promptgate_pool_busy_seconds_total, queue wait and run time from their histograms; and the CPU
// each process used. Writes bench/results-pools.json and prints the tables of docs/operations.md.
import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { KeyStore } from '../api/auth/key-store.js';
import type { JobData } from '../shared/jobs.js';
import { createRedis, queuePrefix } from '../shared/redis.js';
import { parseSamples, type Sample } from '../test/helpers/prometheus.js';
import { freePort, startRedisServer } from '../test/helpers/redis-server.js';
import { cpuMs, median, MODEL_DELAY_MS, ready, serviceEnv, start, startModelServer, stop, stopAll, waitFor } from './processes.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LLM_CONCURRENCY = [4, 16, 64];
const CALLS_PER_SLOT = 4;
const SCORE_CONNECTIONS = 64;
const SCORE_PROCESSES = [1, 2];
const TOKEN = 'bench-admin-token';
const DRAIN_CALLS = 6_400;

const PROMPT =
  'You are a senior Go engineer. Review the following HTTP handler for race conditions and resource leaks. ' +
  'List each issue as a numbered item with the line, the risk and a fix; keep it under 300 words.';

interface ScoreRow {
  round: number;
  score_processes: number;
  /** The pool alone, draining queued calls: one per queue job, and 32 per queue job. */
  pool_alone_calls_per_s_1_per_job: number;
  pool_alone_calls_per_s_32_per_job: number;
  requests_per_s: number;
  latency_ms_p50: number;
  latency_ms_p99: number;
  non_2xx: number;
  utilisation: number;
  queue_wait_ms_mean: number;
  run_ms_mean: number;
  api_cores: number;
  score_cores: number;
}

interface Worker {
  child: ChildProcess;
  metrics: string;
}

async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  return parseSamples(await res.text());
}

const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);

/**
 * What the workers' series say about a load since `before` (scrapes of every worker process):
 * utilisation (slot time / (slots × wall time)), mean queue wait and run time per call.
 */
async function poolFigures(workers: Worker[], queue: string, before: Sample[], wallS: number) {
  const now = (await Promise.all(workers.map((w) => scrape(w.metrics)))).flat();
  const delta = (name: string) => sum(now, name, { queue }) - sum(before, name, { queue });
  const calls = delta('promptgate_job_wait_seconds_count');
  const slots = sum(now, 'promptgate_pool_concurrency', { queue });
  return {
    utilisation: +(delta('promptgate_pool_busy_seconds_total') / (slots * wallS)).toFixed(2),
    queue_wait_ms_mean: calls ? +((1000 * delta('promptgate_job_wait_seconds_sum')) / calls).toFixed(1) : 0,
    run_ms_mean: calls ? +((1000 * delta('promptgate_job_run_seconds_sum')) / calls).toFixed(1) : 0,
  };
}

/** Puts `calls` score calls on the queue in jobs of `perJob` with no worker taking them yet, then times their drain. */
async function drain(queue: Queue, calls: number, perJob: number): Promise<number> {
  const deadline = Date.now() + 10 * 60_000;
  const jobs = Array.from({ length: calls / perJob }, (_, j) => ({
    name: 'score.detailed',
    data: {
      items: Array.from({ length: perJob }, (_, i) => ({ job: 'score.detailed' as const, requestId: `drain-${j}-${i}`, deadline, input: { prompt: PROMPT, vertical: 'software' as const } })),
    } satisfies JobData,
    opts: { removeOnComplete: true, removeOnFail: true },
  }));
  await queue.pause();
  for (let i = 0; i < jobs.length; i += 500) await queue.addBulk(jobs.slice(i, i + 500));
  const started = Date.now();
  await queue.resume();
  for (;;) {
    const c = await queue.getJobCounts('waiting', 'active', 'prioritized');
    if (Object.values(c).every((n) => n === 0)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Math.round(calls / ((Date.now() - started) / 1000));
}

/** CPU cores a set of processes used over `wallS` since `before` (ms of CPU per process). */
const coresUsed = (children: ChildProcess[], before: (number | undefined)[], wallS: number) =>
  +(children.reduce((n, c, i) => n + (cpuMs(c.pid) ?? 0) - (before[i] ?? 0), 0) / 1000 / wallS).toFixed(2);

async function main() {
  const redis = await startRedisServer();
  const { baseUrl } = await startModelServer();
  const apiPort = await freePort();
  const env = serviceEnv(redis.url, apiPort, baseUrl, { ADMIN_TOKEN: TOKEN });
  const api = `http://127.0.0.1:${apiPort}`;
  const store = createRedis(redis.url, 'bench');
  const startWorker = async (pool: string, extra: Record<string, string> = {}): Promise<Worker> => {
    const port = await freePort();
    const child = start(['dist/workers/main.js', '--pool', pool], { ...env, METRICS_PORT: String(port), ...extra });
    const metrics = `http://127.0.0.1:${port}/metrics`;
    await waitFor(async () => (await fetch(metrics, { headers: { authorization: `Bearer ${TOKEN}` } })).ok, `a ${pool} worker`);
    return { child, metrics };
  };
  // The score queue, to fill it directly for the pool-alone figures.
  const drainConnection = createRedis(redis.url, 'bench-drain');
  const scoreQueue = new Queue('score', { connection: drainConnection, prefix: queuePrefix(env.QUEUE_PREFIX!, 'score') });
  try {
    const apiProcess = start(['dist/api/main.js'], env);
    const score = [await startWorker('score')];
    let llm = await startWorker('llm', { WORKER_LLM_CONCURRENCY: String(LLM_CONCURRENCY[0]) });
    await waitFor(() => ready(api), 'the service');
    const { key } = await new KeyStore(store, env.QUEUE_PREFIX!).create('solo', 'bench');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
    const body = JSON.stringify({ prompt: PROMPT, vertical: 'software' });

    // llm pool: one call alone (the floor), then CALLS_PER_SLOT calls per slot at once.
    const alone = await autocannon({ url: `${api}/api/score/compare`, method: 'POST', connections: 1, amount: 3, timeout: 120, headers, body });
    const llmRows = [];
    for (const concurrency of LLM_CONCURRENCY) {
      if (concurrency !== LLM_CONCURRENCY[0]) {
        await stop(llm.child);
        llm = await startWorker('llm', { WORKER_LLM_CONCURRENCY: String(concurrency) });
      }
      const calls = CALLS_PER_SLOT * concurrency;
      const before = await scrape(llm.metrics);
      const cpuBefore = cpuMs(llm.child.pid);
      const started = Date.now();
      const r = await autocannon({ url: `${api}/api/score/compare`, method: 'POST', connections: calls, amount: calls, timeout: 120, headers, body });
      const wallS = (Date.now() - started) / 1000;
      const row = {
        worker_llm_concurrency: concurrency,
        calls,
        ok: r['2xx'],
        calls_per_s: +(r['2xx'] / wallS).toFixed(2),
        latency_ms_p50: r.latency.p50,
        latency_ms_p99: r.latency.p99,
        ...(await poolFigures([llm], 'llm', before, wallS)),
        llm_pool_cpu_ms_per_call: +(((cpuMs(llm.child.pid) ?? 0) - (cpuBefore ?? 0)) / calls).toFixed(1),
      };
      llmRows.push(row);
      console.log(JSON.stringify(row));
    }

    // score pool: 1 and 2 processes, alternated each round.
    await autocannon({ url: `${api}/api/score`, method: 'POST', connections: 16, duration: 2, headers, body });
    const scoreRows: ScoreRow[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const processes of SCORE_PROCESSES) {
        while (score.length < processes) score.push(await startWorker('score'));
        while (score.length > processes) await stop(score.pop()!.child);
        // The pool alone first: its queued calls must not count in the HTTP load's figures below.
        const alone1 = await drain(scoreQueue, DRAIN_CALLS, 1);
        const alone32 = await drain(scoreQueue, DRAIN_CALLS, 32);
        const before = (await Promise.all(score.map((w) => scrape(w.metrics)))).flat();
        const cpuBefore = [apiProcess, ...score.map((w) => w.child)].map((c) => cpuMs(c.pid));
        const started = Date.now();
        const r = await autocannon({ url: `${api}/api/score`, method: 'POST', connections: SCORE_CONNECTIONS, duration: DURATION_S, headers, body });
        const wallS = (Date.now() - started) / 1000;
        const row: ScoreRow = {
          round,
          score_processes: processes,
          pool_alone_calls_per_s_1_per_job: alone1,
          pool_alone_calls_per_s_32_per_job: alone32,
          requests_per_s: Math.round(r.requests.total / (r.duration || DURATION_S)),
          latency_ms_p50: r.latency.p50,
          latency_ms_p99: r.latency.p99,
          non_2xx: r.non2xx + r.errors + r.timeouts,
          ...(await poolFigures(score, 'score', before, wallS)),
          api_cores: coresUsed([apiProcess], cpuBefore.slice(0, 1), wallS),
          score_cores: coresUsed(score.map((w) => w.child), cpuBefore.slice(1), wallS),
        };
        scoreRows.push(row);
        console.log(JSON.stringify(row));
      }
    }
    const rounds = [...new Set(scoreRows.map((r) => r.round))];
    const at = (processes: number, round: number) => scoreRows.find((r) => r.round === round && r.score_processes === processes)!;
    const scoreSummary = SCORE_PROCESSES.map((processes) => {
      const rows = rounds.map((round) => at(processes, round));
      return {
        score_processes: processes,
        pool_alone_calls_per_s_1_per_job: median(rows.map((r) => r.pool_alone_calls_per_s_1_per_job)),
        pool_alone_calls_per_s_32_per_job: median(rows.map((r) => r.pool_alone_calls_per_s_32_per_job)),
        requests_per_s: median(rows.map((r) => r.requests_per_s)),
        latency_ms_p50: median(rows.map((r) => r.latency_ms_p50)),
        latency_ms_p99: median(rows.map((r) => r.latency_ms_p99)),
        utilisation: median(rows.map((r) => r.utilisation)),
        queue_wait_ms_mean: median(rows.map((r) => r.queue_wait_ms_mean)),
        run_ms_mean: median(rows.map((r) => r.run_ms_mean)),
        api_cores: median(rows.map((r) => r.api_cores)),
        score_cores: median(rows.map((r) => r.score_cores)),
        non_2xx: rows.reduce((n, r) => n + r.non_2xx, 0),
      };
    });
    const ratio = (figure: (r: ScoreRow) => number) => +median(rounds.map((round) => figure(at(2, round)) / figure(at(1, round)))).toFixed(2);
    const twoOverOne = {
      http_requests_per_s: ratio((r) => r.requests_per_s),
      pool_alone_1_per_job: ratio((r) => r.pool_alone_calls_per_s_1_per_job),
      pool_alone_32_per_job: ratio((r) => r.pool_alone_calls_per_s_32_per_job),
    };

    const out = {
      when: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}; shared with other work`,
      setup:
        'redis-server, API (node dist/api/main.js), llm pool and score pool (node dist/workers/main.js --pool ...) as separate processes, autocannon and the test model server in processes of their own; ' +
        `llm: /api/score/compare, ${CALLS_PER_SLOT} calls per slot sent at once, model calls ${MODEL_DELAY_MS} ms (1 s per compare call at best); ` +
        `score: /api/score at ${SCORE_CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per setting, medians; the pool alone: ${DRAIN_CALLS} /api/score calls queued beforehand (paused queue), 1 and 32 per queue job, timed from resume to empty; WORKER_SCORE_CONCURRENCY 16, JOB_BATCH_MAX_ITEMS 32`,
      llm: {
        one_at_a_time_ms: { min: alone.latency.min, mean: alone.latency.average, max: alone.latency.max },
        by_concurrency: llmRows,
      },
      score: { results: scoreSummary, two_over_one_processes: twoOverOne, rounds: scoreRows },
    };
    writeFileSync('bench/results-pools.json', `${JSON.stringify(out, null, 2)}\n`);
    for (const table of [llmRows, scoreSummary]) {
      const keys = Object.keys(table[0]!);
      console.log(`\n| ${keys.join(' | ')} |\n|${keys.map(() => '---').join('|')}|`);
      for (const r of table) console.log(`| ${keys.map((k) => (r as Record<string, unknown>)[k]).join(' | ')} |`);
    }
    console.log(`\nscore pool, 2 processes / 1 process (median of per-round ratios): ${JSON.stringify(twoOverOne)}`);
  } finally {
    await stopAll();
    await scoreQueue.close();
    drainConnection.disconnect();
    store.disconnect();
    await redis.stop();
  }
}

await main();
