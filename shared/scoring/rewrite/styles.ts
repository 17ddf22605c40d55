// The five rewrite styles. Each keeps the user's prompt verbatim (trimmed) as the task and adds
// only the blocks listed in `want`, i.e. the dimensions the score found weak.
import type { RewriteStyle } from '../../schemas/common.js';
import type { VerticalProfile } from '../lexicon/profiles.js';
import {
  audienceSlot, bullets, constraintLines, deliverableLine, contextLines, exampleLines, formatLine, goalSlot, limitSlot,
  lowerFirst, roleLine, stepLines, type Block,
} from './blocks.js';

export interface StyleInput {
  readonly task: string;
  readonly p: VerticalProfile;
  readonly want: ReadonlySet<Block>;
}

type Style = (i: StyleInput) => string;

const join = (parts: ReadonlyArray<string | false>): string => parts.filter((x): x is string => x !== false).join('\n\n');

/** Labelled sections; `head` renders one ("Task:\n..." for detailed, "## Task\n..." for structured). */
function sectioned(head: (name: string, body: string) => string, roleHeaded: boolean): Style {
  return ({ task, p, want }) =>
    join([
      want.has('role') && (roleHeaded ? head('Role', roleLine(p)) : roleLine(p)),
      head('Task', want.has('deliverable') ? `${task}\n${deliverableLine(p)}` : task),
      want.has('context') && head('Context', bullets(contextLines(p))),
      want.has('constraints') && head('Constraints', bullets(constraintLines(p))),
      want.has('steps') && head('Steps', stepLines(p).join('\n')),
      want.has('format') && head('Output format', `${formatLine(p)}\n${p.schema}`),
      want.has('example') && head('Example', exampleLines(p).join('\n')),
    ]);
}

const detailed = sectioned((name, body) => `${name}:\n${body}`, false);

/** Concise: one short line per added block, prose not sections. */
const concise: Style = ({ task, p, want }) =>
  [
    want.has('role') && roleLine(p),
    task,
    want.has('deliverable') && deliverableLine(p),
    want.has('context') && `Audience: ${audienceSlot(p)}; goal: ${goalSlot(p)}.`,
    want.has('constraints') && `${p.mustNot}. Length: ${limitSlot(p)}.`,
    want.has('steps') && `First ${lowerFirst(p.steps[0])}, then ${lowerFirst(p.steps[2])}, and finally check your reasoning.`,
    want.has('format') && formatLine(p),
    want.has('example') && `For example: [input, e.g. ${p.exampleInput}] -> [result, e.g. ${p.exampleOutput}].`,
  ]
    .filter((x): x is string => x !== false)
    .join(' ');

const structured = sectioned((name, body) => `## ${name}\n${body}`, true);

/** Role-framed: the persona carries the context and the rules in its own voice. */
const roleFramed: Style = ({ task, p, want }) =>
  join([
    `You are ${p.persona}, with years of experience and an eye for what your audience needs.`,
    task,
    want.has('deliverable') && deliverableLine(p),
    want.has('context') && `Keep in mind who it is for, ${audienceSlot(p)}, and the goal, ${goalSlot(p)}. ${contextLines(p)[2]}`,
    want.has('constraints') && `As that expert you always follow these rules: ${p.must}. ${p.mustNot}. Length: ${limitSlot(p)}.`,
    want.has('steps') && `Work as you would on the job:\n${stepLines(p).join('\n')}`,
    want.has('format') && `Output format: ${formatLine(p)}`,
    want.has('example') && `For example:\n${exampleLines(p).join('\n')}`,
  ]);

/** Example-led: the example comes right after the task and the rest refers to it. */
const exampleLed: Style = ({ task, p, want }) =>
  join([
    want.has('role') && roleLine(p),
    task,
    want.has('deliverable') && deliverableLine(p),
    `Here is an example of the expected result:\n${exampleLines(p).join('\n')}`,
    `Example 2:\nInput: [another case like the one above]\nOutput: [the result in the same shape]`,
    want.has('context') && `Audience: ${audienceSlot(p)}. Goal: ${goalSlot(p)}.`,
    want.has('constraints') && `Constraints: ${p.must}. ${p.mustNot}. Length: ${limitSlot(p)}.`,
    want.has('steps') && `Steps:\n${stepLines(p).join('\n')}`,
    want.has('format') && `Output format: follow the example. ${formatLine(p)}`,
  ]);

export const STYLES: Readonly<Record<RewriteStyle, Style>> = {
  detailed,
  concise,
  structured,
  'role-framed': roleFramed,
  'example-led': exampleLed,
};
