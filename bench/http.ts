// HTTP throughput and latency of the whole path (Koa -> BullMQ -> worker -> back), measured with
// autocannon against a real redis-server, the API in this process and the worker pools in a child
// process (as in production). Writes bench/results-http.json.
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type BenchService, startBenchService } from './service.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const PROMPT =
  'You are a senior Go engineer. Review the following HTTP handler for race conditions and resource leaks. ' +
  'List each issue as a numbered item with the line, the risk and a fix; keep it under 300 words.';

async function main() {
  const service = await startBenchService({ QUEUE_PREFIX: 'bench' });
  try {
    await measure(service);
  } finally {
    await service.close();
  }
}

async function measure(service: BenchService) {
  const { config, key } = service;

  const scenarios = [
    { name: 'POST /api/score/free', path: '/api/score/free', body: { prompt: PROMPT } },
    { name: 'POST /api/score (bearer)', path: '/api/score', body: { prompt: PROMPT, vertical: 'software' } },
    { name: 'POST /api/score/batch x10 (bearer)', path: '/api/score/batch', body: { prompts: Array(10).fill(PROMPT) } },
    { name: 'POST /api/variants count=5 (bearer)', path: '/api/variants', body: { prompt: PROMPT, count: 5 } },
  ];
  const results = [];
  for (const s of scenarios) {
    const r = await autocannon({
      url: service.url + s.path,
      method: 'POST',
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(s.body),
    });
    const row = {
      scenario: s.name,
      requests_per_s: Math.round(r.requests.average),
      latency_ms_p50: r.latency.p50,
      latency_ms_p99: r.latency.p99,
      non_2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  const out = {
    when: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    setup: `API in-process, score pool in a child process (WORKER_SCORE_CONCURRENCY=${config.workers.scoreConcurrency}), ${CONNECTIONS} connections, ${DURATION_S} s each`,
    results,
  };
  writeFileSync('bench/results-http.json', `${JSON.stringify(out, null, 2)}\n`);
}

await main();
