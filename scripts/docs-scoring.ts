// Regenerates the rubric sections of docs/scoring.md from the term tables, so the rubric a reader
// sees and the numbers the engine uses cannot drift. Each generated section stands between
// `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`; the prose around them is hand-written.
//   npm run docs:scoring              rewrites the sections
//   npm run docs:scoring -- --check   exits 1 when the doc is stale (test/engine/rubric.test.ts too)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIMENSION_NAMES, OUT_OF } from '../shared/schemas/common.js';
import type { Condition } from '../shared/scoring/dimensions/conditions.js';
import { SIGNALS } from '../shared/scoring/dimensions/signals.js';
import { ANTI_GAMING, RUBRIC } from '../shared/scoring/dimensions/tables.js';
import type { Knot } from '../shared/scoring/dimensions/scale.js';
import type { DimensionTable, MissingSignal, Term } from '../shared/scoring/dimensions/terms.js';
import { GRADE_BANDS, MUST_IMPROVE_BELOW, PREFLIGHT_PASS_MARK, STRONG_DIMENSION } from '../shared/scoring/thresholds.js';
import { writeOrCheck } from './lib/generated.js';

export const DOC_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'scoring.md');

const num = (n: number): string => String(Math.round(n * 1e6) / 1e6);
const signed = (n: number): string => (n < 0 ? `−${num(-n)}` : `+${num(n)}`);
const pct = (share: number): string => `${num(share * 100)}%`;

function conditionText(c: Condition): string {
  switch (c.kind) {
    case 'atLeast':
      return `at least ${num(c.n)}`;
    case 'below':
      return `under ${num(c.n)}`;
    case 'above':
      return `over ${num(c.n)}`;
    case 'between':
      return `${num(c.lo)} to ${num(c.hi)}`;
    case 'each':
      return c.from === 0 ? 'each' : `each beyond ${num(c.from)}`;
    case 'per':
      return `per ${num(c.unit)}`;
    case 'tiers':
      return `each of ${c.at.map(num).join(', ')} reached`;
  }
}

function termRow(t: Term, described: Set<string>): string {
  const when = [conditionText(t.when), t.cap === undefined ? '' : `max ${num(t.cap)}`, t.unless === undefined ? '' : `unless \`${t.unless}\``]
    .filter((x) => x !== '')
    .join(', ');
  const points = `${t.times === undefined ? signed(t.points) : `${signed(t.points)} × ${t.times}`}${t.ungated === true ? ', outside the gate' : ''}`;
  // A signal is described on its first row only.
  const doc = described.has(t.signal) ? '' : `: ${SIGNALS[t.signal].doc}`;
  described.add(t.signal);
  const what = `\`${t.signal}\`${doc}${t.note === undefined ? '' : `; ${t.note}`}`;
  return `| \`${t.id}\` | ${what} | ${when} | ${points} |`;
}

function termTable(terms: readonly Term[]): string[] {
  const described = new Set<string>();
  return ['| Term | Signal: what it counts | When | Points |', '|---|---|---|---|', ...terms.map((t) => termRow(t, described))];
}

const missingText = (m: MissingSignal): string => `\`${m.id}\` (${m.signal} ${conditionText(m.when)})`;

function renderDimensions(): string {
  const out = [
    'Every dimension starts from its base and adds the points of each term whose condition holds',
    '(for "each", per unit counted, up to "max"; "per n" counts the signal in units of n): that is',
    'its raw score; gated dimensions pass through the anti-gaming gate (a term "outside the gate" only',
    'through its stuffing cut). The scale then maps the raw',
    'score to 1..10 (straight lines between the knots, extended past the first and the last), and the',
    'result is rounded and clamped to 1..10. A term "unless" another counts only when that one did',
    'not. Points are fitted (`npm run fit:engine`, see Calibration); a term at 0 is one the fit found',
    'no use for. The missing signals, in order, are what the dimension lacks: the first one picks the',
    'verdict\'s reason and the fix.',
  ];
  for (const name of DIMENSION_NAMES) {
    const t = RUBRIC[name];
    out.push('', `### ${name} (base ${num(t.base)}${t.gated ? ', gated' : ''})`, '', ...termTable(t.terms), '');
    const scale: readonly Knot[] = (t as DimensionTable).scale ?? [];
    if (scale.length > 0) out.push(`Scale (raw → score): ${scale.map((k) => `${num(k.raw)} → ${num(k.score)}`).join(', ')}.`, '');
    out.push(`Missing: ${t.missing.map(missingText).join(', ')}.`);
  }
  return out.join('\n');
}

