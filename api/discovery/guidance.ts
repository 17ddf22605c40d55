// The few sentences an agent needs before its first call, published as OpenAPI `info.description`,
// the `instructions` of /.well-known/x402 and the opening of /llms.txt.
export const GUIDANCE = [
  'promptgate is a prompt quality gate: call it before you spend money on inference.',
  'POST /api/score/free scores a prompt for free (5 calls a minute); every other operation is paid per call.',
  'Pay with x402: call without payment, take the 402 challenge (the PAYMENT-REQUIRED header for x402 version 2, the JSON body for version 1),',
  'sign one entry of `accepts` and send the same request again with PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1). Or send Authorization: Bearer <API key>.',
  'A call is charged only when it answers 200. With a key or a payment a bad body is a 400 and is never charged;',
  'without either, the 402 challenge names what is wrong with the body. 503 provider_unavailable means this deployment cannot do that operation: do not pay for it.',
  'The same operations are MCP tools at /mcp (Streamable HTTP, stateless) and through `npx promptgate mcp` (stdio).',
].join(' ');
