// Renders shared/scoring/dimensions/tables.ts from term tables: the way a fitting script writes the
// numbers it fits. It loads RUBRIC and ANTI_GAMING, changes points, caps and thresholds (by term
// id), and writes renderTablesSource(rubric, antiGaming) to TABLES_PATH. Names, signals and order
// stay as they are.
//   npm run rubric:tables -- --check   exits 1 when tables.ts is not in the rendered form
// (test/engine/rubric.test.ts runs the same check), so hand edits stay renderable too.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Condition } from '../shared/scoring/dimensions/conditions.js';
import { ANTI_GAMING, RUBRIC } from '../shared/scoring/dimensions/tables.js';
import type { AntiGaming, Rubric } from '../shared/scoring/dimensions/terms.js';
import { writeOrCheck } from './lib/generated.js';

export const TABLES_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'shared', 'scoring', 'dimensions', 'tables.ts');

const HEADER = `// The rubric's numbers: one table of named terms per dimension, and the anti-gaming measures.
// Data only, in the form scripts/rubric-tables.ts renders: a fitting script loads RUBRIC and
// ANTI_GAMING, changes points, caps and thresholds, and rewrites this file with renderTablesSource (a
// test checks the file is in that form). docs/scoring.md's tables are generated from it (\`npm run
// docs:scoring\`). Signal ids are checked against SIGNALS (signals.ts) by the type checker.`;

/** Key order of a term (the other objects keep their own order). */
const TERM_KEYS = ['id', 'signal', 'when', 'points', 'lowers', 'cap', 'unless', 'times', 'ungated', 'note'];

const isCondition = (v: unknown): v is Condition => typeof v === 'object' && v !== null && 'kind' in v;

function conditionSource(c: Condition): string {
  switch (c.kind) {
    case 'between':
      return `between(${c.lo}, ${c.hi})`;
    case 'tiers':
      return `tiers(${c.at.join(', ')})`;
    case 'each':
      return c.from === 0 ? 'each()' : `each(${c.from})`;
    case 'per':
      return `per(${c.unit})`;
    default:
      return `${c.kind}(${c.n})`;
  }
}

const quote = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function ordered(o: object): [string, unknown][] {
  const entries = Object.entries(o);
  if (!('signal' in o)) return entries;
  return entries.sort(([a], [b]) => TERM_KEYS.indexOf(a) - TERM_KEYS.indexOf(b));
}

const flat = (v: unknown): boolean => typeof v !== 'object' || v === null || isCondition(v);

function source(v: unknown, indent: string): string {
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isCondition(v)) return conditionSource(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) return `[\n${v.map((x) => `${inner}${source(x, inner)},\n`).join('')}${indent}]`;
  const entries = ordered(v as object);
  // Objects of plain values (a term, a parameter set) stay on one line.
  if (entries.every(([, x]) => flat(x))) return `{ ${entries.map(([k, x]) => `${k}: ${source(x, inner)}`).join(', ')} }`;
  return `{\n${entries.map(([k, x]) => `${inner}${k}: ${source(x, inner)},\n`).join('')}${indent}}`;
}

function usedConditions(v: unknown, out: Set<string>): Set<string> {
  if (isCondition(v)) out.add(v.kind);
  else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) usedConditions(x, out);
  return out;
}

export function renderTablesSource(rubric: Rubric, antiGaming: AntiGaming): string {
  const kinds = [...usedConditions([rubric, antiGaming], new Set())].sort();
  return [
    HEADER,
    `import { ${kinds.join(', ')} } from './conditions.js';`,
    "import type { AntiGaming, Rubric } from './terms.js';",
    '',
    `export const RUBRIC = ${source(rubric, '')} as const satisfies Rubric;`,
    '',
    `export const ANTI_GAMING = ${source(antiGaming, '')} as const satisfies AntiGaming;`,
    '',
  ].join('\n');
}

// Run directly: re-renders the current tables (after a hand edit), or checks them with --check.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeOrCheck(TABLES_PATH, renderTablesSource(RUBRIC, ANTI_GAMING), 'npm run rubric:tables');
}
