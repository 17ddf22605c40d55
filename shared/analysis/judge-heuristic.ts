// The deterministic fallback of the compare judge, used when the judge model's reply cannot be
// parsed twice or the judge call fails. It reads only the prompt and the answer text:
//   completeness    answer length against a 150-word target;
//   relevancy       share of the prompt's content words that the answer uses;
//   reasoning_depth reasoning connectives and numbered/bulleted steps;
//   faithfulness    relevancy-anchored, lowered by refusals and hedges.
// An empty answer scores 1 on everything. docs/providers.md documents the same rules.
import { clampScore, type JudgeCriteria } from './judge.js';

const WORD = /[\p{L}\p{N}]+/gu;
const STOPWORDS = new Set(
  'the and for with that this from your you are was were will would should could have has had not but all any can into about what which when where who how why its our their them then than there these those been being does did make write give explain please'.split(' '),
);
const REASONING = /\b(because|therefore|thus|hence|since|so that|as a result|first|second|then|finally|however|trade-?off|step)\b/gi;
const STEP_LINE = /^\s*(?:\d+[.)]|[-*•])\s+/gm;
const HEDGES = /\b(as an ai|i cannot|i can't|i am unable|i'm not sure|i do not know|i don't know)\b/gi;

const contentWords = (text: string) =>
  new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => w.length >= 3 && !STOPWORDS.has(w)));

export function heuristicJudge(prompt: string, answer: string): JudgeCriteria {
  const words = answer.match(WORD)?.length ?? 0;
  if (words === 0) return { completeness: 1, relevancy: 1, reasoning_depth: 1, faithfulness: 1 };
  const asked = contentWords(prompt);
  const used = contentWords(answer);
  const covered = asked.size === 0 ? 1 : [...asked].filter((w) => used.has(w)).length / asked.size;
  const reasoning = (answer.match(REASONING)?.length ?? 0) + (answer.match(STEP_LINE)?.length ?? 0);
  const hedges = answer.match(HEDGES)?.length ?? 0;
  const relevancy = clampScore(1 + 9 * covered);
  return {
    completeness: clampScore(1 + 9 * Math.min(1, words / 150)),
    relevancy,
    reasoning_depth: clampScore(1 + 1.5 * reasoning),
    faithfulness: clampScore(5 + relevancy / 2 - 2 * hedges),
  };
}
