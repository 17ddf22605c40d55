// The HTTP benchmark, in one run and in the production layout: a real redis-server, the built API,
// score pool and llm pool as separate processes (`node dist/...`), and the inline baseline (a plain
// node:http server scoring with the engine imported by name from the built package) as another.
// autocannon drives each path at 1, 16 and 64 connections, the whole matrix BENCH_ROUNDS times over
// (medians: the machine is shared and noisy, so each round puts every path under the same
// conditions, and a ratio is taken within a round); then 200 concurrent /api/score/compare
// calls against the test model server (its own process, 500 ms per model call) at two
// WORKER_LLM_CONCURRENCY settings. Writes bench/results-http.json and prints the README's tables.
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { KeyStore } from '../api/auth/key-store.js';
import { createRedis } from '../shared/redis.js';
import { freePort, startRedisServer } from '../test/helpers/redis-server.js';
import { cpuMs, median, MODEL_DELAY_MS, ready, serviceEnv, start as startProcess, startModelServer, stop, stopAll, waitFor } from './processes.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** A folder: each service process writes a CPU profile there (`--cpu-prof`), one subfolder per role. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** `paths` (the throughput table), `compare` (the llm pool), or both (the default). */
const PARTS = (process.env.BENCH_PARTS ?? 'paths,compare').split(',');
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,16,64').split(',').map(Number);
const start = (args: string[], env: Record<string, string>, role?: string) => startProcess(args, env, CPU_PROF && role ? `${CPU_PROF}/${role}` : undefined);
const COMPARE_CALLS = 200;
const LLM_CONCURRENCY = [32, 200];

const PROMPT =
  'You are a senior Go engineer. Review the following HTTP handler for race conditions and resource leaks. ' +
  'List each issue as a numbered item with the line, the risk and a fix; keep it under 300 words.';

interface Scenario {
  name: string;
  path: string;
  body: unknown;
  /** Sent with the bearer key. */
  keyed: boolean;
}

const INLINE: Scenario = { name: 'inline baseline (node:http + scorePrompt)', path: '/', body: { prompt: PROMPT, vertical: 'software' }, keyed: false };
const QUEUED: Scenario[] = [
  { name: 'POST /api/score/free', path: '/api/score/free', body: { prompt: PROMPT, vertical: 'software' }, keyed: false },
  { name: 'POST /api/score (bearer)', path: '/api/score', body: { prompt: PROMPT, vertical: 'software' }, keyed: true },
  { name: 'POST /api/score/batch x10 (bearer)', path: '/api/score/batch', body: { prompts: Array(10).fill(PROMPT), vertical: 'software' }, keyed: true },
];

interface Row {
  round?: number;
  scenario: string;
  connections: number;
  requests_per_s: number;
  /** Closed loop: each connection waits for its answer, so the mean latency is connections / rate. */
  latency_ms_mean: number;
  latency_ms_p50: number;
  latency_ms_p99: number;
  non_2xx: number;
  errors: number;
  /** CPU time (user + system) each service process spent per request during the row, in µs. */
  cpu_us_per_request?: Record<string, number>;
}

/** The processes whose CPU time each row reports, by role. */
const measured = new Map<string, number | undefined>();

async function load(url: string, s: Scenario, connections: number, key: string, durationS = DURATION_S): Promise<Row> {
  const roles = s === INLINE ? ['inline'] : ['api', 'score', 'redis'];
  const cpuBefore = roles.map((role) => cpuMs(measured.get(role)));
  const r = await autocannon({
    url: url + s.path,
    method: 'POST',
    connections,
    duration: durationS,
    headers: { 'content-type': 'application/json', ...(s.keyed && { authorization: `Bearer ${key}` }) },
    body: JSON.stringify(s.body),
  });
  const rps = r.requests.total / (r.duration || durationS);
  return {
    scenario: s.name,
    connections,
    requests_per_s: Math.round(rps),
    latency_ms_mean: +((1000 * connections) / rps).toFixed(3),
    latency_ms_p50: r.latency.p50,
    latency_ms_p99: r.latency.p99,
    non_2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpu_us_per_request: Object.fromEntries(
      roles.flatMap((role, i) => {
        const [before, after] = [cpuBefore[i], cpuMs(measured.get(role))];
        return before === undefined || after === undefined ? [] : [[role, Math.round(((after - before) * 1000) / r.requests.total)]];
      }),
    ),
  };
}

