// A real OpenAI-compatible HTTP server standing in for a model provider in tests, driven through
// the real openai SDK. One instance per provider. Behaviour per model id, from its name or from
// setBehavior(): names containing `fail-500` / `fail-429` answer that status, `slow-<ms>` waits,
// `judge-chatty` answers prose instead of JSON, `judge-fenced` wraps the JSON in prose and a code
// fence, `cite` adds Perplexity-style `citations` and `search_results`. Requests are recorded.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenLocal } from './http-server.js';

export interface Behavior {
  /** Answer this HTTP status with an OpenAI-style error body. */
  status?: number;
  /** With `status`: fail only the first N calls of this model, then answer normally. */
  failTimes?: number;
  delayMs?: number;
  /** Fixed reply content, or a function of the request messages. */
  content?: string | ((messages: FakeMessage[]) => string);
  citations?: boolean;
}

export interface FakeMessage {
  role: string;
  content: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | undefined;
  /** For chat completions: the model id and messages sent. */
  model?: string;
  messages?: FakeMessage[];
}

export interface FakeOpenAI {
  /** Base URL to configure as a provider's base_url (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Chat completions of one model, in arrival order. */
  chatRequests(model?: string): RecordedRequest[];
  setBehavior(model: string, behavior: Behavior): void;
  /** Highest number of chat completions in flight at once since start/reset. */
  maxInFlight(): number;
  reset(): void;
  close(): Promise<void>;
}

const JUDGE_CRITERIA = ['completeness', 'relevancy', 'reasoning_depth', 'faithfulness'] as const;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest();

function behaviorFromName(model: string): Behavior {
  const b: Behavior = {};
  const fail = /fail-(\d{3})/.exec(model);
  if (fail) b.status = Number(fail[1]);
  const slow = /slow-(\d+)/.exec(model);
  if (slow) b.delayMs = Number(slow[1]);
  if (model.includes('judge-chatty'))
    b.content = 'Both answers have merit. Overall I found the first one rather thorough, though the second reads better.';
  if (model.includes('judge-fenced'))
    b.content = (messages) => `Sure! Here is my assessment:\n\`\`\`json\n${judgeJson('fenced', messages)}\n\`\`\`\nHope this helps.`;
  if (model.includes('cite')) b.citations = true;
  return b;
}

const isJudgeRequest = (messages: FakeMessage[]) =>
  messages.some((m) => m.role === 'system' && JUDGE_CRITERIA.every((c) => m.content.includes(c)));
const isRewriteRequest = (messages: FakeMessage[]) =>
  messages.some((m) => m.role === 'system' && /rewrite/i.test(m.content));
const lastUser = (messages: FakeMessage[]) => [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';

/** Judge scores 1..10 derived from the model and the messages, so a given request always scores the same. */
function judgeJson(model: string, messages: FakeMessage[]): string {
  const h = digest(model, lastUser(messages));
  return JSON.stringify(Object.fromEntries(JUDGE_CRITERIA.map((c, i) => [c, 1 + (h[i]! % 10)])));
}

function defaultContent(model: string, messages: FakeMessage[]): string {
  if (isJudgeRequest(messages)) return judgeJson(model, messages);
  const task = lastUser(messages).trim();
  if (isRewriteRequest(messages)) {
    return [
      'You are a senior domain expert writing for an informed professional audience.',
      `Task: ${task.split('\n')[0]}`,
      'Context: the reader needs a practical answer they can act on today.',
      'Constraints: at most 300 words; avoid jargon; state any assumptions explicitly.',
      'Output format: a numbered list of steps followed by a one-line summary.',
      'Example: "1. Measure the baseline. 2. Change one variable..."',
      'Think step by step before answering and check each step.',
    ].join('\n');
  }
  const tag = digest(model, JSON.stringify(messages)).toString('hex').slice(0, 8);
  return `[${model}#${tag}] Answer to: ${task.slice(0, 120)}\n1. First, the key point.\n2. Then, because it follows, the detail.`;
}

function citationFields() {
  return {
    citations: ['https://example.org/a', 'https://example.org/b'],
    search_results: [
      { title: 'Source A', url: 'https://example.org/a', date: '2024-05-01', snippet: 'First source text.' },
      { title: 'Source B', url: 'https://example.org/b', date: '2024-06-02', snippet: 'Second source text.' },
    ],
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeOpenAI(options: { models?: string[] } = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const overrides = new Map<string, Behavior>();
  const callsPerModel = new Map<string, number>();
  let inFlight = 0;
  let peak = 0;

  async function chat(res: ServerResponse, rec: RecordedRequest) {
    const model = String(rec.body?.model ?? '');
    const messages = Array.isArray(rec.body?.messages) ? (rec.body.messages as FakeMessage[]) : [];
    rec.model = model;
    rec.messages = messages;
    const behavior = { ...behaviorFromName(model), ...overrides.get(model) };
    const call = (callsPerModel.get(model) ?? 0) + 1;
    callsPerModel.set(model, call);

    inFlight += 1;
    peak = Math.max(peak, inFlight);
    try {
      if (behavior.delayMs) {
        const gone = new Promise<void>((resolve) => res.once('close', resolve));
        await Promise.race([new Promise((r) => setTimeout(r, behavior.delayMs)), gone]);
      }
      if (behavior.status && (behavior.failTimes === undefined || call <= behavior.failTimes)) {
        // retry-after-ms keeps the SDK's retry backoff short in tests.
        return send(res, behavior.status, { error: { message: `fake upstream failure ${behavior.status}`, type: 'server_error' } }, { 'retry-after-ms': '5' });
      }
      const content =
        typeof behavior.content === 'function'
          ? behavior.content(messages)
          : (behavior.content ?? defaultContent(model, messages));
      const promptTokens = messages.reduce((n, m) => n + String(m.content).split(/\s+/).length, 0);
      const completionTokens = content.split(/\s+/).length;
      send(res, 200, {
        id: `chatcmpl-${digest(model, content).toString('hex').slice(0, 12)}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
        ...(behavior.citations && citationFields()),
      });
    } finally {
      inFlight -= 1;
    }
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      const rec: RecordedRequest = { method: req.method ?? 'GET', path, authorization: req.headers.authorization, headers: req.headers, body };
      requests.push(rec);
      if (req.method === 'POST' && path === '/v1/chat/completions') return chat(res, rec);
      if (req.method === 'GET' && path === '/v1/models') {
        const data = (options.models ?? []).map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' }));
        return send(res, 200, { object: 'list', data });
      }
      send(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
    })().catch((e: unknown) => send(res, 500, { error: { message: String(e), type: 'server_error' } }));
  });
  const url = await listenLocal(server);

  return {
    baseUrl: `${url}/v1`,
    requests,
    chatRequests: (model) => requests.filter((r) => r.path === '/v1/chat/completions' && (model === undefined || r.model === model)),
    setBehavior: (model, behavior) => void overrides.set(model, behavior),
    maxInFlight: () => peak,
    reset() {
      requests.length = 0;
      overrides.clear();
      callsPerModel.clear();
      peak = inFlight;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
