// The discovery metadata a route's 402 challenge carries, so x402 indexers (which skip a challenge
// with no input schema) can list it: the Bazaar extension of `@x402/extensions` in version 2 (a JSON
// body, an example, the input schema, an output example and schema; the resource server's Bazaar
// extension adds the method) and, in version 1, `outputSchema.input` with the body fields and
// `discoverable: true`.
import type { HTTPRequestContext } from '@x402/core/http';
import { declareDiscoveryExtension } from '@x402/extensions/bazaar';
import type { RouteDiscovery } from '../payments/gateway.js';
import type { PaidFacts } from './catalog.js';
import type { JsonSchema } from './json-schema.js';

export const SERVICE_NAME = 'promptgate';
/** Catalogue tags (at most 5, printable ASCII, 32 characters each). */
export const SERVICE_TAGS = ['prompt-quality', 'prompt-injection', 'llm', 'agents', 'preflight'];

/** The request the challenge describes: a POST to the route's path. */
function requestContext(path: string): HTTPRequestContext {
  return {
    path,
    method: 'POST',
    adapter: {
      getHeader: () => undefined,
      getMethod: () => 'POST',
      getPath: () => path,
      getUrl: () => path,
      getAcceptHeader: () => 'application/json',
      getUserAgent: () => '',
    },
  };
}

/** Version 1 body fields: each property's schema, marked `required: true` when the body needs it. */
function bodyFields(input: JsonSchema): Record<string, unknown> {
  const required = new Set((input.required as string[] | undefined) ?? []);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, { ...schema, required: required.has(name) }]));
}

export function routeDiscovery(facts: PaidFacts): RouteDiscovery {
  const { input, output, example, route } = facts;
  return {
    extensions: declareDiscoveryExtension({
      bodyType: 'json',
      input: example.request as Record<string, unknown>,
      inputSchema: input,
      output: { example: example.response, schema: output },
    }),
    outputSchema: {
      input: {
        type: 'http',
        method: 'POST',
        bodyType: 'json',
        discoverable: true,
        bodyFields: bodyFields(input),
      },
      output,
    },
    context: requestContext(route.path),
    resource: { serviceName: SERVICE_NAME, tags: SERVICE_TAGS },
  };
}
