// The scored chat-completion proxy and its free model list.
import { AppError } from '../../shared/errors.js';
import { listModels, proxyModel, resolveModel } from '../../shared/providers/index.js';
import { ProxyRequestSchema, type ProxyRequest } from '../../shared/schemas/requests.js';
import { ModelListResponseSchema, ProxyResponseSchema, type ProxyResponse } from '../../shared/schemas/responses.js';
import { defineOperation, type Operation } from './operation.js';

const proxy = defineOperation<ProxyRequest>({
  method: 'post',
  path: '/api/proxy/llm',
  summary: 'Scored prompt bundled with a chat completion from a model provider',
  access: 'paid',
  request: ProxyRequestSchema,
  response: ProxyResponseSchema,
  job: 'proxy.llm',
  // An unknown model is a 400 before anything about payment (SPEC), also when no provider is
  // configured (every model is unknown then); with no model named, `available` answers 503.
  precheck: (input, deps) => {
    if (input.model === undefined) return;
    if (deps.config.providers.list.length === 0) {
      throw new AppError(400, 'unknown_model', `unknown model "${input.model}"; no model is configured on this service`);
    }
    resolveModel(deps.config.providers, input.model);
  },
  available: (input, config) => void proxyModel(config.providers, input?.model),
  handle: async (input, deps, ctx) => {
    const result = (await deps.facade.run('proxy.llm', input, { requestId: ctx.state.requestId as string })) as ProxyResponse;
    // SPEC: a failed provider call is a 200 with llm.error; we also do not charge for it.
    if ('error' in result.llm) ctx.state.notCharged = 'provider_failed';
    return result;
  },
});

const models = defineOperation<unknown>({
  method: 'get',
  path: '/api/proxy/llm/models',
  summary: 'Free list of supported model ids and aliases for /api/proxy/llm',
  access: 'public',
  response: ModelListResponseSchema,
  handle: async (_input, deps) => listModels(deps.config.providers),
});

export const proxyOperations: Operation[] = [proxy, models];
