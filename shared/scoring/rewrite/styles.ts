// The five rewrite styles. Each keeps the user's prompt verbatim (trimmed) as the task and adds
// only the blocks listed in `want`, i.e. the dimensions the score found weak.
import type { RewriteStyle } from '../../schemas/common.js';
import { lowerFirst } from '../fixes.js';
import {
  bullets, constraintLines, contextLines, deliverableLine, exampleLines, formatLine, roleLine, stepLines,
  type Block, type Parts,
} from './blocks.js';

export interface StyleInput {
  readonly task: string;
  readonly x: Parts;
  readonly want: ReadonlySet<Block>;
}

type Style = (i: StyleInput) => string;

const join = (parts: ReadonlyArray<string | false>): string => parts.filter((x): x is string => x !== false).join('\n\n');

/** Labelled sections; `head` renders one ("Task:\n..." for detailed, "## Task\n..." for structured). */
function sectioned(head: (name: string, body: string) => string, roleHeaded: boolean): Style {
  return ({ task, x, want }) =>
    join([
      want.has('role') && (roleHeaded ? head('Role', roleLine(x)) : roleLine(x)),
      head('Task', want.has('deliverable') ? `${task}\n${deliverableLine(x)}` : task),
      want.has('context') && head('Context', bullets(contextLines(x))),
      want.has('constraints') && head('Constraints', bullets(constraintLines(x))),
      want.has('steps') && head('Steps', stepLines(x).join('\n')),
      want.has('format') && head('Output format', formatLine(x)),
      want.has('example') && head('Example', exampleLines(x).join('\n')),
    ]);
}

const detailed = sectioned((name, body) => `${name}:\n${body}`, false);

/** Concise: one short line per added block, prose not sections. */
const concise: Style = ({ task, x, want }) =>
  [
    want.has('role') && roleLine(x),
    task,
    want.has('deliverable') && deliverableLine(x),
    want.has('context') && `It is for [audience], to [what ${x.noun} is for].`,
    want.has('constraints') && `${x.mustNot}. Length: ${x.limit}.`,
    want.has('steps') && `First outline ${x.noun}, then write it, and finally ${lowerFirst(x.check)}.`,
    want.has('format') && formatLine(x),
    want.has('example') && `For example: [a sample input] -> [${x.noun} you expect].`,
  ]
    .filter((s): s is string => s !== false)
    .join(' ');

const structured = sectioned((name, body) => `## ${name}\n${body}`, true);

/** Role-framed: the persona carries the context and the rules in its own voice. */
const roleFramed: Style = ({ task, x, want }) =>
  join([
    `You are ${x.persona}. Answer as that person would.`,
    task,
    want.has('deliverable') && deliverableLine(x),
    want.has('context') && 'Audience: [audience].\nPurpose: [purpose].',
    want.has('constraints') && `Your rules: ${x.must}. ${x.mustNot}. Length: ${x.limit}.`,
    want.has('steps') && `Your steps:\n${stepLines(x).join('\n')}`,
    want.has('format') && `Output format: ${formatLine(x)}`,
    want.has('example') && `For example:\n${exampleLines(x).join('\n')}`,
  ]);

/** Example-led: the example comes right after the task and the rest refers to it. */
const exampleLed: Style = ({ task, x, want }) =>
  join([
    want.has('role') && roleLine(x),
    task,
    want.has('deliverable') && deliverableLine(x),
    `Here is an example of the expected result:\n${exampleLines(x).join('\n')}`,
    want.has('context') && 'Audience: [audience].\nPurpose: [purpose].',
    want.has('constraints') && `Constraints: ${x.must}. ${x.mustNot}. Length: ${x.limit}.`,
    want.has('steps') && `Steps:\n${stepLines(x).join('\n')}`,
    want.has('format') && `Output format: follow the example. ${formatLine(x)}`,
  ]);

export const STYLES: Readonly<Record<RewriteStyle, Style>> = {
  detailed,
  concise,
  structured,
  'role-framed': roleFramed,
  'example-led': exampleLed,
};
