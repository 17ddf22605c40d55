// A worker process's /metrics on its own port (METRICS_PORT): workers serve no public HTTP, so
// Prometheus scrapes each one here. With ADMIN_TOKEN set it wants `Authorization: Bearer <token>`,
// like the API's /metrics.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { adminTokenMatches, bearerToken } from '../shared/credentials.js';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(registry: Registry, port: number, host: string, adminToken: string | undefined): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics').pathname;
    const answer = (status: number, code: string, error: string) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error, code }));
    };
    if (path !== '/metrics') return answer(404, 'not_found', 'only /metrics is served here');
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, 'method_not_allowed', 'GET /metrics');
    if (adminToken && !adminTokenMatches(bearerToken(req.headers.authorization ?? ''), adminToken)) {
      return answer(401, 'invalid_api_key', 'admin token required: Authorization: Bearer <ADMIN_TOKEN>');
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => answer(500, 'internal', 'metrics could not be collected'),
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${bound}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
