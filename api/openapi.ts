// The published OpenAPI 3.1 document, generated from the same operation rows and zod schemas that
// validate requests and responses. Paid operations carry `x-payment-info` and their 402 challenge;
// each operation says whether this deployment can serve it (`x-available`); `x-discovery` links the
// other discovery documents. Everything but the links, which name the base URL, is built once.
import { z } from 'zod';
import type { Config } from '../shared/config.js';
import { ChallengeBodySchema, ErrorBodySchema } from '../shared/schemas/responses.js';
import { describeLatency, operationFacts, paidFacts, usdString } from './discovery/catalog.js';
import { GUIDANCE } from './discovery/guidance.js';
import { jsonSchema } from './discovery/json-schema.js';
import type { Operation } from './routes/operation.js';

const json = (schema: z.ZodType, io: 'input' | 'output') => ({ 'application/json': { schema: jsonSchema(schema, io) } });

const errorResponse = (description: string) => ({ description, content: json(ErrorBodySchema, 'output') });

const header = (description: string) => ({ description, schema: { type: 'string' } });

const SECURITY: Record<Operation['access'], unknown[]> = {
  free: [],
  public: [],
  paid: [{ x402: [] }, { bearer: [] }],
  subscription: [{ bearer: [] }],
};

/** `/api/score/full/sol` -> `scoreFullSol`. */
const operationId = (path: string) =>
  path
    .replace(/^\/api\//, '')
    .split(/[/-]/)
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');

const PAID_RESPONSES = {
  401: errorResponse('Invalid API key'),
  402: {
    description:
      'Payment required: the x402 challenge. Version 2 in the PAYMENT-REQUIRED header (base64 JSON), version 1 in the body ' +
      '(x402Version, accepts). Sign one entry of accepts and retry with PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1). Also a refused ' +
      'payment (payment_invalid, payment_mismatch, payment_replayed, payment_verification_failed, settlement_failed).',
    headers: { 'PAYMENT-REQUIRED': header('x402 version 2 PaymentRequired, base64 JSON') },
    content: json(ChallengeBodySchema, 'output'),
  },
};

function describeOperation(op: Operation, config: Config) {
  const paid = op.access === 'paid' ? paidFacts(op, config) : undefined;
  const facts = paid ?? operationFacts(op, config);
  const bodies = op.preview ? [op.response, op.preview.schema] : [op.response];
  const ok = bodies.length === 1 ? op.response : z.union(bodies as [z.ZodType, z.ZodType]);
  const price = paid && `Price: ${usdString(paid.route.priceUsd)} USD per call.`;
  const latency = facts && `Latency: ${describeLatency(facts.latency)}.`;
  return {
    operationId: operationId(op.path),
    summary: op.summary,
    ...(facts && { description: [op.summary + '.', price, latency].filter(Boolean).join(' ') }),
    ...(paid && {
      'x-price-usd': paid.route.priceUsd,
      'x-payment-network': paid.route.network,
      'x-payment-info': { price: { mode: 'fixed', amount: usdString(paid.route.priceUsd), currency: 'USD' }, protocols: [{ x402: {} }] },
    }),
    'x-available': facts?.unavailable === undefined,
    ...(facts?.unavailable !== undefined && { 'x-unavailable-reason': facts.unavailable }),
    security: SECURITY[op.access],
    ...(op.request && { requestBody: { required: true, content: json(op.request, 'input') } }),
    responses: {
      200: {
        description: 'Success',
        content: json(ok, 'output'),
        ...(paid && {
          headers: {
            'PAYMENT-RESPONSE': header('x402 version 2 settlement (base64 JSON), when paid with PAYMENT-SIGNATURE'),
            'X-PAYMENT-RESPONSE': header('x402 settlement (base64 JSON), when paid with x402'),
          },
        }),
      },
      400: errorResponse('Invalid request body (with a key or a payment; never charged)'),
      ...(paid && PAID_RESPONSES),
      ...(op.access === 'subscription' && {
        401: errorResponse('Missing or invalid API key'),
        402: errorResponse('Key is on the free tier'),
        429: errorResponse('Per-tier rate limit exceeded'),
      }),
      ...(op.access === 'free' && { 429: errorResponse('Rate limit exceeded') }),
      ...(op.available && { 503: errorResponse('provider_unavailable: no model is configured for this operation (before any challenge)') }),
      504: errorResponse('The work did not finish in time (nothing charged)'),
    },
  };
}

/** The document for a base URL (PUBLIC_BASE_URL or the request's origin). */
export function openApiDocument(operations: readonly Operation[], config: Config): (baseUrl: string) => unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = describeOperation(op, config);
  const { ownershipProofs } = config.x402;
  return (baseUrl) => ({
    openapi: '3.1.0',
    info: {
      title: 'promptgate',
      version: '2.0.0',
      description: `Pre-inference prompt quality gate, paid per call with x402. ${GUIDANCE}`,
      'x-guidance': GUIDANCE,
    },
    servers: [{ url: baseUrl }],
    'x-discovery': {
      llmsTxtUrl: `${baseUrl}/llms.txt`,
      wellKnownUrl: `${baseUrl}/.well-known/x402`,
      mcpUrl: `${baseUrl}/mcp`,
      ...(ownershipProofs.length > 0 && { ownershipProofs }),
    },
    components: {
      securitySchemes: {
        x402: { type: 'apiKey', in: 'header', name: 'X-PAYMENT', description: 'x402 payment proof (v2: PAYMENT-SIGNATURE)' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  });
}
