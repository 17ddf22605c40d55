// A real EVM JSON-RPC server over HTTP, answering from fixture data a test seeds: the chain head,
// USDC Transfer logs, account code and block timestamps. Also exports the JSON-RPC plumbing that
// solana-rpc.ts reuses.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenLocal } from './http-server.js';
import { pad, toHex } from 'viem';

type Handler = (params: any[]) => unknown;

export interface JsonRpcServer {
  url: string;
  /** requests received, per method */
  calls: Record<string, number>;
  /** when true every request is answered 503: the chain is unreachable */
  down: boolean;
  close(): Promise<void>;
}

/** A JSON-RPC 2.0 server (single and batch requests) dispatching to `handlers` by method name. */
export async function startJsonRpcServer(handlers: Record<string, Handler>): Promise<JsonRpcServer> {
  const answer = (req: { id?: unknown; method?: string; params?: any[] }) => {
    const handler = req.method ? handlers[req.method] : undefined;
    if (!handler) return { jsonrpc: '2.0', id: req.id ?? null, error: { code: -32601, message: `method not found: ${req.method}` } };
    server.calls[req.method!] = (server.calls[req.method!] ?? 0) + 1;
    return { jsonrpc: '2.0', id: req.id ?? null, result: handler(req.params ?? []) };
  };
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (server.down) {
      res.writeHead(503).end('down');
      return;
    }
    const body = JSON.parse(raw);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
  });
  const server: JsonRpcServer = { url: await listenLocal(http), calls: {}, down: false, close: () => closeServer(http) };
  return server;
}

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface EvmTransfer {
  from: string;
  to: string;
  /** USDC atomic units */
  value: bigint;
  block: number;
  /** token contract; defaults to the fixture's usdc */
  token?: string;
}

export interface EvmFixture {
  usdc: string;
  latestBlock: number;
  /** unix seconds of the latest block; earlier blocks are 2 s apart, as on Base */
  latestTimestamp: number;
  transfers: EvmTransfer[];
  /** deployed code per address (lowercase); absent means an EOA */
  code?: Record<string, string>;
}

export const BASE_BLOCK_SECONDS = 2;

export async function startEvmRpc(fixture: EvmFixture): Promise<JsonRpcServer> {
  const timestampOf = (n: number) => fixture.latestTimestamp - (fixture.latestBlock - n) * BASE_BLOCK_SECONDS;
  const blockNumberOf = (tag: string) => (tag === 'latest' ? fixture.latestBlock : Number(BigInt(tag)));
  const block = (n: number) => ({
    number: toHex(n),
    hash: pad(toHex(n), { size: 32 }),
    parentHash: pad(toHex(Math.max(0, n - 1)), { size: 32 }),
    timestamp: toHex(timestampOf(n)),
    gasLimit: '0x1c9c380',
    gasUsed: '0x0',
    baseFeePerGas: '0x1',
    miner: '0x0000000000000000000000000000000000000000',
    transactions: [],
    uncles: [],
  });
  const topicMatches = (want: unknown, have: string) =>
    want === null || want === undefined || (Array.isArray(want) ? want.includes(have) : String(want).toLowerCase() === have);
  return startJsonRpcServer({
    eth_chainId: () => toHex(8453),
    eth_blockNumber: () => toHex(fixture.latestBlock),
    eth_getBlockByNumber: ([tag]) => block(blockNumberOf(tag)),
    eth_getCode: ([address]) => fixture.code?.[String(address).toLowerCase()] ?? '0x',
    eth_getLogs: ([filter]) => {
      const from = blockNumberOf(filter.fromBlock ?? 'latest');
      const to = blockNumberOf(filter.toBlock ?? 'latest');
      const topics: unknown[] = filter.topics ?? [];
      return fixture.transfers.flatMap((t, i) => {
        const token = (t.token ?? fixture.usdc).toLowerCase();
        const log = {
          address: token,
          topics: [TRANSFER_TOPIC, pad(t.from.toLowerCase() as `0x${string}`), pad(t.to.toLowerCase() as `0x${string}`)],
          data: pad(toHex(t.value)),
          blockNumber: toHex(t.block),
          blockHash: pad(toHex(t.block), { size: 32 }),
          transactionHash: pad(toHex(i + 1), { size: 32 }),
          transactionIndex: '0x0',
          logIndex: toHex(i),
          removed: false,
        };
        const inRange = t.block >= from && t.block <= to;
        const sameToken = !filter.address || String(filter.address).toLowerCase() === token;
        const topicsMatch = topics.every((want, k) => topicMatches(want, log.topics[k]!));
        return inRange && sameToken && topicsMatch ? [log] : [];
      });
    },
  });
}