function renderAntiGaming(): string {
  const { substance, stuffing, rubricStuffing, gate } = ANTI_GAMING;
  const gated = DIMENSION_NAMES.filter((n) => RUBRIC[n].gated).join(', ');
  return [
    `Gated dimensions (${gated}) keep this much of their gain above 1:`,
    '',
    '```',
    `share = min(substance / ${num(gate.fullSubstance)}, 1) ^ ${num(gate.curve)}`,
    `gated = 1 + (raw − 1) × (${num(gate.floor)} + ${num(1 - gate.floor)} × share) × (1 − ${num(gate.stuffingCut)} × stuffing)`,
    '```',
    '',
    `A concrete task (substance ${num(gate.fullSubstance)} or more) keeps all of its gain; a vague one ${pct(gate.floor)}.`,
    '',
    '**substance** (0..1): the sum of these terms, clamped to 0..1, then multiplied by',
    `\`1 − ${num(substance.stuffingDiscount)} × stuffing\`:`,
    '',
    ...termTable(substance.terms),
    '',
    `**stuffing** (0..1): rubric words over all words; 0 with fewer than ${num(stuffing.minHits)} rubric words or under`,
    `${pct(stuffing.densityFrom)} of the words, rising linearly to 1 at ${pct(stuffing.densityFrom + stuffing.densitySpan)} or more.`,
    '',
    `**rubric stuffing** (clarity's \`rubric_stuffing\` term): from ${num(rubricStuffing.minHits)} rubric words on,`,
    `\`min(${num(rubricStuffing.perHit)} × rubric words, ${num(rubricStuffing.cap)}) × (1 − substance)\`, plus \`${num(rubricStuffing.densityPoints)} × stuffing\`.`,
  ].join('\n');
}

function renderThresholds(): string {
  const rows: string[] = ['| Grade | Total |', '|---|---|'];
  let top: number = OUT_OF;
  for (const [grade, min] of GRADE_BANDS) {
    const pass = min === PREFLIGHT_PASS_MARK ? ` (${min} is the preflight pass mark, \`PREFLIGHT_PASS_MARK\`)` : '';
    rows.push(`| ${grade} | ${min}–${top}${pass} |`);
    top = min - 1;
  }
  rows.push(`| F | ${DIMENSION_NAMES.length}–${top} |`);
  return [
    ...rows,
    '',
    `The cut-offs live in \`shared/scoring/thresholds.ts\` and are exported by the engine: these bands,`,
    `the pass mark, \`STRONG_DIMENSION\` (${STRONG_DIMENSION}: a dimension at or above it is strong; the verdict gives no`,
    `reason for it and the rewriter adds no block for it) and \`MUST_IMPROVE_BELOW\` (${MUST_IMPROVE_BELOW}: the rewriter's best`,
    'style must strictly beat any original under it).',
  ].join('\n');
}

const SECTIONS: Readonly<Record<string, () => string>> = {
  dimensions: renderDimensions,
  'anti-gaming': renderAntiGaming,
  thresholds: renderThresholds,
};

/** The doc with every generated section replaced; throws when a section's markers are missing. */
export function renderDoc(doc: string): string {
  let out = doc;
  for (const [name, render] of Object.entries(SECTIONS)) {
    const open = `<!-- generated:${name} (npm run docs:scoring) -->`;
    const close = `<!-- /generated:${name} -->`;
    const from = out.indexOf(open);
    const to = out.indexOf(close);
    if (from < 0 || to < from) throw new Error(`docs/scoring.md lacks the markers of section ${name}`);
    out = `${out.slice(0, from + open.length)}\n${render()}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeOrCheck(DOC_PATH, renderDoc(readFileSync(DOC_PATH, 'utf8')), 'npm run docs:scoring');
}
