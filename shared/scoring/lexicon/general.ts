// Vertical-independent signal words. Each category feeds one or more dimensions (docs/scoring.md
// lists them). Phrases are written as lowercased tokens joined by spaces: "e.g." is "e g",
// "don't" is "don t", "step-by-step" is "step by step", because the tokenizer drops punctuation.

export const CATEGORIES = {
  imperative: [
    'write', 'create', 'generate', 'build', 'implement', 'fix', 'debug', 'explain', 'summarize',
    'summarise', 'list', 'compare', 'draft', 'design', 'analyze', 'analyse', 'review', 'refactor',
    'translate', 'convert', 'outline', 'calculate', 'plan', 'suggest', 'recommend', 'identify',
    'classify', 'extract', 'rewrite', 'edit', 'prove', 'derive', 'estimate', 'describe', 'evaluate',
    'optimize', 'optimise', 'find', 'prepare', 'produce', 'compose', 'develop', 'propose', 'assess',
    'audit', 'document', 'critique', 'rank', 'score', 'validate', 'verify', 'migrate', 'port',
    'parse', 'format', 'diagnose', 'forecast', 'model', 'simulate', 'schedule', 'map', 'tag',
    'answer', 'solve', 'compute', 'check', 'test', 'investigate', 'research', 'teach', 'grade',
    'proofread', 'shorten', 'expand', 'structure', 'organize', 'organise', 'brainstorm', 'name',
    'label', 'detect', 'deploy', 'configure', 'profile', 'benchmark', 'cite', 'synthesize',
  ],
  weak_imperative: ['help', 'make', 'tell', 'give', 'do', 'show', 'talk', 'say', 'discuss'],
  deliverable: [
    'function', 'script', 'class', 'email', 'letter', 'summary', 'report', 'essay', 'article',
    'post', 'haiku', 'poem', 'story', 'table', 'plan', 'checklist', 'outline', 'memo', 'proposal',
    'query', 'regex', 'test', 'tests', 'lesson', 'quiz', 'recipe', 'itinerary', 'budget', 'review',
    'abstract', 'headline', 'headlines', 'tagline', 'slogan', 'caption', 'description', 'title',
    'titles', 'thread', 'newsletter', 'speech', 'agenda', 'timeline', 'diagram', 'chart', 'bio',
    'cover letter', 'resume', 'faq', 'glossary', 'flashcards', 'rubric', 'worksheet', 'syllabus',
    'brief', 'pitch', 'one pager', 'changelog', 'readme', 'migration', 'endpoint', 'component',
    'schema', 'dashboard', 'spreadsheet', 'formula', 'workout', 'menu', 'playlist', 'toast',
    'limerick', 'sonnet', 'script outline', 'press release', 'job description', 'contract', 'blurb', 'tweet',
    'product description', 'diff', 'sql query',
    // plain wording, as people write it (issue 15)
    'questions', 'multiple choice', 'answer key', 'options', 'ideas', 'names', 'lines', 'examples', 'steps',
    'message', 'reply', 'letter', 'list', 'translation', 'explanation', 'feedback', 'code',
  ],
  vague: [
    'something', 'stuff', 'things', 'thing', 'etc', 'whatever', 'somehow', 'anything', 'some',
    'good', 'nice', 'interesting', 'cool', 'better', 'awesome', 'great', 'amazing', 'various',
    'kind of', 'sort of', 'and so on', 'or something', 'you know', 'a bit', 'in general', 'anyhow',
    'whatever you think', 'as you see fit', 'everything', 'all about', 'idk',
  ],
  hedge: [
    'maybe', 'perhaps', 'possibly', 'if you can', 'try to', 'might', 'not sure', 'i guess',
    'i think', 'hopefully', 'if possible', 'could be', 'probably',
  ],
  filler: [
    'really', 'very', 'just', 'basically', 'actually', 'literally', 'totally', 'super', 'quite',
    'pretty much', 'so much', 'truly', 'extremely', 'absolutely', 'definitely', 'honestly',
  ],
  quality_claim: [
    'high quality', 'best', 'world class', 'perfect', 'excellent', 'amazing', 'top notch',
    'outstanding', 'professional quality', 'flawless', 'ultimate', 'brilliant', 'the best possible',
  ],
  // Contradiction pairs: brevity vs verbosity, formal vs informal, simple vs exhaustive.
  brevity: ['extremely brief', 'one line of code', 'as brief as possible', 'concise', 'briefly', 'be brief', 'keep it brief', 'succinct', 'terse', 'keep it short', 'be short', 'as short as possible', 'minimal words'],
  verbosity: [
    'detailed', 'comprehensive', 'thorough', 'exhaustive', 'in depth', 'in detail', 'elaborate',
    'lengthy', 'extensive', 'cover everything', 'as long as possible', 'great depth', 'full paragraph',
  ],
  formal: ['formal', 'formally', 'academic tone', 'professional tone'],
  informal: ['casual', 'informal', 'slang', 'chatty', 'playful', 'jokey'],
  scope: [
    'only', 'exactly', 'specifically', 'between', 'per', 'each', 'focus on', 'limited to',
    'restricted to', 'scope', 'excluding', 'exclude', 'except', 'in particular', 'precisely',
    // "only" inside an output instruction is a restriction too (issue 15, round 2): these phrases
    // are also output instructions, and a phrase of one length counts in every category it is in
    'only reply', 'reply only', 'only with', 'only the', 'only give', 'give only', 'only respond', 'respond only',
    'only answer', 'only output', 'output only', 'reply with only', 'use only', 'only use',
  ],
  audience: [
    'audience', 'readers', 'reader', 'users', 'customers', 'clients', 'students', 'beginners',
    'beginner', 'novice', 'experts', 'stakeholders', 'team', 'manager', 'executives', 'investors',
    'developers', 'engineers', 'children', 'kids', 'parents', 'patients', 'subscribers', 'followers',
    'non technical', 'nontechnical', 'colleagues', 'recruiters', 'board', 'learners', 'visitors',
    'for people', 'for a', 'aimed at', 'intended for', 'targeted at', 'who will read',
  ],
  purpose: [
    'so that', 'in order to', 'because', 'the goal is', 'goal', 'goals', 'purpose', 'we need',
    'i need', 'will be used', 'used for', 'so we can', 'so i can', 'objective', 'intent',
    'to help', 'aim', 'why', 'success means', 'outcome',
  ],
  material: [
    'here is', 'here are', 'below', 'the following', 'attached', 'given', 'provided', 'context',
    'background', 'input', 'text', 'data', 'excerpt', 'transcript', 'snippet', 'source', 'notes',
    'draft', 'current', 'existing', 'original', 'using', 'based on', 'from my', 'from this', 'with these',
  ],
  background: [
    'we are', 'our', 'we', 'currently', 'i am', 'my', 'i work', 'i run', 'we run', 'situation',
    'company', 'startup', 'project', 'product', 'constraint is', 'so far', 'already',
    // plain wording, as people write it (issue 15)
    'i m', 'i ve', 'we re', 'we ve', 'i have', 'we have', 'i was', 'i teach', 'i study', 'i manage',
    'i own', 'i lead', 'we sell', 'we make', 'we use', 'our team',
  ],
  must: [
    'must', 'required', 'require', 'requires', 'ensure', 'always', 'need to', 'needs to', 'should',
    'make sure', 'mandatory', 'include',
    'keep all', 'keep the', 'stick to', 'preserve', 'retain',
  ],
  must_not: [
    'must not', 'do not', 'don t', 'never', 'avoid', 'without', 'no', 'not', 'shouldn t', 'cannot',
    'exclude', 'forbidden', 'refrain', 'omit', 'skip', 'instead of',
    // plain-words negative rules (issue 15, round 2); "nothing else" is also an output instruction
    'nothing else', 'no explanations', 'no explanation', 'no other', 'none of', 'rather than', 'isn t', 'aren t', 'won t',
  ],
  limit_word: [
    'under', 'at most', 'no more than', 'maximum', 'max', 'up to', 'within', 'less than',
    'fewer than', 'limit', 'at least', 'minimum', 'min', 'exactly', 'between', 'cap', 'budget of',
    // plain wording, as people write it (issue 15)
    'short', 'brief', 'keep it', 'keep each', 'keep answers', 'keep replies', 'single', 'one per',
    'at a time',
    'rounded to', 'round to', 'round up', 'round down', 'nothing more',
  ],
  unit: [
    'words', 'word', 'sentences', 'sentence', 'characters', 'chars', 'items', 'bullets',
    'bullet points', 'paragraphs', 'paragraph', 'minutes', 'pages', 'page', 'lines', 'line',
    'examples', 'steps', 'slides', 'percent', 'ms', 'seconds', 'days', 'hours', 'tokens',
    'points', 'questions', 'options', 'ideas', 'rows', 'columns', 'syllables', 'tweets', 'emails',
    'names', 'weeks', 'months', 'years', 'kb', 'mb', 'usd', 'dollars', 'sections',
    // singular and everyday units: "a 30-minute recipe", "for 4 people", "a 2 kg bag", "3 servings"
    'minute', 'hour', 'day', 'week', 'month', 'year', 'second', 'servings', 'serving', 'people', 'person',
    'persons', 'guests', 'calories', 'kcal', 'grams', 'g', 'kg', 'ml', 'eur', 'euros', 'gbp', 'km', 'miles',
    'slide', 'tweet', 'step', 'bullet', 'item', 'question', 'option', 'idea', 'row', 'column', 'section',
    'stanza', 'stanzas', 'verses', 'hashtags', 'seconds long', 'min', 'mins', 'hrs',
  ],
  tone: [
    'tone', 'voice', 'formal', 'friendly', 'professional', 'casual', 'neutral', 'warm', 'empathetic',
    'persuasive', 'authoritative', 'encouraging', 'plain language', 'plain english', 'humorous',
    'serious', 'upbeat', 'objective', 'diplomatic', 'conversational', 'style',
  ],
  format: [
    'json', 'table', 'markdown', 'csv', 'yaml', 'xml', 'html', 'bullet', 'bullets', 'bullet points',
    'bulleted', 'numbered list', 'list', 'schema', 'sections', 'headings', 'heading', 'code block',
    'paragraphs', 'columns', 'rows', 'fields', 'keys', 'template', 'format', 'outline', 'diff',
    'checklist', 'one line', 'single line', 'tsv', 'mermaid', 'latex', 'numbered steps', 'numbered',
    'subject line', 'unified diff', 'patch',
    // plain wording, as people write it (issue 15)
    'paragraph', 'one paragraph', 'code', 'notation', 'ascii', 'citation', 'citations', 'apa', 'mla',
    'bibtex', 'multiple choice', 'answer key', 'screenplay format', 'header', 'headers', 'bold', 'label', 'labels', 'pairs', 'one word',
    'emoji',
    // citation styles and plain-words formats (issue 15, round 2)
    'cite as', 'author year', 'harvard style', 'chicago style', 'ieee', 'footnotes', 'footnote', 'inline citations',
    'code blocks', 'one code block', 'plain text', 'one sentence', 'two sentences', 'three sentences',
    'one per line', 'alphabetical order', 'sorted by', 'ranked by', 'in order of', 'decimal places', 'one decimal',
    'two decimals', 'with units', 'final answer', 'final answers', 'word count',
  ],
  format_label: [
    'output format', 'respond with', 'respond in', 'reply with', 'return', 'returns', 'output',
    'formatted as', 'format as', 'structure', 'structured as', 'deliver', 'answer with',
    'response format', 'the response should', 'your answer should',
    // plain wording, as people write it (issue 15)
    'reply only', 'only reply', 'reply in', 'answer in', 'respond only', 'only with', 'nothing else',
    'no other text', 'just the', 'only the', 'in this format', 'in the format', 'formatted', 'layout',
    'each reply', 'each answer', 'each response', 'your reply', 'your response', 'every reply',
    'end with', 'end each', 'start with', 'start each', 'begin with', 'followed by', 'as a table',
    'as a list', 'in a table', 'per line', 'required format', 'use this format', 'like this',
    // (issue 15, round 2)
    'reply in the format', 'answer in the format', 'in the following format', 'following format', 'format like',
    'inside one', 'inside a', 'put it in', 'wrap it in', 'write it as', 'reply with only', 'only answer', 'only respond',
    'only output', 'output only', 'no explanations', 'no explanation',
  ],
  role_phrase: [
    'you are', 'act as', 'acting as', 'as a', 'as an', 'role', 'pretend you are', 'imagine you are',
    'take the role', 'persona', 'you re', 'your role', 'play the role', 'in the voice of',
    // plain wording, as people write it (issue 15)
    'be my', 'you ll play', 'you will play', 'pretend to be', 'roleplay', 'role play', 'in character',
    'play a', 'play an', 'play the',
  ],
  persona: [
    'engineer', 'developer', 'programmer', 'teacher', 'tutor', 'professor', 'analyst', 'writer',
    'copywriter', 'editor', 'scientist', 'researcher', 'consultant', 'advisor', 'adviser', 'coach',
    'lawyer', 'designer', 'auditor', 'strategist', 'marketer', 'architect', 'reviewer', 'manager',
    'accountant', 'economist', 'statistician', 'physicist', 'chemist', 'biologist', 'doctor',
    'nurse', 'historian', 'journalist', 'librarian', 'planner', 'chef', 'trainer', 'mentor',
    'recruiter', 'founder', 'investor', 'trader', 'instructor', 'educator', 'translator',
    'poet', 'novelist', 'assistant', 'specialist', 'administrator', 'sre', 'devops', 'pm',
    'product manager', 'data scientist', 'security', 'cfo', 'ceo', 'cto', 'examiner', 'epidemiologist',
    'mathematician', 'librarian', 'storyteller', 'speechwriter', 'counselor', 'therapist',
    // plain wording, as people write it (issue 15)
    'interviewer', 'patient', 'host', 'guide', 'partner', 'opponent', 'buyer', 'customer', 'moderator',
    'narrator', 'game master', 'dungeon master', 'terminal', 'interpreter', 'character', 'judge',
    'critic', 'proofreader', 'negotiator', 'agent', 'bot', 'friend', 'companion', 'pair programmer',
    'quizmaster', 'referee', 'pharmacist', 'sommelier', 'debater', 'grader', 'marker', 'checker',
    'classifier', 'triager', 'dispatcher', 'concierge', 'receptionist', 'salesperson', 'landlord',
    'shopkeeper', 'detective', 'villain', 'ghost',
  ],
  expertise: [
    'expert', 'senior', 'experienced', 'seasoned', 'veteran', 'specialist', 'specializing',
    'specialising', 'specialized', 'years', 'phd', 'certified', 'principal', 'lead', 'staff',
    'award winning', 'professional', 'background in', 'expertise', 'deep knowledge', 'who has',
    'with experience', 'domain', 'master',
  ],
  example_marker: [
    'e g', 'for example', 'for instance', 'such as', 'like this', 'here is an example',
    'example', 'examples', 'sample', 'samples', 'i e', 'instance',
  ],
  // The interaction contract of a persona or session prompt: what the user sends each turn, what
  // each reply does, how the session runs and ends.
  interaction: [
    'i will', 'i ll', 'each turn', 'every turn', 'per turn', 'one at a time', 'at a time', 'wait for',
    'stay in character', 'until i say', 'when i say', 'when i type', 'when i send', 'when i paste', 'when i write',
    'when i ask', 'when i answer', 'after my', 'after each', 'my answer', 'my answers', 'my reply', 'my move', 'my turn',
    'your turn', 'take turns', 'back and forth', 'each time', 'every time', 'start by', 'begin by', 'first message',
    'i type', 'i send', 'i paste', 'i say', 'i write', 'i ask', 'you reply', 'you respond', 'you answer', 'you ask',
    'you tell', 'you will reply', 'reply with', 'respond with', 'then wait', 'the session', 'next question', 'next word',
    'next step', 'each question', 'each message', 'each round', 'round', 'turn',
    // the classic persona contract (issue 15, round 2): "you will reply ...", "one by one", "my first request is ..."
    'you will', 'you ll', 'one by one', 'at once', 'reply as', 'respond as', 'answer as', 'i need to tell you',
    'my first', 'first request', 'first command', 'first sentence', 'first question', 'first prompt',
    'first input', 'first move', 'first word', 'first line', 'first suggestion', 'first topic',
  ],
  // Conditions and edge cases: a rule for when something happens.
  conditional: ['if', 'unless', 'otherwise', 'in case', 'whenever', 'if not', 'else', 'only if', 'when'],
  step_word: [
    'step', 'steps', 'first', 'firstly', 'then', 'next', 'finally', 'after that', 'afterwards',
    'before', 'second', 'third', 'lastly', 'stage', 'phase', 'once', 'followed by', 'in order',
    // plain wording, as people write it (issue 15)
    'after', 'at the end', 'start', 'end', 'last', 'begin', 'afterwards', 'when done', 'wrap up',
  ],
  reasoning: [
    'think', 'reason', 'reasoning', 'step by step', 'justify', 'explain why', 'verify',
    'double check', 'consider', 'weigh', 'trade offs', 'tradeoffs', 'pros and cons', 'assumptions',
    'show your work', 'walk through', 'rationale', 'evidence', 'criteria', 'edge cases',
    'check your', 'self check', 'validate',
  ],
  plan_word: [
    'plan', 'outline', 'break down', 'breakdown', 'approach', 'process', 'workflow', 'procedure', 'method',
    'numbered steps',
  ],
} as const;

