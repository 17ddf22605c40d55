// zod schemas as JSON Schema (draft 2020-12) for the documents that publish them: OpenAPI, the
// Bazaar extension, /.well-known/x402, the MCP tools. Embedded schemas carry no `$schema` of their own.
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * `input`: what a client may send (defaults optional); `output`: what the service answers. `draft-7`
 * for readers that validate with draft 7 (the MCP SDK's tool schemas).
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output', target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, target, unrepresentable: 'any' });
  return rest;
}
