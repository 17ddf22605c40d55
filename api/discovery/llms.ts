// GET /llms.txt: the service in a page an agent reads before its first call (llmstxt.org layout):
// what it does, each operation with its price, latency class and an example body, how to pay, and
// where the machine-readable documents are.
import { paidRoute } from '../../shared/prices.js';
import type { Config } from '../../shared/config.js';
import type { Operation } from '../routes/operation.js';
import { describeLatency, operationFacts, type OperationFacts, usdString } from './catalog.js';
import { GUIDANCE } from './guidance.js';

const DOC_PAGES: [string, string][] = [
  ['scoring', 'Scoring methodology: the 8 dimensions, grades, percentile'],
  ['injection', 'Injection detection: patterns, confidence, sanitizing'],
  ['preflight', 'Preflight: clearance rules and endpoint trust'],
  ['payments', 'Payments: x402 versions 1 and 2, bearer keys, receipts, audit'],
  ['providers', 'Model providers and roles'],
];

const NETWORK_NAME = { evm: 'Base', svm: 'Solana' } as const;

function operationEntry(op: Operation, facts: OperationFacts | undefined): string[] {
  const method = op.method.toUpperCase();
  const price =
    op.access === 'paid'
      ? `${usdString(paidRoute(op.path).priceUsd)} USD per call, x402 in USDC on ${NETWORK_NAME[paidRoute(op.path).network]} or a bearer key`
      : op.access === 'subscription'
        ? 'subscription: a bearer key of tier solo, team, business or enterprise'
        : 'free';
  const lines = [`### ${method} ${op.path}`, '', `${op.summary}. Price: ${price}.`];
  if (facts) {
    lines.push(`Latency: ${describeLatency(facts.latency)}.`);
    if (facts.unavailable) lines.push(`Unavailable on this deployment (503 provider_unavailable, never a challenge): ${facts.unavailable}.`);
    lines.push('', `Example body: \`${JSON.stringify(facts.example.request)}\``);
  }
  return [...lines, ''];
}

/** The document for a base URL; the operations' sections, which do not name it, are built once. */
export function llmsTxtDocument(operations: readonly Operation[], config: Config, tools: readonly string[]): (baseUrl: string) => string {
  const section = (title: string, ops: Operation[]) => [
    `## ${title}`,
    '',
    ...ops.flatMap((op) => operationEntry(op, operationFacts(op, config))),
  ];
  const sections = [
    ...section('Free operations', operations.filter((op) => op.access === 'free' || op.access === 'public')),
    ...section('Paid operations', operations.filter((op) => op.access === 'paid')),
    ...section('Subscription', operations.filter((op) => op.access === 'subscription')),
  ].join('\n');
  return (baseUrl) =>
    [
      '# promptgate',
      '',
      '> A pre-inference prompt quality gate for AI agents: score a prompt on 8 dimensions before paying for inference, rewrite it and run both versions, rank rewrite variants, compare two providers judged by a third model, detect and strip prompt injection, and preflight a paid call (CLEAR, CAUTION or BLOCK, with the trust of the endpoint you are about to pay). Paid per call with x402 (USDC on Base or Solana) or a bearer API key.',
      '',
      GUIDANCE,
      '',
      '## Discovery',
      '',
      `- [OpenAPI document](${baseUrl}/openapi.json): every operation with its request and response schemas, price (x-payment-info) and 402 challenge`,
      `- [x402 discovery](${baseUrl}/.well-known/x402): every paid resource with its price, payment requirements, schemas, example and availability`,
      `- MCP server: ${baseUrl}/mcp (Streamable HTTP, stateless; paid like the HTTP operations) or \`npx promptgate mcp\` (stdio). Tools: ${tools.join(', ')}`,
      '',
      '## How to pay',
      '',
      '- x402: send the request without payment; the 402 carries the challenge in the PAYMENT-REQUIRED header (x402 version 2, base64 JSON) and in the body (version 1). Sign one entry of `accepts` with an x402 client (e.g. @x402/fetch) and send the same request with PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1). The 200 carries the settlement in PAYMENT-RESPONSE / X-PAYMENT-RESPONSE.',
      '- Bearer key: `Authorization: Bearer <key>` (keys come from the operator); calls are metered on the key.',
      '- Nothing is charged unless the call answers 200: failures, timeouts and bad bodies are free.',
      '',
      sections,
      '## Docs',
      '',
      ...DOC_PAGES.map(([page, title]) => `- [${title}](${baseUrl}/docs/${page}.md)`),
      '',
    ].join('\n');
}
