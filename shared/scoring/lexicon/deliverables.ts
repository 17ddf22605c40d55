// What a prompt asks for, and what fits that kind of output. Fixes and the rewriter use the
// deliverable they recognise in the prompt ("tweet", "haiku", "SQL query"...) so that their advice
// fits it: a tweet gets "under 280 characters", a haiku "3 lines, 5-7-5 syllables", a function a
// signature, types, error behaviour and tests. The vertical profile is only the fallback.

export interface DeliverableSpec {
  /** How fixes and the rewriter name it: "the tweet", "the function". */
  readonly noun: string;
  readonly persona: string;
  /** A limit intrinsic to this kind of output (not an invented number). */
  readonly limit: string;
  readonly format: string;
  readonly must: string;
  readonly mustNot: string;
  /** The details a prompt for it usually leaves out. */
  readonly details: string;
  /** The material the user should paste or state. */
  readonly input: string;
  /** A last check specific to it. */
  readonly check: string;
  /** The persona fits any subject ("a teacher of the subject"): a vertical's own expert is better. */
  readonly subjectNeutral?: boolean;
}

type Spec = Omit<DeliverableSpec, 'noun'>;

const S: Readonly<Record<string, Spec>> = {
  tweet: {
    persona: 'an experienced social media copywriter', limit: 'Keep it under 280 characters, at most 2 hashtags',
    format: 'the tweet text only, one line, hashtags at the end', must: 'Open with a hook in the first 8 words',
    mustNot: 'Do not use more than 2 hashtags or any emoji spam', details: 'the topic, the account it is posted from and the one point it makes',
    input: 'the announcement, link or fact the tweet is about', check: 'Count the characters and confirm it is under 280',
  },
  thread: {
    persona: 'an experienced social media writer', limit: 'Keep it to 5-7 posts of under 280 characters each',
    format: 'numbered posts (1/, 2/, ...), the first one a hook, the last one a call to action', must: 'Make every post readable on its own',
    mustNot: 'Do not repeat the same point in two posts', details: 'the topic, the audience and the takeaway of the thread',
    input: 'the notes or article the thread is based on', check: 'Check each post is under 280 characters',
  },
  haiku: {
    persona: 'a poet who writes haiku', limit: 'Exactly 3 lines of 5, 7 and 5 syllables',
    format: 'the 3 lines only, no title or explanation', must: 'Include one concrete image and a seasonal word',
    mustNot: 'Do not rhyme or explain the poem', details: 'the subject, the season and the mood',
    input: 'the subject or moment the haiku is about', check: 'Count the syllables of each line (5-7-5)',
  },
  poem: {
    persona: 'an experienced poet', limit: 'Keep it to 3-4 stanzas of 4 lines',
    format: 'the poem only, with a title line', must: 'Keep one consistent meter and rhyme scheme',
    mustNot: 'Do not use clichés such as "heart of gold"', details: 'the subject, the form (free verse, rhymed, sonnet) and the mood',
    input: 'the subject, occasion or person the poem is for', check: 'Read it for meter and cut any line that does not add an image',
  },
  email: {
    persona: 'an experienced business writer', limit: 'Keep it under 150 words with a subject line under 8 words',
    format: 'a subject line, a greeting, 2-3 short paragraphs and a sign-off', must: 'State the ask or next step in the first 2 sentences',
    mustNot: 'Do not use filler openers such as "I hope this email finds you well"', details: 'the recipient, your relationship to them and the one thing you want them to do',
    input: 'the facts the email must mention (dates, names, amounts)', check: 'Check the subject line and the ask are clear to someone skimming',
  },
  letter: {
    persona: 'an experienced writer of formal letters', limit: 'Keep it to one page, under 350 words',
    format: 'date, addressee, greeting, 3 paragraphs (why, evidence, ask) and sign-off', must: 'Tie every claim to a concrete example',
    mustNot: 'Do not repeat the CV or the request word for word', details: 'the recipient, the role or request and your 2-3 strongest facts',
    input: 'the job ad or request and your relevant facts', check: 'Check it names the recipient and the ask',
  },
  function: {
    persona: 'a senior software engineer', limit: 'Keep it to one function of under 40 lines, with its signature and input/output types stated',
    format: 'one code block with the function, then its unit tests, then 2 lines on edge cases', must: 'State the signature, the input and return types, and what it throws or returns on bad input',
    mustNot: 'Do not add dependencies or change other code', details: 'the language and version, the function name and signature, and the error behaviour',
    input: 'the surrounding code, sample inputs and expected outputs', check: 'Run the tests on empty, invalid and very large input',
  },
  script: {
    persona: 'a senior software engineer', limit: 'One self-contained script with its usage line',
    format: 'one code block, then the command to run it and its expected output', must: 'Handle errors with a clear message and a non-zero exit code',
    mustNot: 'Do not hard-code paths or secrets', details: 'the language, the runtime version, the inputs (files, arguments) and the output',
    input: 'a sample input file or the command line you will run', check: 'Run it on a sample input and on a missing file',
  },
  query: {
    persona: 'a senior data engineer who writes SQL', limit: 'Return at most the rows asked for (e.g. LIMIT 10), in one query for the stated database',
    format: 'one SQL code block, then one line per clause explaining it', must: 'Use the exact table and column names given',
    mustNot: 'Do not use SELECT * or vendor features the database lacks', details: 'the database (e.g. PostgreSQL 16), the tables and columns, and the expected result rows',
    input: 'the table schemas (CREATE TABLE) and 3 sample rows', check: 'Check the result on the sample rows and on NULLs',
  },
  regex: {
    persona: 'a senior software engineer', limit: 'One pattern for the stated regex flavour',
    format: 'the pattern in a code block, then 3 strings it must match and 3 it must reject', must: 'Anchor the pattern and name the regex flavour (JavaScript, PCRE, Python)',
    mustNot: 'Do not use patterns that backtrack catastrophically', details: 'the flavour, exactly what must match and what must not',
    input: 'sample strings that must match and must not', check: 'Test it on every sample string',
  },
  test: {
    persona: 'a senior software engineer who writes tests', limit: 'One test file for the named unit, using the named framework',
    format: 'one code block with the tests, one test per behaviour, descriptive names', must: 'Cover the normal case, edge cases and the error case',
    mustNot: 'Do not test private internals or depend on the network', details: 'the framework (e.g. pytest, Vitest), the unit under test and the behaviours to cover',
    input: 'the code under test', check: 'Make sure each test fails when its behaviour is broken',
  },
  readme: {
    persona: 'a senior engineer who writes developer documentation', limit: 'Keep it under 500 words',
    format: 'sections: what it does, install, usage with a code example, configuration, license', must: 'Include a copy-paste usage example',
    mustNot: 'Do not document features the project does not have', details: 'the project name, its language, how it is installed and the main command or API',
    input: 'the package.json or main file and the CLI help text', check: 'Check every command in it runs as written',
  },
  essay: {
    persona: 'an experienced essayist and writing teacher', limit: 'Keep it to 800-1,000 words',
    format: 'an introduction with a thesis, 3 body paragraphs, and a conclusion', must: 'State a clear thesis and support each paragraph with evidence',
    mustNot: 'Do not pad with generic statements', details: 'the thesis or question, the audience and the required length',
    input: 'the prompt or question and any sources to use', check: 'Check each paragraph supports the thesis',
  },
  summary: {
    persona: 'an experienced editor who writes summaries', limit: 'Keep it to 5 bullet points or under 120 words',
    format: 'a one-sentence gist, then bullet points with the key facts', must: 'Keep every figure and name exactly as in the source',
    mustNot: 'Do not add opinions or facts that are not in the source', details: 'the source, who reads the summary and what they need from it',
    input: 'the text to summarize', check: 'Check every point against the source',
  },
  report: {
    persona: 'an experienced analyst who writes reports', limit: 'Keep it to 2 pages, under 1,000 words',
    format: 'an executive summary, findings with figures, and recommendations', must: 'Back each finding with a number or a source',
    mustNot: 'Do not include findings without data', details: 'the subject, the period covered, the readers and the decision it informs',
    input: 'the data or notes the report is based on', check: 'Check every figure against the data',
  },
  plan: {
    persona: 'an experienced planner', limit: 'Fit it to the stated time frame and budget',
    format: 'a table of steps with owner, date and cost', must: 'Give each step a date or duration',
    mustNot: 'Do not include steps that exceed the budget or time frame', details: 'the goal, the time frame, the budget and who carries it out',
    input: 'your constraints (dates, budget, people)', check: 'Check the total time and cost against the limits',
  },
  recipe: {
    persona: 'an experienced home cook and recipe writer', limit: 'State servings, total time and quantities for every ingredient',
    format: 'an ingredient list with quantities, then numbered steps with times', must: 'Use only ingredients available in a normal supermarket',
    mustNot: 'Do not include ingredients excluded by the diet or allergies', details: 'the number of servings, the time available, the diet and the main ingredients',
    input: 'the ingredients you have and any allergies', check: 'Check the total time and that no excluded ingredient appears',
  },
  lesson: {
    persona: 'an experienced teacher', limit: 'Fit it to one class period (state the minutes)',
    format: 'objective, warm-up, activities with minutes, assessment', must: 'Align every activity to one learning objective',
    mustNot: 'Do not use terms the students have not met without defining them', details: 'the grade level, the learning objective and the class length',
    input: 'the curriculum standard and what students already know', check: 'Check the timings add up to the class length',
  },
  quiz: {
    persona: 'an experienced teacher who writes assessments', limit: 'Give exactly 10 questions',
    format: 'numbered questions with 4 options each, then an answer key', must: 'Test one learning objective per question',
    mustNot: 'Do not use trick questions or "all of the above"', details: 'the subject, the level and the number and type of questions',
    input: 'the material the quiz covers', check: 'Check the answer key against each question',
  },
  post: {
    persona: 'an experienced content writer', limit: 'Keep it under 300 words',
    format: 'a hook line, 3 short paragraphs, and a closing question or call to action', must: 'Make one clear point backed by one concrete example',
    mustNot: 'Do not use clichés or unverifiable claims', details: 'the platform, the audience and the one point of the post',
    input: 'the news, story or data the post is based on', check: 'Check the hook works without the rest of the post',
  },
  article: {
    persona: 'an experienced journalist and editor', limit: 'Keep it to 800-1,200 words',
    format: 'a headline, a lead paragraph, sections with subheadings, and a conclusion', must: 'Support each claim with a source or example',
    mustNot: 'Do not pad with generic statements', details: 'the angle, the audience and the target length',
    input: 'your notes, sources and quotes', check: 'Check every claim has its source',
  },
  memo: {
    persona: 'a senior analyst who writes decision memos', limit: 'Keep it to one page, under 400 words',
    format: 'the decision needed, background, options with cost and impact, and a recommendation', must: 'State the decision needed in the first line',
    mustNot: 'Do not invent figures that are not in the input', details: 'who decides, the decision, the deadline and the figures',
    input: 'the figures and options under consideration', check: 'Check each option has a cost and an expected impact',
  },
  proposal: {
    persona: 'an experienced consultant who writes proposals', limit: 'Keep it under 2 pages',
    format: 'problem, proposed solution, scope, timeline, cost, and next step', must: 'Give a price and a timeline',
    mustNot: 'Do not promise outcomes you cannot measure', details: 'the client, the problem, the budget and the timeline',
    input: 'the client brief or request for proposal', check: 'Check scope, timeline and cost agree',
  },
  itinerary: {
    persona: 'an experienced travel planner', limit: 'Fit it to the stated days and budget',
    format: 'one section per day with morning, afternoon and evening, each with cost', must: 'Give travel times between stops',
    mustNot: 'Do not exceed the budget', details: 'the destination, the dates, the number of travellers and the budget',
    input: 'your dates, budget and interests', check: 'Add up the costs and check them against the budget',
  },
  story: {
    persona: 'an experienced fiction writer', limit: 'Keep it under 1,000 words',
    format: 'the story only, with a title', must: 'Give the main character a goal and an obstacle',
    mustNot: 'Do not end with "it was all a dream"', details: 'the genre, the main character, the setting and the length',
    input: 'the premise, characters or setting', check: 'Check the ending resolves the conflict',
  },
  explanation: {
    persona: 'an experienced teacher of the subject', subjectNeutral: true, limit: 'Keep it under 300 words',
    format: 'a one-sentence definition, then the key points as a short list, then one concrete example', must: 'Define every technical term the first time it appears',
    mustNot: 'Do not go beyond what the question asks', details: 'who the explanation is for and what they already know',
    input: 'the question and the level of the reader', check: 'Check a reader at that level could restate the main point',
  },
  comparison: {
    persona: 'an experienced analyst', limit: 'Compare on at most 5 criteria',
    format: 'a table with one row per option and one column per criterion, then a one-line recommendation', must: 'Use the same criteria for every option',
    mustNot: 'Do not recommend without saying why', details: 'the options, the criteria that matter and the decision it informs',
    input: 'the options and what you will use them for', check: 'Check every cell of the table is filled',
  },
  fix: {
    persona: 'a senior software engineer', limit: 'Change only the lines needed to fix the bug',
    format: 'the root cause in 2 sentences, then the fix as a unified diff', must: 'Quote the exact error message and the line that causes it',
    mustNot: 'Do not rewrite unrelated code', details: 'the language and version, the exact error message and the code that fails',
    input: 'the failing code and the full error message', check: 'Check the fix against the failing input',
  },
  headline: {
    persona: 'an experienced copywriter', limit: 'Keep each under 12 words',
    format: 'a numbered list of 5 options', must: 'Put the key benefit or number in the headline',
    mustNot: 'Do not use clickbait questions', details: 'the article or product, the audience and the channel',
    input: 'the article or product description', check: 'Check each fits the length limit',
  },
  description: {
    persona: 'an experienced copywriter', limit: 'Keep it under 120 words',
    format: 'a one-line hook, 3 bullet points of benefits, and a closing line', must: 'Name the 3 features buyers ask about most',
    mustNot: 'Do not use unverifiable superlatives', details: 'the product, its key specs and the buyer',
    input: 'the product specs', check: 'Check every spec matches the input',
  },
  abstract: {
    persona: 'an experienced academic writer', limit: 'Keep it under 250 words',
    format: 'one paragraph: background, method, results with figures, conclusion', must: 'Report the main result with its figure',
    mustNot: 'Do not cite references in the abstract', details: 'the study, its method and its main result',
    input: 'the paper or its key results', check: 'Check the figures match the paper',
  },
  review: {
    persona: 'an experienced researcher', limit: 'Limit it to the stated period and number of sources',
    format: 'a table of sources (citation, method, sample, finding), then a synthesis', must: 'Cite every claim with author, year and DOI',
    mustNot: 'Do not cite sources you cannot verify', details: 'the research question, the period, the databases and the inclusion criteria',
    input: 'the research question and the inclusion criteria', check: 'Check every citation resolves',
  },
  speech: {
    persona: 'an experienced speechwriter', limit: 'Keep it to the stated minutes (about 130 words per minute)',
    format: 'an opening story, 3 points, and a closing line', must: 'Write for the ear: short sentences',
    mustNot: 'Do not use jargon the audience will not know', details: 'the occasion, the audience and the length in minutes',
    input: 'the occasion and the facts to mention', check: 'Read it aloud and time it',
  },
  resume: {
    persona: 'an experienced recruiter', limit: 'Keep it to one page',
    format: 'sections: summary, experience with bullet points, skills, education', must: 'Start each bullet with a verb and a measurable result',
    mustNot: 'Do not list duties without results', details: 'the target role, your experience and your strongest results',
    input: 'your current CV and the job ad', check: 'Check each bullet has a number',
  },
};

