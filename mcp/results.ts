// Tool results, and the x402 framing of the MCP transport (x402 specs/transports-v2/mcp.md, as the
// reference @x402/mcp package writes it): an unpaid call is a tool error whose `structuredContent` is
// the PaymentRequired and whose text is the same JSON; the payment comes in `_meta["x402/payment"]`;
// the settlement goes back in `_meta["x402/payment-response"]`.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PaymentRequired, SettleResponse } from '@x402/core/types';
import { z } from 'zod';
import { jsonSchema } from '../api/discovery/json-schema.js';

export const PAYMENT_META_KEY = 'x402/payment';
export const PAYMENT_RESPONSE_META_KEY = 'x402/payment-response';

/** The `structuredContent` of an unpaid call (x402 version 2 PaymentRequired), or of a failed settlement. */
export const PaymentRequiredContentSchema = z.looseObject({
  x402Version: z.literal(2),
  error: z.string().optional(),
  resource: z.looseObject({ url: z.string() }),
  accepts: z
    .array(z.looseObject({ scheme: z.string(), network: z.string(), amount: z.string(), asset: z.string(), payTo: z.string(), maxTimeoutSeconds: z.number() }))
    .min(1),
  extensions: z.record(z.string(), z.unknown()).optional(),
  [PAYMENT_RESPONSE_META_KEY]: z.looseObject({ success: z.boolean() }).optional(),
});

/** The `structuredContent` of any other refusal: what the HTTP twin would answer. */
export const ToolErrorContentSchema = z.object({ status: z.number().int(), code: z.string(), error: z.string() });

/**
 * A tool's declared output: its 200 body, checked strictly when the tool succeeds; the JSON Schema
 * also admits what a tool error carries (the challenge, or `{status, code, error}`), since MCP
 * clients validate `structuredContent` against it on errors too (the SDK's client does).
 */
export function toolOutputSchema(response: z.ZodType) {
  if (!(response instanceof z.ZodObject)) throw new Error('a tool output must be an object schema');
  const outcomes = [response, PaymentRequiredContentSchema, ToolErrorContentSchema].map((s) => jsonSchema(s, 'output', 'draft-7'));
  return z
    .looseObject(response.partial().shape)
    .superRefine((value, ctx) => {
      for (const issue of response.safeParse(value).error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    })
    .meta({ anyOf: outcomes });
}

/** A tool's 200 body, with the settlement when the call was paid with x402. */
export function success(body: Record<string, unknown>, settlement?: SettleResponse): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(body) }],
    structuredContent: body,
    ...(settlement && { _meta: { [PAYMENT_RESPONSE_META_KEY]: settlement } }),
  };
}

/** A refusal, with the HTTP status and stable code its HTTP twin would answer. */
export function failure(status: number, code: string, error: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${error} (${status} ${code})` }],
    structuredContent: { status, code, error } satisfies z.infer<typeof ToolErrorContentSchema>,
  };
}

/** The challenge; after a failed settlement it also carries that settlement. */
export function paymentRequired(required: PaymentRequired, settlement?: SettleResponse): CallToolResult {
  const data = settlement ? { ...required, [PAYMENT_RESPONSE_META_KEY]: settlement } : required;
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(data) }],
    structuredContent: data as unknown as Record<string, unknown>,
  };
}
