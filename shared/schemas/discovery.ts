// GET /.well-known/x402: the x402 discovery document as indexers read it (`version`, `resources`, the
// optional `ownershipProofs`, `instructions`), plus one entry per paid resource with what a client
// needs to call and pay it without a probe.
import { z } from 'zod';

const JsonSchemaObject = z.record(z.string(), z.unknown());

export const WellKnownItemSchema = z.object({
  resource: z.url(),
  type: z.literal('http'),
  method: z.literal('POST'),
  description: z.string(),
  mimeType: z.literal('application/json'),
  /** The price per call: `amount` in USD, `atomic` in USDC atomic units (6 decimals). */
  price: z.object({ amount: z.string(), currency: z.literal('USD'), atomic: z.string().regex(/^\d+$/) }),
  /** x402 version 2 payment requirements (network, asset, payTo, amount); empty when x402 is off. */
  x402Version: z.literal(2),
  accepts: z.array(z.looseObject({ scheme: z.string(), network: z.string(), amount: z.string(), asset: z.string(), payTo: z.string() })),
  inputSchema: JsonSchemaObject,
  outputSchema: JsonSchemaObject,
  example: z.object({ request: z.unknown(), response: z.unknown() }),
  latency: z.object({ class: z.enum(['fast', 'moderate', 'slow']), timeoutMs: z.number().int().positive() }),
  /** False when this deployment cannot serve it (no model configured): it answers 503, never a challenge. */
  available: z.boolean(),
  unavailableReason: z.string().optional(),
});

export const WellKnownX402Schema = z.object({
  version: z.literal(1),
  resources: z.array(z.url()),
  ownershipProofs: z.array(z.string()).optional(),
  instructions: z.string(),
  items: z.array(WellKnownItemSchema),
  openapi: z.url(),
  llmsTxt: z.url(),
  mcp: z.object({ url: z.url(), transport: z.literal('streamable-http'), tools: z.array(z.string()) }),
});
export type WellKnownX402 = z.infer<typeof WellKnownX402Schema>;
