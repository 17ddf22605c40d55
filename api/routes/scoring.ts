// Engine-only operations: free score, detailed score, batch, quick grade, variants.
import { AppError } from '../../shared/errors.js';
import { type CheckedBatch, checkBatch, mergeBatch } from '../../shared/schemas/batch.js';
import {
  BatchRequestSchema,
  ScoreRequestSchema,
  VariantsPaidRequestSchema,
  VariantsRequestSchema,
  type BatchRequest,
  type ScoreRequest,
  type VariantsRequest,
} from '../../shared/schemas/requests.js';
import {
  type BatchResponse,
  BatchResponseSchema,
  FreeScoreResponseSchema,
  ScoreResponseSchema,
  SvcGradeResponseSchema,
  VariantsPreviewSchema,
  VariantsResponseSchema,
} from '../../shared/schemas/responses.js';
import { defineOperation, solanaTwin, type Operation, type UsesModel } from './operation.js';

/** With a rewrite model configured the variants are written by it, so the job goes to the llm pool. */
const variantsUseModel: UsesModel = (config) => config.providers.roles.rewrite !== undefined;

const SAMPLE_PROMPT = 'Write a product description for our new running shoe.';

/** A batch is checked once per request: its check, its job input and its reply share the result. */
const checkedBatches = new WeakMap<BatchRequest, CheckedBatch>();
function checked(input: BatchRequest): CheckedBatch {
  let batch = checkedBatches.get(input);
  if (!batch) checkedBatches.set(input, (batch = checkBatch(input)));
  return batch;
}

const scoreFree = defineOperation<ScoreRequest>({
  method: 'post',
  path: '/api/score/free',
  summary: 'Free flat score (rate limited per client address)',
  access: 'free',
  request: ScoreRequestSchema,
  response: FreeScoreResponseSchema,
  job: 'score.free',
});

const score = defineOperation<ScoreRequest>({
  method: 'post',
  path: '/api/score',
  summary: 'Detailed 8-dimension score with percentile and top 3 fixes',
  access: 'paid',
  request: ScoreRequestSchema,
  response: ScoreResponseSchema,
  job: 'score.detailed',
});

const batch = defineOperation<BatchRequest>({
  method: 'post',
  path: '/api/score/batch',
  summary: 'Batch score of 1 to 10 prompts; a bad row carries `error`',
  access: 'paid',
  request: BatchRequestSchema,
  response: BatchResponseSchema,
  largeBody: true,
  job: 'score.batch',
  // A batch in which no row can be scored is bad input as a whole: 400 before anything is paid.
  check: (input) => {
    const { job, refused } = checked(input);
    if (job.rows.length > 0) return;
    throw new AppError(400, 'invalid_request', 'no prompt in this batch can be scored', { details: { results: refused } });
  },
  // Only the checked rows are queued; the refused ones are put back into the reply.
  jobInput: (input) => checked(input).job,
  reply: (result: BatchResponse, input) => mergeBatch(checked(input), result),
});

const svcGrade = defineOperation<ScoreRequest>({
  method: 'post',
  path: '/api/svc-grade',
  summary: 'Quick composite grade (0-100) with framework sub-scores',
  access: 'paid',
  request: ScoreRequestSchema,
  response: SvcGradeResponseSchema,
  job: 'svc-grade',
});

const variants = defineOperation<VariantsRequest>({
  method: 'post',
  path: '/api/variants',
  summary: 'Ranked rewrite variants (send "preview": true for a free example)',
  access: 'paid',
  request: VariantsRequestSchema,
  response: VariantsResponseSchema,
  job: 'variants',
  usesModel: variantsUseModel,
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
