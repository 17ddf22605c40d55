// Per-vertical example material for fixes and the rewriter: what a good role line, audience,
// limit, format and example look like in that field. Fixes quote these as "e.g." suggestions.
import type { Vertical } from '../../schemas/common.js';

export interface VerticalProfile {
  /** A model task statement for the vertical: imperative verb + deliverable + inputs. */
  readonly task: string;
  readonly persona: string;
  readonly audience: string;
  readonly purpose: string;
  readonly material: string;
  readonly specifics: string;
  readonly must: string;
  readonly mustNot: string;
  readonly limit: string;
  readonly tone: string;
  readonly format: string;
  readonly schema: string;
  readonly steps: readonly [string, string, string, string];
  readonly exampleInput: string;
  readonly exampleOutput: string;
}

export const PROFILES: Readonly<Record<Vertical, VerticalProfile>> = {
  software: {
    task: 'Write a TypeScript function parseDate(input: string) that returns a Date or throws a RangeError',
    persona: 'a senior software engineer who writes and reviews production TypeScript and Python code',
    audience: 'the engineers who will review and maintain this code',
    purpose: 'the change can be merged without breaking existing callers',
    material: 'the relevant code, the exact error message and the language and runtime versions',
    specifics: 'the language and version (e.g. Node 20, Python 3.12), the function name and the exact error text',
    must: 'Keep the existing public function signatures unchanged',
    mustNot: 'Do not add new dependencies',
    limit: 'Keep the explanation under 150 words',
    tone: 'a direct, technical tone',
    format: 'one fenced code block with the complete code, then a 3-bullet list of what changed',
    schema: '```ts\n// complete code here\n```\n- Change 1\n- Change 2\n- Change 3',
    steps: ['Restate the expected behaviour and the failing case', 'Find the root cause in the code', 'Write the fix and a unit test that covers the failing case', 'Check edge cases: empty input, null values, very large input'],
    exampleInput: 'parseDate("2024-13-01")',
    exampleOutput: 'throws RangeError("month out of range")',
  },
  content: {
    task: 'Write a 700-word blog post on remote onboarding for HR managers',
    persona: 'an experienced content writer and editor who writes for blogs and newsletters',
    audience: 'busy readers who skim on mobile',
    purpose: 'readers understand the main point and click the call to action',
    material: 'the topic, the key points to cover and any source notes or links',
    specifics: 'the channel (blog, LinkedIn, newsletter), the target keyword and the word count',
    must: 'Include one clear call to action at the end',
    mustNot: 'Do not use clichés or unverifiable claims',
    limit: 'Keep it between 600 and 800 words',
    tone: 'a friendly, plain-language tone',
    format: 'a headline, a 2-sentence intro, 3 sections with H2 headings, and a closing call to action',
    schema: '# Headline\nIntro (2 sentences)\n## Section 1\n## Section 2\n## Section 3\nCall to action',
    steps: ['Pick the single main message', 'Outline 3 supporting points', 'Draft each section with one concrete example', 'Edit for length, tone and a clear call to action'],
    exampleInput: 'Topic: remote onboarding',
    exampleOutput: 'Headline: "5 Remote Onboarding Habits That Cut Ramp-Up Time in Half"',
  },
  business: {
    task: 'Write a one-page memo comparing 3 options to reduce Q3 churn',
    persona: 'a senior business analyst who prepares decision memos for executives',
    audience: 'the leadership team deciding on next quarter budget',
    purpose: 'leadership can make a go or no-go decision in one meeting',
    material: 'the current metrics (revenue, churn, costs), the timeframe and the decision to be made',
    specifics: 'the metrics with numbers, the market segment and the quarter (e.g. Q3 2025)',
    must: 'State every assumption and the source of each number',
    mustNot: 'Do not invent figures that are not in the input',
    limit: 'Keep it to one page, at most 400 words',
    tone: 'a neutral, professional tone',
    format: 'an executive summary, a table of options with cost and expected impact, and a recommendation',
    schema: '| Option | Cost | Expected impact | Risk |\n|---|---|---|---|',
    steps: ['Summarize the current situation with the key metrics', 'List 3 options', 'Compare the options on cost, impact and risk', 'Recommend one option and the next steps'],
    exampleInput: 'Churn rose from 3% to 5% in Q2',
    exampleOutput: 'Option A: annual-plan discount, cost $20k, expected churn -1.5 pts',
  },
  education: {
    task: 'Create a 45-minute lesson plan on adding fractions for grade 6',
    persona: 'an experienced teacher and curriculum designer',
    audience: 'grade 8 students with mixed reading levels',
    purpose: 'students can meet the learning objective by the end of one class period',
    material: 'the subject, the grade level, the learning objective and the class length',
    specifics: 'the grade level, the learning objective and the lesson length in minutes (e.g. 45 minutes)',
    must: 'Align every activity to the learning objective',
    mustNot: 'Do not use jargon without defining it',
    limit: 'Fit the lesson into 45 minutes',
    tone: 'an encouraging, age-appropriate tone',
    format: 'a lesson plan with sections: objective, warm-up, activities with minutes, assessment, answer key',
    schema: 'Objective:\nWarm-up (5 min):\nActivities:\nAssessment:\nAnswer key:',
    steps: ['State the learning objective', 'Plan a 5-minute warm-up that surfaces misconceptions', 'Design 2 activities with timings', 'End with a 3-question exit ticket and answers'],
    exampleInput: 'Objective: add fractions with unlike denominators',
    exampleOutput: 'Warm-up: "Is 1/2 + 1/3 = 2/5? Explain."',
  },
  science: {
    task: 'Derive the pressure of 0.5 mol of ideal gas at 300 K in a 10 L vessel',
    persona: 'a research scientist who explains methods and results precisely',
    audience: 'undergraduate science students',
    purpose: 'the reader can reproduce the reasoning and check the result',
    material: 'the system under study, the known quantities with units and the data or equations given',
    specifics: 'the quantities with SI units, the conditions (e.g. 25 °C, 1 atm) and the field',
    must: 'State all assumptions and give units for every quantity',
    mustNot: 'Do not skip algebra steps or round before the final answer',
    limit: 'Use at most 3 significant figures in the final answer',
    tone: 'a precise, neutral tone',
    format: 'sections: assumptions, derivation, result with units, and a sanity check',
    schema: 'Assumptions:\nDerivation:\nResult (with units):\nSanity check:',
    steps: ['List the known quantities and assumptions', 'Choose the governing equation', 'Solve step by step with units', 'Check the result against an order-of-magnitude estimate'],
    exampleInput: '0.5 mol of ideal gas at 300 K in 10 L',
    exampleOutput: 'P = nRT/V = 124.7 kPa',
  },
  crypto: {
    task: 'Analyze USDC net inflows on Base over the last 30 days',
    persona: 'a senior on-chain analyst who audits DeFi protocols and token flows',
    audience: 'traders and treasury managers who act on this analysis',
    purpose: 'the reader can decide whether to hold, swap or exit the position',
    material: 'the chain, the token and contract address, the timeframe and any on-chain data',
    specifics: 'the chain (e.g. Base, Solana), the token (e.g. USDC), the contract address and the timeframe (e.g. last 30 days)',
    must: 'Cite the on-chain source (explorer, block range) for every figure',
    mustNot: 'Do not give financial advice or price predictions without data',
    limit: 'Keep the summary under 200 words',
    tone: 'a neutral, risk-aware tone',
    format: 'a JSON object with fields chain, token, metric, value, timeframe and risk_notes',
    schema: '{"chain": "", "token": "", "metric": "", "value": 0, "timeframe": "", "risk_notes": []}',
    steps: ['Identify the chain, token and contract', 'Pull the metrics for the timeframe', 'Compare against the previous period', 'Flag risks: liquidity, concentration, contract upgrades'],
    exampleInput: 'USDC on Base, last 7 days',
    exampleOutput: '{"metric": "net inflow", "value": 1250000, "timeframe": "7d"}',
  },
  research: {
    task: 'Summarize 10 peer-reviewed studies (2015-2024) on remote work and productivity',
    persona: 'an experienced academic researcher who writes systematic literature reviews',
    audience: 'graduate students and reviewers who will check the sources',
    purpose: 'the review can support a research question with cited evidence',
    material: 'the research question, the population, the period and the databases to search',
    specifics: 'the research question, the sources (e.g. PubMed, arXiv), the period (e.g. 2015-2024) and the citation style',
    must: 'Cite every claim with author, year and DOI in APA style',
    mustNot: 'Do not cite sources you cannot verify',
    limit: 'Limit it to at most 10 peer-reviewed papers',
    tone: 'an academic, neutral tone',
    format: 'a table with columns: citation, method, sample size, main finding, limitation',
    schema: '| Citation | Method | Sample size | Main finding | Limitation |\n|---|---|---|---|---|',
    steps: ['Restate the research question and inclusion criteria', 'Select sources that meet the criteria', 'Extract method, sample and findings from each', 'Synthesize agreements, conflicts and gaps'],
    exampleInput: 'Remote work and productivity, 2020-2024',
    exampleOutput: '| Bloom et al. (2024) | RCT | 1,612 | no productivity loss | single firm |',
  },
  general: {
    task: 'Plan a 3-day Lisbon itinerary for 2 people with an 800 EUR budget',
    persona: 'a practical, knowledgeable assistant who gives specific, actionable answers',
    audience: 'someone with no prior background in the topic',
    purpose: 'the reader can act on the answer today',
    material: 'the situation, the options considered and the limits (budget, time, people)',
    specifics: 'the numbers that matter (budget, dates, number of people) and the place',
    must: 'Give concrete options with costs or times',
    mustNot: 'Do not give generic advice that ignores the stated limits',
    limit: 'Keep it under 250 words',
    tone: 'a friendly, plain-language tone',
    format: 'a numbered list of 5 items, each with a one-line reason',
    schema: '1. Item - reason\n2. Item - reason\n3. Item - reason',
    steps: ['Restate the goal and the limits', 'List the options', 'Compare them against the limits', 'Recommend the best option and a next step'],
    exampleInput: 'A 3-day trip to Lisbon for 2 people, 800 EUR budget',
    exampleOutput: '1. Day 1: Alfama walking tour (free) - fits budget, no booking needed',
  },
};
