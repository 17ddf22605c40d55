// Domain signal words per vertical. A hit proves the prompt names concrete things of its field,
// which lifts specificity and context; the same prompt therefore scores differently per vertical.
// Each vertical groups its words in kinds; distinct kinds hit count more than repeats of one kind.
import type { Vertical } from '../../schemas/common.js';

export type DomainLexicon = Readonly<Record<string, readonly string[]>>;

export const VERTICAL_LEXICONS: Readonly<Record<Vertical, DomainLexicon>> = {
  software: {
    language: [
      'python', 'typescript', 'javascript', 'rust', 'go', 'golang', 'java', 'kotlin', 'swift', 'ruby',
      'php', 'c', 'cpp', 'csharp', 'sql', 'bash', 'shell', 'scala', 'elixir', 'haskell', 'lua', 'dart',
      'node', 'nodejs', 'deno', 'wasm', 'html', 'css', 'terraform', 'yaml', 'dockerfile',
    ],
    framework: [
      'react', 'vue', 'angular', 'svelte', 'nextjs', 'django', 'flask', 'fastapi', 'express', 'koa',
      'spring', 'rails', 'laravel', 'postgres', 'postgresql', 'mysql', 'sqlite', 'redis', 'mongodb',
      'kafka', 'docker', 'kubernetes', 'k8s', 'aws', 'gcp', 'azure', 'graphql', 'grpc', 'pandas',
      'numpy', 'pytorch', 'vitest', 'jest', 'pytest', 'junit', 'tokio', 'npm', 'pip', 'git', 'linux',
    ],
    version: ['version', 'v1', 'v2', 'v3', 'lts', 'es2022', 'python3', 'release', 'upgrade'],
    error: [
      'error', 'exception', 'traceback', 'stack trace', 'stacktrace', 'typeerror', 'valueerror',
      'segfault', 'panic', 'crash', 'crashes', 'fails', 'failing', 'bug', 'timeout', 'leak',
      'null pointer', 'undefined', '404', '500', 'warning', 'regression', 'race condition',
    ],
    artifact: [
      'code', 'function', 'method', 'class', 'module', 'api', 'endpoint', 'regex', 'unit test', 'unit tests',
      'test', 'tests', 'repo', 'repository', 'library', 'cli', 'script', 'query', 'schema', 'migration',
      'pull request', 'commit', 'interface', 'type', 'types', 'struct', 'handler', 'middleware',
      'algorithm', 'complexity', 'o n', 'latency', 'throughput', 'memory', 'cache', 'index',
    ],
  },
  crypto: {
    chain: [
      'ethereum', 'solana', 'bitcoin', 'base', 'arbitrum', 'optimism', 'polygon', 'avalanche', 'l2',
      'layer 2', 'mainnet', 'testnet', 'evm', 'svm', 'chain', 'on chain', 'onchain', 'bnb', 'sui', 'aptos',
    ],
    token: [
      'usdc', 'usdt', 'eth', 'sol', 'btc', 'erc 20', 'erc20', 'erc 721', 'spl', 'token', 'tokens',
      'nft', 'stablecoin', 'memecoin', 'dai', 'weth', 'governance token',
    ],
    address: ['address', 'wallet', 'contract address', 'multisig', 'ens', 'tx', 'transaction', 'tx hash', 'hash'],
    timeframe: [
      '24h', '7d', '30d', '1h', '4h', 'daily', 'weekly', 'hourly', 'monthly', 'ytd', 'since', 'epoch',
      'block', 'blocks', 'last 30 days', 'last week', 'q1', 'q2', 'q3', 'q4',
    ],
    defi: [
      'liquidity', 'apy', 'apr', 'tvl', 'swap', 'dex', 'amm', 'staking', 'gas', 'smart contract',
      'solidity', 'anchor', 'lending', 'yield', 'slippage', 'oracle', 'bridge', 'airdrop', 'x402',
      'market cap', 'volume', 'price', 'funding rate', 'perps', 'reentrancy', 'audit',
    ],
  },
  research: {
    sources: [
      'sources', 'source', 'papers', 'paper', 'journals', 'journal', 'pubmed', 'arxiv', 'scopus',
      'google scholar', 'peer reviewed', 'database', 'databases', 'literature', 'preprints', 'studies',
    ],
    citations: ['cite', 'citation', 'citations', 'references', 'apa', 'mla', 'chicago', 'doi', 'bibliography', 'footnotes'],
    method: [
      'methodology', 'method', 'methods', 'systematic review', 'meta analysis', 'inclusion criteria',
      'exclusion criteria', 'sample size', 'survey', 'qualitative', 'quantitative', 'interviews',
      'coding', 'thematic analysis', 'regression', 'prisma', 'bias', 'validity', 'replication',
      'effect size', 'effect sizes', 'confidence interval', 'evidence', 'outcomes', 'findings', 'likert',
    ],
    scope: [
      'population', 'cohort', 'region', 'period', 'published', 'between', 'since', 'country',
      'countries', 'english language', 'randomized', 'rct', 'rcts', 'longitudinal', 'cross sectional',
      'adults', 'children', 'patients', 'participants', 'students', 'older adults', 'trial', 'trials',
    ],
    deliverable: ['literature review', 'annotated bibliography', 'research question', 'hypothesis', 'abstract', 'summary table', 'gap analysis'],
  },
  science: {
    quantity: [
      'mg', 'ml', 'kg', 'g', 'l', 'mol', 'mm', 'nm', 'km', 'hz', 'khz', 'kelvin', 'celsius', 'c',
      'pa', 'kpa', 'joules', 'watts', 'volts', 'ev', 'ph', 'molar', 'concentration', 'temperature',
      'pressure', 'si units', 'units', 'significant figures',
    ],
    method: [
      'experiment', 'hypothesis', 'control', 'variable', 'variables', 'protocol', 'replicate',
      'replicates', 'measurement', 'measurements', 'calibration', 'assay', 'titration', 'simulation',
      'derivation', 'equation', 'model', 'assumptions', 'assumption', 'small angle', 'approximation',
    ],
    field: [
      'physics', 'chemistry', 'biology', 'genomics', 'protein', 'cell', 'cells', 'quantum', 'enzyme',
      'dna', 'rna', 'crispr', 'thermodynamics', 'optics', 'ecology', 'climate', 'neuroscience',
      'astronomy', 'geology', 'organic', 'photosynthesis', 'bacteria', 'virus', 'reaction', 'kinetics',
      'pendulum', 'velocity', 'acceleration', 'force', 'mass', 'energy', 'momentum', 'gravity', 'orbit',
      'wave', 'wavelength', 'frequency', 'scattering', 'entropy', 'enthalpy', 'ion', 'molecule', 'atom',
      'electron', 'photon', 'gene', 'mutation', 'species', 'ecosystem', 'catalyst', 'acid', 'base',
      'solution', 'gas', 'pressure', 'circuit', 'resistance', 'magnetic', 'planet', 'star', 'galaxy',
    ],
    deliverable: ['derivation', 'formula', 'proof', 'lab report', 'hypothesis', 'period', 'half life', 'escape velocity', 'ph'],
    data: ['dataset', 'data', 'p value', 'error bars', 'uncertainty', 'standard deviation', 'plot', 'graph', 'statistical', 'sample'],
  },
  content: {
    channel: [
      'blog', 'newsletter', 'linkedin', 'twitter', 'x', 'instagram', 'tiktok', 'youtube', 'podcast',
      'landing page', 'website', 'email', 'ad', 'ads', 'press release', 'medium', 'substack',
    ],
    seo: ['seo', 'keyword', 'keywords', 'meta description', 'headline', 'headlines', 'h2', 'slug', 'cta', 'call to action', 'hook'],
    voice: ['brand', 'brand voice', 'tone', 'voice', 'style guide', 'persona', 'storytelling', 'narrative'],
    audience: ['readers', 'audience', 'subscribers', 'followers', 'buyers', 'shoppers', 'fans', 'community'],
    length: ['words', 'characters', 'word count', 'reading time', 'paragraphs', 'sentences'],
  },
  business: {
    metric: [
      'revenue', 'kpi', 'kpis', 'margin', 'churn', 'arr', 'mrr', 'cac', 'ltv', 'roi', 'budget',
      'profit', 'cost', 'costs', 'growth', 'conversion', 'nps', 'ebitda', 'cash flow', 'runway', 'pricing',
    ],
    stakeholder: [
      'ceo', 'cfo', 'board', 'investors', 'customers', 'clients', 'vendors', 'partners', 'employees',
      'leadership', 'sales team', 'stakeholders', 'executives', 'shareholders',
    ],
    timeframe: ['q1', 'q2', 'q3', 'q4', 'quarter', 'quarterly', 'fy', 'fiscal', 'annual', 'deadline', 'month', 'year', 'weeks'],
    deliverable: [
      'memo', 'proposal', 'swot', 'pitch deck', 'okr', 'okrs', 'business plan', 'report', 'forecast',
      'executive summary', 'one pager', 'roadmap', 'strategy', 'go to market', 'rfp', 'invoice',
    ],
    market: ['market', 'competitors', 'competitor', 'segment', 'b2b', 'b2c', 'saas', 'smb', 'enterprise', 'retail', 'pricing tier'],
  },
  education: {
    learner: [
      'grade', 'students', 'student', 'beginners', 'undergraduate', 'graduate', 'k 12', 'high school',
      'middle school', 'primary', 'year', 'ages', 'age', 'learners', 'esl', 'adult learners', 'freshmen',
    ],
    objective: ['learning objective', 'learning objectives', 'learning outcomes', 'outcome', 'standards', 'curriculum', 'common core', 'ngss', 'syllabus', 'competency'],
    assessment: ['quiz', 'rubric', 'worksheet', 'exam', 'assessment', 'test', 'homework', 'answer key', 'multiple choice', 'formative', 'summative'],
    pedagogy: [
      'lesson plan', 'lesson', 'scaffold', 'scaffolding', 'differentiation', 'activity', 'activities',
      'minutes', 'class period', 'group work', 'warm up', 'exit ticket', 'misconceptions', 'socratic',
    ],
    subject: ['math', 'algebra', 'fractions', 'geometry', 'reading', 'history', 'biology', 'chemistry', 'physics', 'grammar', 'vocabulary', 'spanish', 'writing', 'coding'],
  },
  general: {
    everyday: [
      'recipe', 'trip', 'travel', 'itinerary', 'budget', 'email', 'letter', 'schedule', 'gift',
      'workout', 'meal', 'diet', 'apartment', 'move', 'wedding', 'birthday', 'party', 'garden',
      'car', 'job', 'interview', 'resume', 'cover letter',
    ],
    quantity: ['dollars', 'usd', 'eur', 'people', 'days', 'hours', 'minutes', 'weeks', 'calories', 'km', 'miles'],
    place: ['city', 'country', 'paris', 'london', 'tokyo', 'new york', 'berlin', 'kyoto', 'rome', 'home', 'office'],
    preference: ['vegetarian', 'vegan', 'gluten free', 'allergic', 'prefer', 'preference', 'favorite', 'dislike'],
  },
};
