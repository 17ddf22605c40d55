// `npx promptgate mcp`: the MCP server over stdio. With PROMPTGATE_URL its tools call that service
// (PROMPTGATE_API_KEY as a bearer key, or the x402 payment a client puts in `_meta`); without it they
// run on the local engine and the model tools say they need a service. Logs go to stderr: stdout
// carries the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError, loadConfig } from '../shared/config.js';
import { createLogger } from '../shared/logger.js';
import { localRunner } from './local.js';
import { remoteRunner } from './remote.js';
import { createMcpServer } from './server.js';
import { mcpTools } from './tools.js';

export async function runStdio(): Promise<void> {
  let config;
  try {
    // A client of a service, not a service: x402 recipients are the service's business.
    config = loadConfig({ ...process.env, X402_ENABLED: 'false' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`promptgate mcp: ${error.message}\n`);
    process.exit(78);
  }
  const logger = createLogger(config, 'mcp', true);
  const { serviceUrl, apiKey } = config.mcp;
  const runner = serviceUrl
    ? remoteRunner({ baseUrl: serviceUrl, ...(apiKey && { authorization: `Bearer ${apiKey}` }) })
    : localRunner(config, logger);
  const server = createMcpServer(mcpTools(config, serviceUrl ? 'remote' : 'local'), runner);
  await server.connect(new StdioServerTransport());
  logger.info({ service: serviceUrl ?? 'local engine' }, 'promptgate MCP server on stdio');
  // The client closing stdin ends the session.
  process.stdin.once('end', () => void server.close().finally(() => process.exit(0)));
}