/** Phrase (lowercased tokens) -> spec key. Longer phrases win; nouns win over verbs. */
const NOUNS: ReadonlyMap<string, string> = new Map(Object.entries({
  tweet: 'tweet', tweets: 'tweet', thread: 'thread', 'x thread': 'thread', 'twitter thread': 'thread',
  haiku: 'haiku', poem: 'poem', limerick: 'poem', sonnet: 'poem', verse: 'poem',
  email: 'email', 'e mail': 'email', 'cover letter': 'letter', letter: 'letter',
  function: 'function', script: 'script', cli: 'script', 'bash script': 'script',
  'sql query': 'query', query: 'query', sql: 'query', regex: 'regex', 'regular expression': 'regex',
  'unit test': 'test', 'unit tests': 'test', tests: 'test', readme: 'readme', documentation: 'readme',
  essay: 'essay', summary: 'summary', tldr: 'summary', report: 'report', plan: 'plan', roadmap: 'plan',
  'lesson plan': 'lesson', lesson: 'lesson', quiz: 'quiz', worksheet: 'quiz', 'blog post': 'article', post: 'post',
  'linkedin post': 'post', caption: 'post', article: 'article', newsletter: 'article', memo: 'memo', proposal: 'proposal',
  pitch: 'proposal', itinerary: 'itinerary', trip: 'itinerary', recipe: 'recipe', meal: 'recipe', dinner: 'recipe',
  story: 'story', 'short story': 'story', headline: 'headline', headlines: 'headline', titles: 'headline',
  'product description': 'description', description: 'description', abstract: 'abstract', 'literature review': 'review',
  'systematic review': 'review', speech: 'speech', toast: 'speech', resume: 'resume', cv: 'resume', diff: 'fix', patch: 'fix',
}));
const VERBS: ReadonlyMap<string, string> = new Map(Object.entries({
  explain: 'explanation', describe: 'explanation', teach: 'explanation', summarize: 'summary', summarise: 'summary',
  compare: 'comparison', fix: 'fix', debug: 'fix', tweet: 'tweet', plan: 'plan',
}));
/** First words of the two-word keys, so most tokens cost one Set lookup and no string building. */
const PAIR_HEADS: ReadonlySet<string> = new Set([...NOUNS.keys()].filter((k) => k.includes(' ')).map((k) => k.slice(0, k.indexOf(' '))));
/** How far into the prompt the deliverable is looked for (it is named near the task). */
const LOOK_TOKENS = 80;

export function specFor(key: string): DeliverableSpec | null {
  const s = key !== '' && Object.hasOwn(S, key) ? S[key] : undefined;
  return s === undefined ? null : { noun: key, ...s };
}

/** The spec key of the deliverable named first in the prompt's head, or '' when none is recognised. */
export function detectDeliverable(words: readonly string[]): string {
  let verb = '';
  const n = Math.min(words.length, LOOK_TOKENS);
  for (let i = 0; i < n; i++) {
    const w = words[i] as string;
    const noun = (PAIR_HEADS.has(w) && i + 1 < words.length ? NOUNS.get(`${w} ${words[i + 1]}`) : undefined) ?? NOUNS.get(w);
    if (noun !== undefined) return noun;
    if (verb === '') verb = VERBS.get(w) ?? '';
  }
  return verb;
}
