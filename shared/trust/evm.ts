// Reads a wallet's recent USDC income on the EVM chain through viem: Transfer logs to the wallet over
// a bounded window of recent blocks (read in chunks, since RPCs cap log ranges), plus its code.
import { createPublicClient, http, parseAbiItem, type Address, type PublicClient } from 'viem';
import type { ChainEvidence } from './score.js';
import type { TrustConfig } from './env.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Chunk requests in flight at once: enough to hide latency, few enough for public RPC limits. */
const CHUNK_CONCURRENCY = 4;
/** EIP-7702: an EOA that delegated to code carries this prefix and is still a key-held account. */
const DELEGATION_PREFIX = '0xef0100';

export async function readEvmEvidence(wallet: string, config: TrustConfig, signal: AbortSignal): Promise<ChainEvidence> {
  const client = createPublicClient({
    transport: http(config.evmRpcUrl, {
      timeout: config.rpcTimeoutMs,
      retryCount: 0,
      // viem aborts on whichever fires first: its per-request timeout or the caller's signal
      fetchOptions: { signal },
    }),
  });
  const address = wallet as Address;
  const [latest, code] = await Promise.all([client.getBlock({ blockTag: 'latest' }), client.getCode({ address })]);
  const fromBlock = latest.number - BigInt(Math.min(config.evmLogWindowBlocks, Number(latest.number) + 1)) + 1n;
  const logs = await transfersTo(client, address, config, fromBlock, latest.number);
  const payers = new Set(logs.map((l) => l.args.from?.toLowerCase()));
  let observedDays = 0;
  if (logs.length > 0) {
    const oldest = logs.reduce((min, l) => (l.blockNumber < min ? l.blockNumber : min), logs[0]!.blockNumber);
    const first = await client.getBlock({ blockNumber: oldest });
    observedDays = Number(latest.timestamp - first.timestamp) / 86_400;
  }
  return {
    payments: logs.length,
    payers: payers.size,
    errorRate: null,
    observedDays,
    keyHeld: code === undefined || code === '0x' || code.startsWith(DELEGATION_PREFIX),
  };
}

async function transfersTo(client: PublicClient, to: Address, config: TrustConfig, fromBlock: bigint, toBlock: bigint) {
  const chunk = BigInt(config.evmLogChunkBlocks);
  const ranges: Array<[bigint, bigint]> = [];
  for (let end = toBlock; end >= fromBlock; end -= chunk) {
    const start = end - chunk + 1n > fromBlock ? end - chunk + 1n : fromBlock;
    ranges.push([start, end]);
  }
  const logs = [];
  for (let i = 0; i < ranges.length; i += CHUNK_CONCURRENCY) {
    const batch = ranges.slice(i, i + CHUNK_CONCURRENCY).map(([start, end]) =>
      client.getLogs({ address: config.evmUsdcAddress, event: TRANSFER, args: { to }, fromBlock: start, toBlock: end }),
    );
    for (const found of await Promise.all(batch)) logs.push(...found.filter((l) => (l.args.value ?? 0n) > 0n));
  }
  return logs;
}
