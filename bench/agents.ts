// What agents' entry points cost, as ratios in one run: the 402 challenge (with its discovery
// metadata) against a free score, the discovery documents, and a tool call over /mcp against its HTTP
// twin (the MCP layer calls the twin on the same server). Real redis-server, the API in this process,
// the score pool in a child process. Writes bench/results-agents.json.
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { type BenchService, startBenchService } from './service.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PROMPT = 'You are a travel writer. Write a 100-word guide to Lisbon for first-time visitors, as 3 bullet points.';

interface Row {
  scenario: string;
  requests_per_s: number;
  latency_ms_p50: number;
  latency_ms_p99: number;
  statuses: Record<string, number>;
  errors: number;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function main() {
  const api = await startBenchService({
    QUEUE_PREFIX: 'bench-agents',
    // Challenges are built from configuration while no facilitator answers.
    X402_ENABLED: 'true',
    X402_EVM_PAY_TO: '0x1111111111111111111111111111111111111111',
    X402_SVM_PAY_TO: '11111111111111111111111111111112',
    X402_FACILITATOR_URL: 'http://127.0.0.1:9',
  });
  try {
    await measure(api);
  } finally {
    await api.close();
  }
}

async function measure(api: BenchService) {
  const { key } = api;
  const json = { 'content-type': 'application/json' };
  const bearer = { ...json, authorization: `Bearer ${key}` };
  const mcp = { ...bearer, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

  const scenarios: Scenario[] = [
    { name: 'POST /api/score/free', method: 'POST', path: '/api/score/free', body: { prompt: PROMPT }, headers: json },
    { name: 'POST /api/score unpaid: 402 challenge', method: 'POST', path: '/api/score', body: { prompt: PROMPT }, headers: json },
    { name: 'POST /api/score unpaid, body {}: 402 naming the problem', method: 'POST', path: '/api/score', body: {}, headers: json },
    { name: 'GET /.well-known/x402', method: 'GET', path: '/.well-known/x402' },
    { name: 'GET /openapi.json', method: 'GET', path: '/openapi.json' },
    { name: 'GET /llms.txt', method: 'GET', path: '/llms.txt' },
    { name: 'POST /api/score (bearer)', method: 'POST', path: '/api/score', body: { prompt: PROMPT }, headers: bearer },
    {
      name: 'POST /mcp tools/call score_prompt (bearer)',
      method: 'POST',
      path: '/mcp',
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'score_prompt', arguments: { prompt: PROMPT } } },
      headers: mcp,
    },
  ];
  const results: Row[] = [];
  for (const s of scenarios) {
    const r = await autocannon({
      url: api.url + s.path,
      method: s.method,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: s.headers ?? {},
      ...(s.body !== undefined && { body: JSON.stringify(s.body) }),
    });
    const row: Row = {
      scenario: s.name,
      requests_per_s: Math.round(r.requests.average),
      latency_ms_p50: r.latency.p50,
      latency_ms_p99: r.latency.p99,
      statuses: { '2xx': r['2xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
      errors: r.errors,
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  const rate = (name: string) => results.find((r) => r.scenario === name)!.requests_per_s;
  const ratios = {
    challenge_vs_free_score: +(rate('POST /api/score unpaid: 402 challenge') / rate('POST /api/score/free')).toFixed(2),
    mcp_call_vs_http_twin: +(rate('POST /mcp tools/call score_prompt (bearer)') / rate('POST /api/score (bearer)')).toFixed(2),
  };
  console.log(JSON.stringify({ ratios }));
  const out = {
    when: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    setup: `API in-process, score pool in a child process, ${CONNECTIONS} connections, ${DURATION_S} s each; requests per second, higher is better`,
    ratios,
    results,
  };
  writeFileSync('bench/results-agents.json', `${JSON.stringify(out, null, 2)}\n`);
}

await main();
