// Tool results, and the x402 framing of the MCP transport (x402 specs/transports-v2/mcp.md, as the
// reference @x402/mcp package writes it): an unpaid call is a tool error whose `structuredContent` is
// the PaymentRequired and whose text is the same JSON; the payment comes in `_meta["x402/payment"]`;
// the settlement goes back in `_meta["x402/payment-response"]`.
import type { PaymentRequired, SettleResponse } from '@x402/core/types';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const PAYMENT_META_KEY = 'x402/payment';
export const PAYMENT_RESPONSE_META_KEY = 'x402/payment-response';

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
    structuredContent: { status, code, error },
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
