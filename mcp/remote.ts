// Tool calls relayed to a promptgate service over HTTP, each paid like its HTTP twin: the bearer key
// of the caller, or the x402 payment from `_meta["x402/payment"]` sent as the twin's payment header.
// The service does all verification and settlement (its @x402/core resource server); this only
// changes the framing: the twin's 402 becomes the MCP payment-required result, its receipt header the
// `_meta["x402/payment-response"]`. Used by /mcp on the API (to itself) and by `npx promptgate mcp`
// with PROMPTGATE_URL.
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import { PaymentPayloadSchema } from '@x402/core/schemas';
import type { PaymentPayload, PaymentRequired, SettleResponse } from '@x402/core/types';
import { declareDiscoveryExtension } from '@x402/extensions/bazaar';
import { failure, PAYMENT_META_KEY, paymentRequired, success } from './results.js';
import type { ToolRunner } from './server.js';
import type { McpTool } from './tools.js';

export interface RemoteOptions {
  /** The service, e.g. `https://promptgate.example.com`. */
  baseUrl: string;
  /** Sent as `Authorization` (a bearer key), when there is one. */
  authorization?: string;
  /** Only when the MCP server is reached over HTTP: which transport indexers are told to use. */
  transport?: 'streamable-http';
}

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** The payment a call carries, checked with @x402/core's schema; a string means it is malformed. */
function paymentOf(meta: Record<string, unknown> | undefined): PaymentPayload | string | undefined {
  const raw = meta?.[PAYMENT_META_KEY];
  if (raw === undefined) return undefined;
  const parsed = PaymentPayloadSchema.safeParse(raw);
  return parsed.success ? (parsed.data as PaymentPayload) : `_meta["${PAYMENT_META_KEY}"] is not an x402 payment payload`;
}

/** A Solana payment goes to the `/sol` twin; everything else to the Base path. */
function networkOf(payment: PaymentPayload): string {
  const v1 = payment as unknown as { network?: string };
  return payment.x402Version === 2 ? payment.accepted.network : (v1.network ?? '');
}

function settlementOf(headers: Headers): SettleResponse | undefined {
  const header = headers.get('payment-response') ?? headers.get('x-payment-response');
  return header ? decodePaymentResponseHeader(header) : undefined;
}

export function remoteRunner({ baseUrl, authorization, transport }: RemoteOptions): ToolRunner {
  const base = baseUrl.replace(/\/+$/, '');

  async function post(path: string, args: unknown, headers: Record<string, string>, signal: AbortSignal): Promise<Reply> {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(args),
      signal,
    });
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { error: text.slice(0, 200) || res.statusText, code: 'invalid_response' };
    }
    return { status: res.status, headers: res.headers, body };
  }

  /** The twin's challenge as the tool's: the tool as resource, the Bazaar's MCP form, every network. */
  function toolChallenge(tool: McpTool, challenges: PaymentRequired[]): PaymentRequired {
    const [first, ...others] = challenges as [PaymentRequired, ...PaymentRequired[]];
    const { facts } = tool;
    const bazaar = declareDiscoveryExtension({
      toolName: tool.name,
      description: tool.when,
      ...(transport && { transport }),
      inputSchema: facts.input,
      example: facts.example.request as Record<string, unknown>,
      output: { example: facts.example.response, schema: facts.output },
    });
    return {
      ...first,
      resource: { ...first.resource, url: `mcp://tool/${tool.name}`, description: tool.title },
      accepts: [...first.accepts, ...others.flatMap((c) => c.accepts)],
      extensions: { ...first.extensions, ...bazaar },
    };
  }

  return async ({ tool, args, meta, signal }) => {
    const payment = paymentOf(meta);
    if (typeof payment === 'string') return failure(402, 'payment_invalid', payment);
    const headers: Record<string, string> = authorization ? { authorization } : {};
    if (payment) headers[payment.x402Version === 1 ? 'x-payment' : 'payment-signature'] = encodePaymentSignatureHeader(payment);
    const onSolana = payment !== undefined && networkOf(payment).startsWith('solana') && tool.solanaPath !== undefined;
    const reply = await post(onSolana ? tool.solanaPath! : tool.path, args, headers, signal);

    if (reply.status === 200) return success(reply.body, settlementOf(reply.headers));
    const header = reply.headers.get('payment-required');
    if (reply.status === 402 && header) {
      const challenges = [decodePaymentRequiredHeader(header)];
      // An unpaid call may pay on either network the tool is sold on.
      if (!payment && !authorization && tool.solanaPath) {
        const solana = await post(tool.solanaPath, args, {}, signal);
        const solanaHeader = solana.headers.get('payment-required');
        if (solana.status === 402 && solanaHeader) challenges.push(decodePaymentRequiredHeader(solanaHeader));
      }
      return paymentRequired(toolChallenge(tool, challenges), settlementOf(reply.headers));
    }
    return failure(reply.status, String(reply.body.code ?? 'error'), String(reply.body.error ?? `HTTP ${reply.status}`));
  };
}
