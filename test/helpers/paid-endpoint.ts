// A real HTTP server standing in for a third-party x402 endpoint: it answers unpaid requests with a
// 402 challenge naming its payTo, in the shape a test picks.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenLocal } from './http-server.js';

export interface ChallengeEntry {
  network: string;
  payTo: string;
}

export type EndpointMode =
  /** 402 with a v1 JSON body `{x402Version: 1, accepts}` */
  | 'v1'
  /** 402 with a v2 PAYMENT-REQUIRED header (base64 JSON) and an empty body */
  | 'v2'
  /** POST is 405; GET answers the v1 challenge */
  | 'get-only'
  /** 200 to everything; the wallet is published at /.well-known/x402 */
  | 'well-known'
  /** 200 to everything, no x402 at all */
  | 'plain'
  /** 302 to `redirectTo` */
  | 'redirect'
  /** a v1 challenge followed by far more body than any client should read */
  | 'huge';

export interface PaidEndpointOptions {
  mode: EndpointMode;
  accepts?: ChallengeEntry[];
  redirectTo?: string;
}

export interface PaidEndpoint {
  /** the paid resource */
  url: string;
  /** requests received, as "METHOD /path" */
  hits: string[];
  close(): Promise<void>;
}

const challenge = (version: 1 | 2, accepts: ChallengeEntry[]) => ({
  x402Version: version,
  error: 'payment required',
  accepts: accepts.map((a) => ({
    scheme: 'exact',
    network: a.network,
    ...(version === 1 ? { maxAmountRequired: '10000' } : { amount: '10000' }),
    asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    payTo: a.payTo,
    maxTimeoutSeconds: 60,
  })),
});

export async function startPaidEndpoint({ mode, accepts = [], redirectTo }: PaidEndpointOptions): Promise<PaidEndpoint> {
  const hits: string[] = [];
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    if (req.url === '/.well-known/x402') {
      return mode === 'well-known' ? json(res, 200, { x402Version: 1, accepts }) : json(res, 404, { error: 'not found' });
    }
    switch (mode) {
      case 'v1':
        return json(res, 402, challenge(1, accepts));
      case 'v2': {
        const header = Buffer.from(JSON.stringify(challenge(2, accepts))).toString('base64');
        return json(res, 402, {}, { 'PAYMENT-REQUIRED': header });
      }
      case 'get-only':
        return req.method === 'GET' ? json(res, 402, challenge(1, accepts)) : json(res, 405, { error: 'use GET' });
      case 'redirect':
        return res.writeHead(302, { location: redirectTo ?? '/' }).end();
      case 'huge': {
        res.writeHead(402, { 'content-type': 'application/json' });
        res.write(JSON.stringify(challenge(1, accepts)));
        res.end(' '.repeat(4 * 1024 * 1024));
        return;
      }
      default:
        return json(res, 200, { ok: true });
    }
  });
  return { url: `${await listenLocal(server)}/api/paid`, hits, close: () => closeServer(server) };
}