export type Category = keyof typeof CATEGORIES;

/** Categories whose words are what a rubric-gamer sprinkles: counted to detect stuffing. */
export const RUBRIC_CATEGORIES: readonly Category[] = [
  'role_phrase', 'expertise', 'reasoning', 'format', 'example_marker', 'must', 'must_not',
  'quality_claim', 'verbosity', 'step_word',
];

/** Words that carry no task content: excluded when measuring how much the prompt actually says. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  ('a an the and or but if of to in on at by for with from into onto about as is are was were be been ' +
    'being am it its this that these those there here then than so such very can could would will ' +
    'shall should may might must do does did done have has had having i me my we our you your he she ' +
    'they them their his her him us what which who whom whose when where why how all any both each ' +
    'few more most other some no nor not only own same too just also please want wants like get got ' +
    'one make made use using used need needs let lets s t re ll ve d m up out over under again further ' +
    'once because while until whether though although yes okay ok hi hello thanks thank write give tell ' +
    // words about the prompt itself, which a scaffold uses whatever the task: not task content
    'task tasks answer answers answered respond response request restate note cover covers covering follow following ' +
    'confirm part parts fail fails topic topics advice point points supporting sentence sentences anything reader ' +
    // type names of an output schema ({"title": string}): the shape of the answer, not what the task is about
    'string strings boolean bool integer int float null undefined array')
    .split(' '),
);

/** Line labels that mark an input/output pair ("Input: ... / Output: ..."). */
export const IO_LABELS: ReadonlySet<string> = new Set([
  'input', 'output', 'q', 'a', 'question', 'answer', 'user', 'assistant', 'expected', 'expected output',
  'before', 'after', 'example input', 'example output', 'sample input', 'sample output', 'text', 'label',
]);

