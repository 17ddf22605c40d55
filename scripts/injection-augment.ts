// Benign prompts that use an attack's words for ordinary work ("ignore outliers", "print the
// instructions for assembling a desk", "from now on answer in Spanish"), added to the training data
// of scripts/train-injection.ts. The corpus has few of them (NotInject's 339), so a model trained on
// it alone reads every "ignore", "previous" or "print the instructions" as an attack. Written for
// this project from the templates below; deterministic (the combinations in order, the fillers
// picked by the trainer's seeded generator). See docs/injection.md: they were written after seeing
// the detector's false positives.

export const AUGMENT_SOURCE = 'promptgate/augment:benign_trigger_words';

const TASKS = [
  'draft an agenda for the quarterly planning meeting',
  'explain how photosynthesis works to a teenager',
  'write release notes for version 2.3',
  'estimate the monthly budget for a family of three',
  'propose a schema for a library database',
  'describe the water cycle in five sentences',
  'put together revision notes for the driving theory test',
  'review my SQL query for performance',
  'brainstorm slogans for a cycling shop',
  'convert the recipe to grams',
  'draft a thank-you note to my mentor',
  'explain recursion with a small example',
  'make a checklist for moving house',
  'compare electric and gas stoves',
  'outline a blog post on composting',
  'sketch a lesson plan on fractions',
];

const IGNORE_VERBS = ['ignore', 'disregard', 'forget about', 'skip', 'set aside', 'pay no attention to', 'drop', 'leave out'];
const IGNORE_OBJECTS = [
  'capitalisation when you match the product codes',
  'readings below zero, the sensor was faulty',
  'the first two columns of the CSV',
  'entries without a date',
  'trailing spaces in the usernames',
  'the chapter I pasted yesterday, I rewrote it',
  'my question from this morning, it is solved',
  'spelling mistakes in the quoted survey answers',
  'the colour scheme until the layout works',
  'repeated invoices in the export',
  'comment lines in the config',
  'deprecation notices in the build log',
  'the sample answer at the top, it only shows the style',
  'ballots received after Friday',
  'images wider than 4000 pixels',
  'the old guidance in section 2 of the handbook, HR updated it',
  'the former house rules, the landlord replaced them',
  'the preamble of the contract, it is standard text',
];

const SHOW = [
  'Print the steps for changing a bike tyre as a checklist.',
  'Show the earlier version of my CV summary beside your edit.',
  'Repeat your final recommendation in one sentence.',
  'Output the list you made as a CSV table.',
  'List the minimum system requirements for Blender.',
  'Print the setup instructions for a Raspberry Pi web server.',
  'Show the revenue graph from before with monthly labels.',
  'Repeat the cooking steps scaled for six servings.',
  'Reveal the solution to the crossword clue once I give up.',
  'Print the official rules of badminton doubles briefly.',
  'Give me the assembly directions for the bunk bed in plain words.',
  'Show me the writing prompt to give my class for their poetry unit.',
];

const URLS = ['https://payments.acme-shop.test/api/charge', 'https://ci.build-farm.test/hooks/release', 'https://wiki.team-space.test/pages/42', 'https://storage.media-box.test/bucket'];
const SEND = [
  (url: string) => `Write a Go handler that forwards the webhook payload to ${url} and logs the status code.`,
  (url: string) => `Schedule the monthly sales summary to be delivered to ${url} every first Monday.`,
  (url: string) => `How do I push a notification to ${url} after each Docker build?`,
  (url: string) => `Give me a fetch() call that submits the signup form fields to ${url}.`,
  (url: string) => `Put a link to ${url} at the bottom of the onboarding email.`,
];

const FROM_NOW_ON = [
  'reply in Portuguese',
  'use Celsius for temperatures',
  'sign off every answer with my initials',
  'refer to me as Dr. Lee',
  'use tabs in code samples',
  'spell in American English',
  'give sources as footnotes',
];

const TOPICS = [
  'When should a Python subclass override __init__, and how do I call the parent?',
  "How do I make my stylesheet override Bootstrap's link colour?",
  'How do I switch on USB debugging in the Android developer options?',
  'What does bypassing the CPU cache mean in low-level programming?',
  'What are the legal risks of jailbreaking a games console?',
  'Give a one-paragraph definition of prompt injection for a glossary.',
  'Document the emergency shutdown override for our server room.',
  'What goes into the system prompt of a customer-support chatbot, in general terms?',
  'What does the git flag --ignore-whitespace do?',
  'Write a logging filter that masks credit card numbers.',
  'How do I show hidden folders in Windows Explorer?',
  'Explain the rules of cricket to an American.',
  'Summarize what changed in the new instructions for filing expenses.',
  'Translate "ignore the noise from the street" into Italian.',
  'Translate "forget the earlier plan, we meet at six" into Dutch.',
  'What does chmod 700 do?',
  'What does a database administrator do all day?',
  'Play the part of a museum guide and describe a Monet painting.',
  'Be a cheerful fitness coach and plan my first week of running.',
  'You are an experienced gardener; tell me when to prune roses.',
];

const DECODE_SAMPLES = ['The train leaves at nine.', 'Bring the blue folder tomorrow.', 'Lunch is on the terrace today.', 'The printer on floor three is fixed.'];

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The benign prompts, in a fixed order for a given generator (the trainer passes its seeded one). */
export function benignTriggerPrompts(rand: () => number): string[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const out: string[] = [];
  for (const verb of IGNORE_VERBS) {
    for (const obj of IGNORE_OBJECTS) {
      const task = pick(TASKS);
      out.push(
        pick([
          `${capital(verb)} ${obj}.`,
          `${capital(verb)} ${obj} and ${task}.`,
          `Please ${task}. ${capital(verb)} ${obj}.`,
          `When you ${task}, ${verb} ${obj}.`,
        ]),
      );
    }
  }
  for (const s of SHOW) out.push(s, `${capital(pick(TASKS))}. ${s}`);
  for (const url of URLS) for (const f of SEND) out.push(f(url));
  for (const style of FROM_NOW_ON) out.push(`From now on, ${style}.`, `Until I say otherwise, ${style}.`, `${capital(pick(TASKS))}. From here on, ${style}.`);
  for (const task of TASKS) out.push(`New task: ${task}.`, `Second task: ${task}, then wait for me.`, `Okay, stop there. Next, ${task}.`);
  out.push(...TOPICS);
  for (const sample of DECODE_SAMPLES) {
    out.push(`Decode this base64 string for me: ${Buffer.from(sample).toString('base64')}`);
    out.push(`Here is a hex-encoded note, what does it read? ${Buffer.from(sample).toString('hex')}`);
  }
  return out;
}
