// Batch scoring: each row is validated and scored on its own, so one bad row never sinks the batch.
import { POWERED_BY } from '../../shared/branding.js';
import { GRADES, SVC_VERSION, type Vertical } from '../../shared/schemas/common.js';
import { BatchItemSchema, type BatchRequest } from '../../shared/schemas/requests.js';
import type { BatchResponse, BatchRow } from '../../shared/schemas/responses.js';
import { scorePrompt } from '../../shared/scoring/index.js';
import type { Processor } from './types.js';

function scoreRow(item: unknown, batchVertical: Vertical): BatchRow {
  const parsed = BatchItemSchema.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    const row: BatchRow = { error: `invalid item: ${where}${issue?.message ?? 'not a prompt'}` };
    if (typeof item === 'string') row.prompt = item;
    return row;
  }
  const { prompt, vertical = batchVertical } =
    typeof parsed.data === 'string' ? { prompt: parsed.data, vertical: undefined } : parsed.data;
  const s = scorePrompt(prompt, vertical);
  return {
    prompt,
    vertical,
    score: s.total,
    out_of: s.out_of,
    grade: s.grade,
    dimensions: s.dimensions,
    top_fixes: s.top_fixes,
  };
}

/** The worst grade among the rows: F is lower than D, and so on. */
const lowestGrade = (grades: BatchResponse['summary']['lowest_grade'][]) =>
  grades.reduce((worst, g) => (g && (!worst || GRADES.indexOf(g) > GRADES.indexOf(worst)) ? g : worst), null);

export const scoreBatch: Processor<BatchRequest, BatchResponse> = async ({ prompts, vertical }) => {
  const results = prompts.map((item) => scoreRow(item, vertical ?? 'general'));
  const scored = results.flatMap((r) => ('score' in r ? [r] : []));
  const totals = scored.map((r) => r.score);
  const sum = totals.reduce((a, b) => a + b, 0);
  return {
    svc_version: SVC_VERSION,
    batch_size: prompts.length,
    results,
    summary: {
      total_scored: scored.length,
      avg_score: scored.length ? Math.round((sum / scored.length) * 100) / 100 : 0,
      avg_out_of: 80,
      lowest_grade: lowestGrade(scored.map((r) => r.grade)),
      highest_score: scored.length ? Math.max(...totals) : null,
      lowest_score: scored.length ? Math.min(...totals) : null,
    },
    powered_by: POWERED_BY,
  };
};
