// The seam's contract is in the types: checked here with the TypeScript language service over the
// sources, as an editor sees them. From an operation row, go-to-definition on its job lands on the
// job's declaration in shared/jobs.ts, whose references lead on to its processor; a processor table
// that leaves out a job, a row whose body does not map to its job's input and a processor that
// returns another job's result do not type-check.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../../shared/jobs.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const at = (...parts: string[]) => join(ROOT, ...parts);
const ROUTES = ['scoring.ts', 'analysis.ts', 'safety.ts', 'proxy.ts'].map((f) => at('api', 'routes', f));
const PROBE = at('test', 'seam', '__probe__.ts');

let service: ts.LanguageService;
let probe = '';

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(at('tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const roots = [...ROUTES, ...readdirSync(at('workers', 'processors')).map((f) => at('workers', 'processors', f)), PROBE];
  service = ts.createLanguageService({
    getScriptFileNames: () => roots,
    getScriptVersion: (f) => (f === PROBE ? probe : '0'),
    getScriptSnapshot: (f) => (f === PROBE ? ts.ScriptSnapshot.fromString(probe) : ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)!) : undefined),
    getCurrentDirectory: () => ROOT,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === PROBE || ts.sys.fileExists(f),
    readFile: (f) => (f === PROBE ? probe : ts.sys.readFile(f)),
  });
}, 60_000);

const lineOf = (file: string, offset: number) => readFileSync(file, 'utf8').slice(0, offset).split('\n').length;
const textAt = (file: string, span: ts.TextSpan) => readFileSync(file, 'utf8').split('\n')[lineOf(file, span.start) - 1]!;

/** Type errors of a snippet compiled next to the tests. */
function errorsOf(source: string): string[] {
  probe = source;
  return service.getSemanticDiagnostics(PROBE).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('from a route to its processor', () => {
  const rows = ROUTES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bjob: (\w+Job),/g)].map((m) => ({ file, job: m[1]!, offset: m.index + 'job: '.length })));

  it('every row that runs a job names its declaration', () => {
    expect(new Set(rows.map((r) => r.job)).size).toBe(JOB_NAMES.length);
  });

  it.each(rows.map((r) => [r.job, r] as const))('%s: definition in shared/jobs.ts, then its processor among the references', (_job, row) => {
    const [definition] = service.getDefinitionAtPosition(row.file, row.offset + 1) ?? [];
    expect(definition?.fileName).toBe(at('shared', 'jobs.ts'));
    expect(textAt(definition!.fileName, definition!.textSpan)).toContain(`export const ${row.job} = job(`);
    const references = service.getReferencesAtPosition(definition!.fileName, definition!.textSpan.start) ?? [];
    const processors = references.filter((r) => r.fileName.startsWith(at('workers', 'processors')));
    expect(processors.map((r) => textAt(r.fileName, r.textSpan))).toContainEqual(expect.stringContaining(`Processor<typeof ${row.job}>`));
  });
});

describe('what the types refuse', () => {
  const header = [
    "import { PROCESSORS } from '../../workers/processors/registry.js';",
    "import type { ProcessorTable, Processor } from '../../workers/processors/types.js';",
    "import { defineOperation } from '../../api/routes/operation.js';",
    "import { scoreFreeJob, preflightJob } from '../../shared/jobs.js';",
    "import { ScoreRequestSchema } from '../../shared/schemas/requests.js';",
  ].join('\n');

  it('accepts the real table and rows (the probe itself compiles)', () => {
    expect(errorsOf(`${header}\nexport const table: ProcessorTable = PROCESSORS;`)).toEqual([]);
  });

  it('a processor table without a job', () => {
    const errors = errorsOf(`${header}\nconst { preflight: _left, ...rest } = PROCESSORS;\nexport const table: ProcessorTable = rest;`);
    expect(errors.join('\n')).toMatch(/Property 'preflight' is missing/);
  });

  it('a row whose body is not its job input (preflight needs the chain)', () => {
    const errors = errorsOf(
      `${header}\nexport const row = defineOperation({ method: 'post', path: '/x', summary: 'x', access: 'paid', request: ScoreRequestSchema, job: preflightJob, jobInput: (body) => body });`,
    );
    expect(errors.join('\n')).toMatch(/chain/);
  });

  it("a processor that returns another job's result", () => {
    const errors = errorsOf(`${header}\nexport const p: Processor<typeof scoreFreeJob> = async () => ({ score: 1, grade: 'A' });`);
    expect(errors.length).toBeGreaterThan(0);
  });
});
