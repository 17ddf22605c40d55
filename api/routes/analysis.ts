// Model-backed analyses: full rewrite-and-run, two-provider comparison, subscription optimize.
// Each checks its models are configured before auth and before any challenge, so an unconfigured
// service answers 503 at once and never asks anyone to pay.
import { scoreCompareJob, scoreFullJob } from '../../shared/jobs.js';
import { compareModels, roleModel } from '../../shared/providers/index.js';
import { ScoreRequestSchema } from '../../shared/schemas/requests.js';
import { OptimizeResponseSchema } from '../../shared/schemas/responses.js';
import { asIs, defineOperation, solanaTwin, type Operation } from './operation.js';

const full = defineOperation({
  method: 'post',
  path: '/api/score/full',
  summary: 'Full analysis: rewrite the prompt, score and run both versions',
  access: 'paid',
  request: ScoreRequestSchema,
  job: scoreFullJob,
  jobInput: asIs,
  available: (_input, config) => void roleModel(config.providers, 'run'),
});

const compare = defineOperation({
  method: 'post',
  path: '/api/score/compare',
  summary: 'Outputs of two providers compared, judged by a third model',
  access: 'paid',
  request: ScoreRequestSchema,
  job: scoreCompareJob,
  jobInput: asIs,
  available: (_input, config) => void compareModels(config.providers),
});

const optimize: Operation = {
  ...full,
  path: '/api/v1/optimize',
  summary: 'Subscription full optimization (bearer key with a paid tier)',
  access: 'subscription',
  response: OptimizeResponseSchema,
};

export const analysisOperations: Operation[] = [full, solanaTwin(full), compare, solanaTwin(compare), optimize];