/** Words too vague to fill a section ("Audience: people", "Goal: make it good", "Format: stuff"). */
const VAGUE_FILLERS =
  'people person persons anyone everyone someone everybody anybody somebody general public none na n ' +
  'normal usual standard appropriate relevant necessary needed proper properly right correct clear fine ' +
  'okay ok good nice great cool stuff things thing something anything everything whatever etc misc ' +
  'various random same above below it them well done best better high quality success successful ' +
  'results result value impact';

/** Placeholder fillers outside brackets ("Audience: TBD"): never content. */
export const PLACEHOLDER_WORDS: ReadonlySet<string> = new Set(['todo', 'tbd', 'tba', 'tbc', 'xxx', 'xx', 'placeholder', 'lorem', 'ipsum', 'fixme']);

/**
 * A section body made only of these is hollow: stopwords, vague words, filler, quality claims,
 * weak verbs and placeholder fillers. Single words only (bodies are checked word by word).
 */
export const HOLLOW_WORDS: ReadonlySet<string> = new Set([
  ...STOPWORDS,
  ...[...CATEGORIES.vague, ...CATEGORIES.filler, ...CATEGORIES.quality_claim, ...CATEGORIES.weak_imperative].filter((w) => !w.includes(' ')),
  ...VAGUE_FILLERS.split(' '),
  ...PLACEHOLDER_WORDS,
]);
