// Batch scoring: each row is validated and scored on its own, so one bad row never sinks the batch.
import { POWERED_BY } from '../../shared/branding.js';
import { AppError } from '../../shared/errors.js';
import { checkBatchItem } from '../../shared/schemas/batch.js';
import { GRADES, SVC_VERSION, type Grade } from '../../shared/schemas/common.js';
import type { BatchRequest } from '../../shared/schemas/requests.js';
import type { BatchResponse, BatchRow } from '../../shared/schemas/responses.js';
import { scorePrompt } from '../../shared/scoring/index.js';
import type { Processor } from './types.js';

/** The worst grade among the rows: F is lower than D, and so on. */
const lowestGrade = (grades: Grade[]) => grades.reduce((worst, g) => (GRADES.indexOf(g) > GRADES.indexOf(worst) ? g : worst));

export const scoreBatch: Processor<BatchRequest, BatchResponse> = async ({ prompts, vertical }) => {
  const results: BatchRow[] = prompts.map((item) => {
    const checked = checkBatchItem(item, vertical ?? 'general');
    if (!checked.ok) return checked.row;
    const s = scorePrompt(checked.prompt, checked.vertical);
    return {
      prompt: checked.prompt,
      vertical: checked.vertical,
      score: s.total,
      out_of: s.out_of,
      grade: s.grade,
      dimensions: s.dimensions,
      top_fixes: s.top_fixes,
    };
  });
  const scored = results.flatMap((r) => ('score' in r ? [r] : []));
  // The API refuses such a batch before payment; this guards direct callers of the processor.
  if (scored.length === 0) throw new AppError(400, 'invalid_request', 'no prompt in this batch can be scored');
  const totals = scored.map((r) => r.score);
  return {
    svc_version: SVC_VERSION,
    batch_size: prompts.length,
    results,
    summary: {
      total_scored: scored.length,
      avg_score: Math.round((totals.reduce((a, b) => a + b, 0) / scored.length) * 100) / 100,
      avg_out_of: 80,
      lowest_grade: lowestGrade(scored.map((r) => r.grade)),
      highest_score: Math.max(...totals),
      lowest_score: Math.min(...totals),
    },
    powered_by: POWERED_BY,
  };
};
