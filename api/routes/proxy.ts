// The scored chat-completion proxy and its free model list.
import { ApiError } from '../middleware/errors.js';
import { proxyLlmJob } from '../../shared/jobs.js';
import { POWERED_BY } from '../../shared/schemas/branding.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import { offeredModels, proxyModel, resolveModel } from '../../shared/providers/index.js';
import { ProxyRequestSchema } from '../../shared/schemas/requests.js';
import { ModelListResponseSchema } from '../../shared/schemas/responses.js';
import { asIs, defineHandler, defineOperation, type Operation } from './operation.js';

// A failed provider call is a 200 with `llm.error`, not charged: the job declaration says so.
const proxy = defineOperation({
  method: 'post',
  path: '/api/proxy/llm',
  summary: 'Scored prompt bundled with a chat completion from a model provider',
  access: 'paid',
  request: ProxyRequestSchema,
  job: proxyLlmJob,
  jobInput: asIs,
  // An unknown model is a 400 before anything about payment (SPEC), also when no provider is
  // configured (every model is unknown then); with no model named, `available` answers 503.
  precheck: (input, deps) => {
    if (input.model === undefined) return;
    if (deps.config.providers.list.length === 0) {
      throw new ApiError('unknown_model', `unknown model "${input.model}"; no model is configured on this service`);
    }
    resolveModel(deps.config.providers, input.model);
  },
  available: (input, config) => void proxyModel(config.providers, input?.model),
});

const models = defineHandler({
  method: 'get',
  path: '/api/proxy/llm/models',
  summary: 'Free list of supported model ids and aliases for /api/proxy/llm',
  access: 'public',
  response: ModelListResponseSchema,
  handle: async (_input, { providers }) => ({
    svc_version: SVC_VERSION,
    default_model: providers.roles.proxyDefault?.id ?? null,
    models: offeredModels(providers),
    powered_by: POWERED_BY,
  }),
});

export const proxyOperations: Operation[] = [proxy, models];