async function main() {
  const redis = await startRedisServer();
  const { models, baseUrl } = await startModelServer();
  const ask = async <T>(message: string) => {
    models.send(message);
    return ((await once(models, 'message')) as [T])[0];
  };
  const [inlinePort, apiPort] = [await freePort(), await freePort()];
  const env = serviceEnv(redis.url, apiPort, baseUrl, { FREE_RATE_LIMIT_PER_MIN: '1000000000' });
  const api = `http://127.0.0.1:${apiPort}`;
  const inline = `http://127.0.0.1:${inlinePort}`;
  const store = createRedis(redis.url, 'bench');
  try {
    const inlineServer = start(['--import', 'tsx', 'bench/inline-server.ts', String(inlinePort)], env);
    await once(inlineServer, 'message');
    measured.set('inline', inlineServer.pid);
    measured.set('api', start(['dist/api/main.js'], env, 'api').pid);
    measured.set('score', start(['dist/workers/main.js', '--pool', 'score'], env, 'score').pid);
    measured.set('redis', redis.pid);
    let llm = start(['dist/workers/main.js', '--pool', 'llm'], { ...env, WORKER_LLM_CONCURRENCY: String(LLM_CONCURRENCY[0]) }, 'llm');
    await waitFor(() => ready(api), 'the service');
    const { key } = await new KeyStore(store, env.QUEUE_PREFIX!).create('solo', 'bench');

    const rows: Row[] = [];
    // Warm-up: JIT, connection pools, Redis scripts.
    if (PARTS.includes('paths')) for (const s of [INLINE, ...QUEUED]) await load(s === INLINE ? inline : api, s, 16, key, 2);
    for (let round = 1; round <= (PARTS.includes('paths') ? ROUNDS : 0); round++) {
      for (const connections of CONNECTIONS) {
        for (const s of [INLINE, ...QUEUED]) {
          const row = { round, ...(await load(s === INLINE ? inline : api, s, connections, key)) };
          rows.push(row);
          console.log(JSON.stringify(row));
        }
      }
    }

    const compare = [];
    let alone: Record<string, number> | undefined;
    if (PARTS.includes('compare')) {
      // One call at a time first: the latency of a call that does not wait for a worker slot.
      const r = await autocannon({
        url: `${api}/api/score/compare`,
        method: 'POST',
        connections: 1,
        amount: 5,
        timeout: 120,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ prompt: PROMPT, vertical: 'software' }),
      });
      alone = { calls: 5, ok: r['2xx'], latency_ms_min: r.latency.min, latency_ms_mean: r.latency.average, latency_ms_max: r.latency.max };
      console.log(JSON.stringify({ alone }));
    }
    for (const concurrency of PARTS.includes('compare') ? LLM_CONCURRENCY : []) {
      if (concurrency !== LLM_CONCURRENCY[0]) {
        await stop(llm);
        llm = start(['dist/workers/main.js', '--pool', 'llm'], { ...env, WORKER_LLM_CONCURRENCY: String(concurrency) }, 'llm');
        await waitFor(() => ready(api), 'the llm pool');
      }
      await ask('reset');
      const started = Date.now();
      const cpuBefore = cpuMs(llm.pid);
      const r = await autocannon({
        url: `${api}/api/score/compare`,
        method: 'POST',
        connections: COMPARE_CALLS,
        amount: COMPARE_CALLS,
        timeout: 120,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ prompt: PROMPT, vertical: 'software' }),
      });
      const row = {
        worker_llm_concurrency: concurrency,
        calls: COMPARE_CALLS,
        ok: r['2xx'],
        wall_s: +((Date.now() - started) / 1000).toFixed(2),
        latency_ms_min: r.latency.min,
        latency_ms_p50: r.latency.p50,
        latency_ms_p99: r.latency.p99,
        latency_ms_max: r.latency.max,
        model_calls_in_flight_max: (await ask<{ maxInFlight: number }>('stats')).maxInFlight,
        llm_pool_cpu_ms_per_call: cpuBefore === undefined ? null : +((cpuMs(llm.pid)! - cpuBefore) / COMPARE_CALLS).toFixed(1),
      };
      compare.push(row);
      console.log(JSON.stringify(row));
    }

    const rounds = [...new Set(rows.map((r) => r.round!))];
    const at = (scenario: Scenario, connections: number, round: number) =>
      rows.find((r) => r.scenario === scenario.name && r.connections === connections && r.round === round)!;
    const summary = CONNECTIONS.flatMap((connections) =>
      [INLINE, ...QUEUED].map((s) => medianRow(rounds.map((round) => at(s, connections, round)))),
    ).filter((r) => r !== undefined);
    /** A figure of one round, its median over the rounds. */
    const across = (figure: (round: number) => number, digits: number) => +median(rounds.map(figure)).toFixed(digits);
    const ratios = (rows.length > 0 ? CONNECTIONS : []).map((connections) => {
      const rps = (s: Scenario, round: number) => at(s, connections, round).requests_per_s;
      const mean = (s: Scenario, round: number) => at(s, connections, round).latency_ms_mean;
      return {
        connections,
        ...Object.fromEntries(QUEUED.map((s) => [`${s.path} rps / inline rps`, across((r) => rps(s, r) / rps(INLINE, r), 3)])),
        'queue adds, /api/score mean latency (ms)': across((r) => mean(QUEUED[1]!, r) - mean(INLINE, r), 3),
        'batch x10 cost / one score (rps ratio)': across((r) => rps(QUEUED[1]!, r) / rps(QUEUED[2]!, r), 2),
      };
    });
    const out = {
      when: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}; shared with other work`,
      setup:
        `redis-server, API (node dist/api/main.js), score pool and llm pool (node dist/workers/main.js --pool ...) and the inline baseline as separate processes; ` +
        `autocannon in the bench process; ${ROUNDS} rounds of ${DURATION_S} s per row after a 2 s warm-up, medians; defaults otherwise (WORKER_SCORE_CONCURRENCY 16, JOB_BATCH_MAX_ITEMS 32)`,
      results: summary,
      rounds: rows,
      ratios,
      compare: {
        model_delay_ms: MODEL_DELAY_MS,
        expected_ms_per_call: 'max(model a, model b) + judge = 1000 (the sum would be 1500)',
        one_at_a_time: alone,
        concurrent: compare,
      },
    };
    // A partial run is printed, not written over the full results.
    if (PARTS.includes('paths') && PARTS.includes('compare')) writeFileSync('bench/results-http.json', `${JSON.stringify(out, null, 2)}\n`);
    printTables(summary, ratios, compare);
  } finally {
    await stopAll();
    store.disconnect();
    await redis.stop();
  }
}

/** The median of each figure over the rounds of one path at one connection count. */
function medianRow(rows: Row[]): Row | undefined {
  const [first] = rows;
  if (!first) return undefined;
  const rps = median(rows.map((r) => r.requests_per_s));
  return {
    scenario: first.scenario,
    connections: first.connections,
    requests_per_s: Math.round(rps),
    latency_ms_mean: +((1000 * first.connections) / rps).toFixed(3),
    latency_ms_p50: median(rows.map((r) => r.latency_ms_p50)),
    latency_ms_p99: median(rows.map((r) => r.latency_ms_p99)),
    non_2xx: rows.reduce((n, r) => n + r.non_2xx, 0),
    errors: rows.reduce((n, r) => n + r.errors, 0),
    cpu_us_per_request: Object.fromEntries(Object.keys(first.cpu_us_per_request ?? {}).map((role) => [role, median(rows.map((r) => r.cpu_us_per_request?.[role] ?? 0))])),
  };
}

function printTables(rows: Row[], ratios: Record<string, number>[], compare: Record<string, number | null>[]) {
  console.log('\n| path | connections | requests/s | mean | p50 | p99 | non-2xx | CPU µs per request |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const cpu = Object.entries(r.cpu_us_per_request ?? {}).map(([role, us]) => `${role} ${us}`).join(', ');
    console.log(`| ${r.scenario} | ${r.connections} | ${r.requests_per_s} | ${r.latency_ms_mean} ms | ${r.latency_ms_p50} ms | ${r.latency_ms_p99} ms | ${r.non_2xx + r.errors} | ${cpu} |`);
  }
  for (const table of [ratios, compare]) {
    if (table.length === 0) continue;
    const keys = Object.keys(table[0]!);
    console.log(`\n| ${keys.join(' | ')} |\n|${keys.map(() => '---').join('|')}|`);
    for (const r of table) console.log(`| ${keys.map((k) => r[k]).join(' | ')} |`);
  }
}

await main();
