// Batch scoring of the rows the API checked (score.batch carries no refused row): each scored on
// its own, with a summary over them. The API puts the refused rows back into the reply.
import { POWERED_BY } from '../../shared/schemas/branding.js';
import { DomainError } from '../../shared/errors.js';
import { GRADES, OUT_OF, SVC_VERSION, type Grade } from '../../shared/schemas/common.js';
import type { BatchRow } from '../../shared/schemas/responses.js';
import { scorePrompt } from '../../shared/scoring/index.js';
import type { scoreBatchJob } from '../../shared/jobs.js';
import type { Processor } from './types.js';

/** The worst grade among the rows: F is lower than D, and so on. */
const lowestGrade = (grades: Grade[]) => grades.reduce((worst, g) => (GRADES.indexOf(g) > GRADES.indexOf(worst) ? g : worst));

export const scoreBatch: Processor<typeof scoreBatchJob> = async ({ rows }) => {
  // The API refuses such a batch before payment; this guards direct callers of the processor.
  if (rows.length === 0) throw new DomainError('invalid_request', 'no prompt in this batch can be scored');
  const results = rows.map(({ prompt, vertical }) => {
    const s = scorePrompt(prompt, vertical);
    return { prompt, vertical, score: s.total, out_of: s.out_of, grade: s.grade, dimensions: s.dimensions, top_fixes: s.top_fixes };
  });
  const totals = results.map((r) => r.score);
  return {
    svc_version: SVC_VERSION,
    batch_size: rows.length,
    results: results satisfies BatchRow[],
    summary: {
      total_scored: results.length,
      avg_score: Math.round((totals.reduce((a, b) => a + b, 0) / results.length) * 100) / 100,
      avg_out_of: OUT_OF,
      lowest_grade: lowestGrade(results.map((r) => r.grade)),
      highest_score: Math.max(...totals),
      lowest_score: Math.min(...totals),
    },
    powered_by: POWERED_BY,
  };
};
