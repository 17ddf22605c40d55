// GET /.well-known/x402, built from the paid catalog: every paid URL, each with its method, price,
// payment requirements (the same the challenge carries), schemas, example and availability.
import type { Config } from '../../shared/config.js';
import { usdToAtomic } from '../../shared/prices.js';
import type { WellKnownX402 } from '../../shared/schemas/discovery.js';
import type { RouteDiscovery } from '../payments/gateway.js';
import type { PaymentDeps } from '../payments/index.js';
import type { PaidFacts } from './catalog.js';
import { usdString } from './catalog.js';
import { GUIDANCE } from './guidance.js';

export interface DiscoveredRoute {
  facts: PaidFacts;
  discovery: RouteDiscovery;
}

export async function wellKnownDocument(
  routes: readonly DiscoveredRoute[],
  config: Config,
  payments: PaymentDeps['payments'],
  baseUrl: string,
  tools: readonly string[],
): Promise<WellKnownX402> {
  const items = await Promise.all(
    routes.map(async ({ facts, discovery }) => {
      const { route, latency } = facts;
      const offer = payments && (await payments.offer(route, latency.timeoutMs, baseUrl, discovery));
      return {
        resource: baseUrl + route.path,
        type: 'http' as const,
        method: 'POST' as const,
        description: facts.op.summary,
        mimeType: 'application/json' as const,
        price: { amount: usdString(route.priceUsd), currency: 'USD' as const, atomic: usdToAtomic(route.priceUsd) },
        x402Version: 2 as const,
        accepts: offer ? [offer.v2] : [],
        inputSchema: facts.input,
        outputSchema: facts.output,
        example: facts.example,
        latency,
        available: facts.unavailable === undefined,
        ...(facts.unavailable !== undefined && { unavailableReason: facts.unavailable }),
      };
    }),
  );
  const { ownershipProofs } = config.x402;
  return {
    version: 1,
    resources: items.map((item) => item.resource),
    ...(ownershipProofs.length > 0 && { ownershipProofs }),
    instructions: payments ? GUIDANCE : `x402 is switched off on this deployment: call with Authorization: Bearer <API key>. ${GUIDANCE}`,
    items,
    openapi: `${baseUrl}/openapi.json`,
    llmsTxt: `${baseUrl}/llms.txt`,
    mcp: { url: `${baseUrl}/mcp`, transport: 'streamable-http', tools: [...tools] },
  };
}
