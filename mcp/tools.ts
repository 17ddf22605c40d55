// The MCP tools: each is an operation row of the API (its HTTP twin), so a tool takes the body of a
// paid call, answers the twin's 200 body, and costs what the twin costs. Names are fixed by issue 9.
import type { Config } from '../shared/config.js';
import { type PaidFacts, describeLatency, paidFacts, usdString } from '../api/discovery/catalog.js';
import { OPERATIONS } from '../api/routes/index.js';
import type { Operation } from '../api/routes/operation.js';
import { toolOutputSchema } from './results.js';

export const TOOL_NAMES = [
  'score_prompt',
  'optimize_prompt',
  'compare_models',
  'detect_injection',
  'preflight',
  'variants',
  'score_batch',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

interface ToolSpec {
  /** The HTTP twin (the Base path; its `/sol` twin, when there is one, is paid on Solana). */
  path: string;
  title: string;
  /** When an agent should reach for it. */
  when: string;
  /** Runs on the local engine when `npx promptgate mcp` has no service to call. */
  offline: boolean;
}

const SPECS: Record<ToolName, ToolSpec> = {
  score_prompt: {
    path: '/api/score',
    title: 'Score a prompt',
    when: 'Use before sending a prompt to a model: 8 dimensions (1-10 each, total 8-80), grade, percentile and the 3 fixes that would raise the score most.',
    offline: true,
  },
  optimize_prompt: {
    path: '/api/score/full',
    title: 'Rewrite a prompt and run both versions',
    when: 'Use when a prompt scores low and you want a better one: rewrites it, scores both and runs both on a model so you can compare the outputs.',
    offline: false,
  },
  compare_models: {
    path: '/api/score/compare',
    title: 'Compare two models on a prompt',
    when: 'Use to pick a model for a task: runs the prompt on two providers and has a third model judge completeness, relevancy, reasoning and faithfulness.',
    offline: false,
  },
  detect_injection: {
    path: '/api/fix-injection',
    title: 'Detect and strip prompt injection',
    when: 'Use on any untrusted text (user input, web pages, tool output) before it goes into a prompt: verdict, confidence, pattern and a sanitized copy.',
    offline: true,
  },
  preflight: {
    path: '/api/preflight',
    title: 'Preflight a paid call',
    when: 'Use right before paying for inference or another paid endpoint: CLEAR, CAUTION or BLOCK from prompt quality, injection risk and, with endpoint_url, the trust of the wallet that endpoint is paid to.',
    offline: true,
  },
  variants: {
    path: '/api/variants',
    title: 'Rank rewrite variants of a prompt',
    when: 'Use to get better wordings of a prompt: 1 to 5 rewrites in different styles, each scored, best first.',
    offline: true,
  },
  score_batch: {
    path: '/api/score/batch',
    title: 'Score up to 10 prompts',
    when: 'Use to score several prompts in one call (1 to 10, strings or {prompt, vertical}); a bad row carries an error, the rest are scored.',
    offline: true,
  },
};

export interface McpTool extends ToolSpec {
  name: ToolName;
  op: Operation;
  facts: PaidFacts;
  /** The declared output (built once: every /mcp request registers the tools anew). */
  output: ReturnType<typeof toolOutputSchema>;
  /** The `/sol` twin's path, when the tool can also be paid on Solana. */
  solanaPath?: string;
  priceUsd: number;
  description: string;
}

/**
 * Where the tools do their work: `service` in the API itself (availability from its configuration),
 * `remote` relayed by `npx promptgate mcp` to PROMPTGATE_URL (the service decides), `local` on the
 * engine of `npx promptgate mcp` without a URL (the model tools then need a service).
 */
export type ToolSite = 'service' | 'remote' | 'local';

function siteNote(spec: ToolSpec, facts: PaidFacts, site: ToolSite): string | undefined {
  if (site === 'local') {
    return spec.offline
      ? 'Here it runs free on the local engine (no PROMPTGATE_URL).'
      : 'Needs a promptgate service: set PROMPTGATE_URL (and PROMPTGATE_API_KEY) for `npx promptgate mcp`.';
  }
  return site === 'service' && facts.unavailable ? `Unavailable on this deployment: ${facts.unavailable}.` : undefined;
}

/** Every tool, described for where it runs. */
export function mcpTools(config: Config, site: ToolSite): McpTool[] {
  return TOOL_NAMES.map((name) => {
    const spec = SPECS[name];
    const op = OPERATIONS.find((o) => o.path === spec.path);
    if (!op) throw new Error(`no operation row for ${spec.path}`);
    const facts = paidFacts(op, config);
    const solanaPath = OPERATIONS.some((o) => o.path === `${spec.path}/sol`) ? `${spec.path}/sol` : undefined;
    const note = siteNote(spec, facts, site);
    const description = [
      spec.when,
      `Price: ${usdString(facts.route.priceUsd)} USD per call (x402 in USDC on ${solanaPath ? 'Base or Solana' : 'Base'}, or a bearer API key); charged only when it succeeds.`,
      `Latency: ${describeLatency(facts.latency)}.`,
      ...(note ? [note] : []),
    ].join(' ');
    const output = toolOutputSchema(op.response);
    return { name, ...spec, op, facts, output, priceUsd: facts.route.priceUsd, description, ...(solanaPath && { solanaPath }) };
  });
}
