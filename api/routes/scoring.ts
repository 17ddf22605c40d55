// Engine-only operations: free score, detailed score, batch, quick grade, variants.
import { ApiError } from '../middleware/errors.js';
import { scoreBatchJob, scoreDetailedJob, scoreFreeJob, svcGradeJob, variantsJob } from '../../shared/jobs.js';
import { type CheckedBatch, checkBatch, mergeBatch } from '../../shared/schemas/batch.js';
import {
  BatchRequestSchema,
  ScoreRequestSchema,
  VariantsPaidRequestSchema,
  VariantsRequestSchema,
  type BatchRequest,
} from '../../shared/schemas/requests.js';
import { VariantsPreviewSchema } from '../../shared/schemas/responses.js';
import { asIs, defineOperation, solanaTwin, type Operation } from './operation.js';
import { promptOf } from './preview.js';

const SAMPLE_PROMPT = 'Write a product description for our new running shoe.';

/** A batch is checked once per request: its check, its job input and its reply share the result. */
const checkedBatches = new WeakMap<BatchRequest, CheckedBatch>();
function checked(input: BatchRequest): CheckedBatch {
  let batch = checkedBatches.get(input);
  if (!batch) checkedBatches.set(input, (batch = checkBatch(input)));
  return batch;
}

const scoreFree = defineOperation({
  method: 'post',
  path: '/api/score/free',
  summary: 'Free flat score (rate limited per client address)',
  access: 'free',
  request: ScoreRequestSchema,
  job: scoreFreeJob,
  jobInput: asIs,
});

const score = defineOperation({
  method: 'post',
  path: '/api/score',
  summary: 'Detailed 8-dimension score with percentile and top 3 fixes',
  access: 'paid',
  request: ScoreRequestSchema,
  job: scoreDetailedJob,
  jobInput: asIs,
});

const batch = defineOperation({
  method: 'post',
  path: '/api/score/batch',
  summary: 'Batch score of 1 to 10 prompts; a bad row carries `error`',
  access: 'paid',
  request: BatchRequestSchema,
  largeBody: true,
  job: scoreBatchJob,
  // A batch in which no row can be scored is bad input as a whole: 400 before anything is paid.
  check: (input) => {
    const { job, refused } = checked(input);
    if (job.rows.length > 0) return;
    throw new ApiError('invalid_request', 'no prompt in this batch can be scored', { details: { results: refused } });
  },
  // Only the checked rows are queued; the refused ones are put back into the reply.
  jobInput: (input) => checked(input).job,
  reply: (result, input) => mergeBatch(checked(input), result),
});

const svcGrade = defineOperation({
  method: 'post',
  path: '/api/svc-grade',
  summary: 'Quick composite grade (0-100) with framework sub-scores',
  access: 'paid',
  request: ScoreRequestSchema,
  job: svcGradeJob,
  jobInput: asIs,
});

const variants = defineOperation({
  method: 'post',
  path: '/api/variants',
  summary: 'Ranked rewrite variants (send "preview": true for a free example)',
  access: 'paid',
  request: VariantsRequestSchema,
  job: variantsJob,
  jobInput: ({ prompt, vertical, count }) => ({ prompt: promptOf(prompt), vertical, count }),
  preview: {
    sample: { prompt: SAMPLE_PROMPT, vertical: 'content', count: 3 },
    message: 'Preview: ranked variants for a sample prompt. Pay per call for your own prompt.',
    schema: VariantsPreviewSchema,
    paidRequest: VariantsPaidRequestSchema,
  },
});

export const scoringOperations: Operation[] = [
  scoreFree,
  score,
  solanaTwin(score),
  batch,
  solanaTwin(batch),
  svcGrade,
  variants,
];
