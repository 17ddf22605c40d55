// POST /mcp: the MCP tools over stateless Streamable HTTP (a fresh server and transport per request,
// no session). Each tool call goes to its HTTP twin on this same server, so it is validated, paid
// (the caller's bearer key, or the x402 payment in `_meta`), worked on, settled and audited exactly
// like the twin; the MCP layer only frames it (mcp/remote.ts).
import type { Socket } from 'node:net';
import type Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { remoteRunner } from '../../mcp/remote.js';
import { createMcpServer } from '../../mcp/server.js';
import type { McpTool } from '../../mcp/tools.js';
import { jsonBody } from '../middleware/json-body.js';
import type { ApiDeps } from './operation.js';

/** This server as reached on the socket the request came in on (the twin is a loopback call). */
function selfUrl(socket: Socket): string {
  const host = socket.localAddress ?? '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${socket.localPort}`;
}

export function mountMcp(router: Router, deps: ApiDeps, tools: readonly McpTool[]) {
  // A batch of 10 prompts is the largest argument a tool takes.
  const body = jsonBody(deps.config.http.batchBodyLimitBytes);
  router.post('/mcp', body, async (ctx) => {
    const authorization = ctx.get('authorization');
    const runner = remoteRunner({ baseUrl: selfUrl(ctx.req.socket), transport: 'streamable-http', ...(authorization && { authorization }) });
    const server = createMcpServer(tools, runner);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.res.once('close', () => {
      void transport.close();
      void server.close();
    });
    // The transport writes the response itself; headers set so far (request id, CORS) stay on it.
    ctx.respond = false;
    ctx.status = 200;
    try {
      await server.connect(transport);
      await transport.handleRequest(ctx.req, ctx.res, ctx.state.body);
    } catch (error) {
      if (ctx.res.headersSent) return void ctx.res.destroy(error as Error);
      // Nothing written yet: the error handler answers it like any other.
      ctx.respond = true;
      throw error;
    }
  });
}
