// The published OpenAPI 3.1 document, generated from the same operation rows and zod schemas
// that validate requests and responses.
import { z } from 'zod';
import { paidRoute } from '../shared/prices.js';
import { ErrorBodySchema } from '../shared/schemas/responses.js';
import type { Operation } from './routes/operation.js';

const json = (schema: z.ZodType, io: 'input' | 'output') => ({
  'application/json': { schema: z.toJSONSchema(schema, { io, unrepresentable: 'any' }) },
});

const errorResponse = (description: string) => ({ description, content: json(ErrorBodySchema, 'output') });

const SECURITY: Record<Operation['access'], unknown[]> = {
  free: [],
  public: [],
  paid: [{ x402: [] }, { bearer: [] }],
  subscription: [{ bearer: [] }],
};

function describeOperation(op: Operation) {
  const price = op.access === 'paid' ? paidRoute(op.path) : undefined;
  const bodies = op.preview ? [op.response, op.preview.schema] : [op.response];
  const ok = bodies.length === 1 ? op.response : z.union(bodies as [z.ZodType, z.ZodType]);
  return {
    summary: op.summary,
    ...(price && { 'x-price-usd': price.priceUsd, 'x-payment-network': price.network }),
    security: SECURITY[op.access],
    ...(op.request && { requestBody: { required: true, content: json(op.request, 'input') } }),
    responses: {
      200: { description: 'Success', content: json(ok, 'output') },
      400: errorResponse('Invalid request body'),
      ...(op.access === 'paid' && {
        401: errorResponse('Invalid API key'),
        402: { description: 'Payment required: x402 challenge (body has x402Version and accepts)' },
      }),
      ...(op.access === 'subscription' && {
        401: errorResponse('Missing or invalid API key'),
        402: errorResponse('Key is on the free tier'),
        429: errorResponse('Per-tier rate limit exceeded'),
      }),
      ...(op.access === 'free' && { 429: errorResponse('Rate limit exceeded') }),
      504: errorResponse('The work did not finish in time (nothing charged)'),
    },
  };
}

export function buildOpenApi(operations: Operation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = describeOperation(op);
  return {
    openapi: '3.1.0',
    info: { title: 'promptgate', version: '2.0.0', description: 'Pre-inference prompt quality gate, paid per call with x402.' },
    components: {
      securitySchemes: {
        x402: { type: 'apiKey', in: 'header', name: 'X-PAYMENT', description: 'x402 payment proof (v2: PAYMENT-SIGNATURE)' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}
