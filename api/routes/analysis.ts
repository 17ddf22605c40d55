// Model-backed analyses: full rewrite-and-run, two-provider comparison, subscription optimize.
// Each checks its models are configured before auth and before any challenge, so an unconfigured
// service answers 503 at once and never asks anyone to pay.
import { compareModels, roleModel } from '../../shared/providers/index.js';
import { ScoreRequestSchema, type ScoreRequest } from '../../shared/schemas/requests.js';
import { CompareResponseSchema, FullResponseSchema, OptimizeResponseSchema } from '../../shared/schemas/responses.js';
import { defineOperation, solanaTwin, type Operation } from './operation.js';

const full = defineOperation<ScoreRequest>({
  method: 'post',
  path: '/api/score/full',
  summary: 'Full analysis: rewrite the prompt, score and run both versions',
  access: 'paid',
  request: ScoreRequestSchema,
  response: FullResponseSchema,
  job: 'score.full',
  available: (_input, config) => void roleModel(config.providers, 'run'),
});

const compare = defineOperation<ScoreRequest>({
  method: 'post',
  path: '/api/score/compare',
  summary: 'Outputs of two providers compared, judged by a third model',
  access: 'paid',
  request: ScoreRequestSchema,
  response: CompareResponseSchema,
  job: 'score.compare',
  available: (_input, config) => void compareModels(config.providers),
});

const optimize = defineOperation<ScoreRequest>({
  ...full,
  path: '/api/v1/optimize',
  summary: 'Subscription full optimization (bearer key with a paid tier)',
  access: 'subscription',
  response: OptimizeResponseSchema,
});

export const analysisOperations: Operation[] = [full, solanaTwin(full), compare, solanaTwin(compare), optimize];
