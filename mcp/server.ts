// One MCP server over the tools, whatever does their work (a service over HTTP, or the local engine)
// and whatever carries the protocol (stdio, or stateless Streamable HTTP at /mcp).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import pkg from '../package.json' with { type: 'json' };
import { GUIDANCE } from '../api/discovery/guidance.js';
import type { McpTool } from './tools.js';

export interface ToolCall {
  tool: McpTool;
  /** Validated against the tool's input schema by the SDK. */
  args: Record<string, unknown>;
  /** The request's `_meta` (an x402 payment travels in it). */
  meta: Record<string, unknown> | undefined;
  /** Aborted when the MCP client cancels or goes away. */
  signal: AbortSignal;
}

export type ToolRunner = (call: ToolCall) => Promise<CallToolResult>;

export function createMcpServer(tools: readonly McpTool[], run: ToolRunner): McpServer {
  const server = new McpServer({ name: 'promptgate', version: pkg.version }, { instructions: GUIDANCE });
  for (const tool of tools) {
    const callsOut = !tool.offline || tool.name === 'preflight';
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.facts.request,
        outputSchema: tool.output,
        annotations: {
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          // The engine answers the same input the same way; models do not.
          idempotentHint: tool.offline,
          // Models, endpoints and chains are outside this service.
          openWorldHint: callsOut,
        },
        _meta: { 'promptgate/price_usd': tool.priceUsd, 'promptgate/http': `POST ${tool.path}` },
      },
      (args, extra) => run({ tool, args: args as Record<string, unknown>, meta: extra._meta, signal: extra.signal }),
    );
  }
  return server;
}
