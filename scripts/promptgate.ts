// promptgate CLI: score or rewrite a prompt locally with the embedded engine (no server, no Redis),
// or run the MCP server over stdio.
//   promptgate score "text" [--vertical v] [--json]
//   promptgate rewrite "text" [--style s] [--vertical v] [--json]
//   promptgate mcp          (PROMPTGATE_URL, PROMPTGATE_API_KEY: see mcp/stdio.ts)
// The prompt comes from the argument, or from stdin when it is missing or "-".
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  DIMENSION_NAMES, MAX_PROMPT_CHARS, REWRITE_STYLES, RewriteStyleSchema, VERTICALS, VerticalSchema,
} from '../shared/schemas/common.js';
import { rewrite, scorePrompt, type EngineScore } from '../shared/scoring/index.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export const USAGE = [
  'usage: promptgate score "prompt" [--vertical v] [--json]',
  '       promptgate rewrite "prompt" [--style s] [--vertical v] [--json]',
  '       (reads the prompt from stdin when it is omitted or "-")',
  '       promptgate mcp   (MCP server on stdio; PROMPTGATE_URL and PROMPTGATE_API_KEY to call a service)',
  `verticals: ${VERTICALS.join(', ')} (default general)`,
  `styles: ${REWRITE_STYLES.join(', ')} (default detailed)`,
].join('\n');

const BAR_WIDTH = 10;

function formatScore(s: EngineScore): string {
  const rows = DIMENSION_NAMES.map(
    (n) => `  ${n.padEnd(16)}${String(s.dimensions[n]).padStart(3)}  ${'#'.repeat(s.dimensions[n]).padEnd(BAR_WIDTH, '.')}`,
  );
  return [
    `Score ${s.total}/${s.out_of}  grade ${s.grade}  percentile ${s.percentile}  composite ${s.composite}`,
    ...rows,
    `Frameworks: PEEM ${s.frameworks.peem.toFixed(1)}  RAGAS ${s.frameworks.ragas.toFixed(1)}  G-Eval ${s.frameworks.geval.toFixed(1)}`,
    `Verdict: ${s.verdict}`,
    'Top fixes:',
    ...s.top_fixes.map((f, i) => `  ${i + 1}. ${f}`),
  ].join('\n');
}

function fail(message: string): CliResult {
  return { code: 2, stdout: '', stderr: `${message}\n${USAGE}\n` };
}

/** Runs the CLI on argv (without node and script); `readStdin` is called only when needed. */
export async function run(argv: readonly string[], readStdin: () => Promise<string>): Promise<CliResult> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        vertical: { type: 'string', short: 'v', default: 'general' },
        style: { type: 'string', short: 's', default: 'detailed' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    return fail((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, text, ...extra] = positionals;
  if (values.help) return { code: 0, stdout: `${USAGE}\n`, stderr: '' };
  if (command !== 'score' && command !== 'rewrite') return fail(`unknown command: ${command ?? '(none)'}`);
  if (extra.length > 0) return fail('quote the prompt as one argument');
  const vertical = VerticalSchema.safeParse(values.vertical);
  if (!vertical.success) return fail(`unknown vertical: ${values.vertical}`);
  const prompt = text === undefined || text === '-' ? await readStdin() : text;
  if (prompt.trim() === '') return fail('no prompt given (empty argument or empty stdin)');
  if (prompt.length > MAX_PROMPT_CHARS) {
    return fail(`prompt is ${prompt.length} characters; the limit is ${MAX_PROMPT_CHARS} (UTF-16 code units, as the API counts)`);
  }

  if (command === 'score') {
    const s = scorePrompt(prompt, vertical.data);
    return { code: 0, stdout: `${values.json ? JSON.stringify(s, null, 2) : formatScore(s)}\n`, stderr: '' };
  }
  const style = RewriteStyleSchema.safeParse(values.style);
  if (!style.success) return fail(`unknown style: ${values.style}`);
  const out = rewrite(prompt, vertical.data, style.data);
  if (!values.json) return { code: 0, stdout: `${out}\n`, stderr: '' };
  const body = { style: style.data, vertical: vertical.data, prompt: out, before: scorePrompt(prompt, vertical.data).total, after: scorePrompt(out, vertical.data).total };
  return { code: 0, stdout: `${JSON.stringify(body, null, 2)}\n`, stderr: '' };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  // The MCP server owns stdin and stdout until the client goes away.
  if (argv[0] === 'mcp' && argv.length === 1) return (await import('../mcp/stdio.js')).runStdio();
  const result = await run(argv, () => readAll(process.stdin));
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
}

// Run when executed directly (tsx scripts/promptgate.ts); bin/promptgate.js calls main() itself.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main();
