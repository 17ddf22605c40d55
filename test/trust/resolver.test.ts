// Endpoint trust end to end against real servers: a paid endpoint that challenges, and JSON-RPC
// nodes for Base and Solana seeded with payment histories.
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.js';
import { EndpointTrustSchema } from '../../shared/schemas/responses.js';
import { createTrustResolver, type TrustResolver } from '../../shared/trust/index.js';
import { BASE_BLOCK_SECONDS, startEvmRpc, type EvmTransfer } from '../helpers/evm-rpc.js';
import { startPaidEndpoint, type EndpointMode } from '../helpers/paid-endpoint.js';
import { startSolanaRpc, type SolanaSignature } from '../helpers/solana-rpc.js';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const WALLET = '0x2222222222222222222222222222222222222222';
const LATEST_BLOCK = 20_000_000;
const NOW_S = 1_750_000_000;
const DAY_BLOCKS = 86_400 / BASE_BLOCK_SECONDS;

const closers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c.close()));
});
const track = <T extends { close(): Promise<void> }>(x: T): T => (closers.push(x), x);

const payer = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}`;
/** `count` USDC payments to WALLET from `payers` distinct payers, spread over the last `days`. */
const history = (count: number, payers: number, days: number): EvmTransfer[] =>
  Array.from({ length: count }, (_, i) => ({
    from: payer(i % payers),
    to: WALLET,
    value: 10_000n,
    block: LATEST_BLOCK - Math.floor((days * DAY_BLOCKS * i) / Math.max(1, count - 1)),
  }));

async function setup(opts: {
  mode: EndpointMode;
  accepts?: Array<{ network: string; payTo: string }>;
  transfers?: EvmTransfer[];
  code?: Record<string, string>;
  signatures?: Record<string, SolanaSignature[]>;
  env?: Record<string, string>;
}) {
  const evm = track(await startEvmRpc({ usdc: USDC, latestBlock: LATEST_BLOCK, latestTimestamp: NOW_S, transfers: opts.transfers ?? [], code: opts.code }));
  const sol = track(await startSolanaRpc(opts.signatures ?? {}));
  const endpoint = track(await startPaidEndpoint({ mode: opts.mode, accepts: opts.accepts ?? [{ network: 'base', payTo: WALLET }] }));
  let clock = NOW_S * 1000;
  const config = loadConfig({
    X402_ENABLED: 'false',
    EVM_RPC_URL: evm.url,
    SOLANA_RPC_URL: sol.url,
    TRUST_ALLOW_PRIVATE_HOSTS: 'true',
    TRUST_HTTP_TIMEOUT_MS: '1000',
    TRUST_RPC_TIMEOUT_MS: '1000',
    // 40 days of Base blocks, read in 8 chunks
    TRUST_EVM_LOG_WINDOW_BLOCKS: String(40 * DAY_BLOCKS),
    TRUST_EVM_LOG_CHUNK_BLOCKS: String(5 * DAY_BLOCKS),
    ...opts.env,
  });
  const resolver = createTrustResolver(config.trust, { now: () => clock });
  const advance = (ms: number) => (clock += ms);
  return { evm, sol, endpoint, resolver, config, advance };
}

const resolve = (r: TrustResolver, url: string, chain: 'base' | 'solana' = 'base') => r.resolve(url, chain, new AbortController().signal);

describe('trust resolver on Base', () => {
  it('reads the v1 challenge and scores a wide, old history as trusted', async () => {
    const { resolver, endpoint, evm } = await setup({ mode: 'v1', transfers: history(120, 60, 35) });
    const trust = await resolve(resolver, endpoint.url);
    expect(EndpointTrustSchema.parse(trust)).toEqual({ wallet: WALLET, trust_score: 100, trust_label: 'trusted', resolution_source: 'x402_challenge' });
    expect(endpoint.hits).toEqual(['POST /api/paid']);
    expect(evm.calls.eth_getLogs).toBe(8);
  });

  it('ignores transfers of other tokens and outside the window', async () => {
    const fake = { from: payer(1), to: WALLET, value: 5n, block: LATEST_BLOCK, token: '0x9999999999999999999999999999999999999999' };
    const ancient = { from: payer(2), to: WALLET, value: 5n, block: LATEST_BLOCK - 50 * DAY_BLOCKS };
    const { resolver, endpoint } = await setup({ mode: 'v1', transfers: [fake, ancient] });
    expect(await resolve(resolver, endpoint.url)).toMatchObject({ trust_score: 35, trust_label: 'new' });
  });

  it('reads the v2 PAYMENT-REQUIRED header', async () => {
    const { resolver, endpoint } = await setup({ mode: 'v2', accepts: [{ network: 'eip155:8453', payTo: WALLET }], transfers: history(10, 5, 10) });
    expect(await resolve(resolver, endpoint.url)).toMatchObject({ wallet: WALLET, trust_label: 'established', resolution_source: 'x402_header' });
  });

  it('falls back to GET when POST is not accepted, then to /.well-known/x402', async () => {
    const getOnly = await setup({ mode: 'get-only' });
    expect(await resolve(getOnly.resolver, getOnly.endpoint.url)).toMatchObject({ wallet: WALLET, resolution_source: 'x402_challenge' });
    expect(getOnly.endpoint.hits).toEqual(['POST /api/paid', 'GET /api/paid']);
    const wellKnown = await setup({ mode: 'well-known' });
    expect(await resolve(wellKnown.resolver, wellKnown.endpoint.url)).toMatchObject({ wallet: WALLET, resolution_source: 'well_known' });
  });

  it('follows redirects to the challenging endpoint', async () => {
    const target = track(await startPaidEndpoint({ mode: 'v1', accepts: [{ network: 'base', payTo: WALLET }] }));
    const { resolver, endpoint } = await setup({ mode: 'redirect', env: {} });
    const redirecting = track(await startPaidEndpoint({ mode: 'redirect', redirectTo: target.url }));
    expect(await resolve(resolver, redirecting.url)).toMatchObject({ wallet: WALLET, resolution_source: 'x402_challenge' });
    expect(endpoint.hits).toEqual([]);
  });

  it('reports an endpoint without x402 as unresolved, with no wallet', async () => {
    const { resolver, endpoint } = await setup({ mode: 'plain' });
    expect(await resolve(resolver, endpoint.url)).toEqual({ wallet: '', trust_score: 0, trust_label: 'unresolved', resolution_source: 'unresolved' });
  });

  it('degrades to unknown when the chain cannot be read', async () => {
    const { resolver, endpoint, evm } = await setup({ mode: 'v1' });
    evm.down = true;
    expect(await resolve(resolver, endpoint.url)).toEqual({ wallet: WALLET, trust_score: 20, trust_label: 'unknown', resolution_source: 'x402_challenge' });
  });

  it('reports a wallet on a network it does not read as unknown', async () => {
    const { resolver, endpoint } = await setup({ mode: 'v1', accepts: [{ network: 'base-sepolia', payTo: WALLET }] });
    expect(await resolve(resolver, endpoint.url)).toMatchObject({ wallet: WALLET, trust_label: 'unknown' });
  });

  it('calls a burn address or the token contract itself untrusted', async () => {
    for (const payTo of ['0x0000000000000000000000000000000000000000', USDC]) {
      const { resolver, endpoint } = await setup({ mode: 'v1', accepts: [{ network: 'base', payTo }] });
      expect(await resolve(resolver, endpoint.url)).toMatchObject({ wallet: payTo, trust_score: 0, trust_label: 'untrusted' });
    }
  });

  it('scores a contract below a key-held wallet, but treats an EIP-7702 delegated EOA as key-held', async () => {
    const contract = await setup({ mode: 'v1', code: { [WALLET]: '0x6080604052' } });
    expect(await resolve(contract.resolver, contract.endpoint.url)).toMatchObject({ trust_score: 30 });
    const delegated = await setup({ mode: 'v1', code: { [WALLET]: `0xef0100${'ab'.repeat(20)}` } });
    expect(await resolve(delegated.resolver, delegated.endpoint.url)).toMatchObject({ trust_score: 35 });
  });

  it('does not let a single payer fake an established history', async () => {
    const { resolver, endpoint } = await setup({ mode: 'v1', transfers: history(100, 1, 30) });
    expect(await resolve(resolver, endpoint.url)).toMatchObject({ trust_label: 'new' });
  });
});

describe('trust resolver on Solana', () => {
  const owner = Keypair.generate().publicKey;
  const tokenAccount = PublicKey.findProgramAddressSync(
    [owner.toBuffer(), new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA').toBuffer(), new PublicKey(USDC_MINT).toBuffer()],
    new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
  )[0];
  const sigs = (n: number, days: number, failed = 0, prefix = 's'): SolanaSignature[] =>
    Array.from({ length: n }, (_, i) => ({
      signature: `${prefix}${i}`.padEnd(88, '1'),
      slot: 300_000_000 - i,
      blockTime: NOW_S - Math.floor((days * 86_400 * i) / Math.max(1, n - 1)),
      failed: i < failed,
    }));
  const accepts = [
    { network: 'base', payTo: WALLET },
    { network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', payTo: owner.toBase58() },
  ];

  it('prefers the Solana entry for /sol and counts payments to the USDC token account', async () => {
    const { resolver, endpoint, sol } = await setup({
      mode: 'v2',
      accepts,
      signatures: { [tokenAccount.toBase58()]: sigs(150, 40), [owner.toBase58()]: sigs(3, 1, 0, 'o') },
    });
    expect(await resolve(resolver, endpoint.url, 'solana')).toEqual({
      wallet: owner.toBase58(),
      trust_score: 100,
      trust_label: 'trusted',
      resolution_source: 'x402_header',
    });
    expect(sol.calls.getSignaturesForAddress).toBe(2);
  });

  it('marks down a wallet whose transactions mostly fail', async () => {
    const { resolver, endpoint } = await setup({ mode: 'v2', accepts, signatures: { [tokenAccount.toBase58()]: sigs(150, 40, 120) } });
    expect(await resolve(resolver, endpoint.url, 'solana')).toMatchObject({ trust_label: 'new' });
  });

  it('reads the Base entry when the endpoint accepts only Base, even for /sol', async () => {
    const { resolver, endpoint } = await setup({ mode: 'v1', transfers: history(10, 5, 10) });
    expect(await resolve(resolver, endpoint.url, 'solana')).toMatchObject({ wallet: WALLET, trust_label: 'established' });
  });

  it('degrades to unknown when the Solana node is down', async () => {
    const { resolver, endpoint, sol } = await setup({ mode: 'v2', accepts });
    sol.down = true;
    expect(await resolve(resolver, endpoint.url, 'solana')).toMatchObject({ wallet: owner.toBase58(), trust_label: 'unknown', trust_score: 20 });
  });
});

describe('trust resolver policy', () => {
  it('caches answers for the TTL, and degraded answers for a tenth of it', async () => {
    const { resolver, endpoint, evm, advance } = await setup({ mode: 'v1', env: { TRUST_CACHE_TTL_MS: '60000' } });
    await resolve(resolver, endpoint.url);
    await resolve(resolver, endpoint.url);
    expect(endpoint.hits).toHaveLength(1);
    advance(60_001);
    evm.down = true;
    expect(await resolve(resolver, endpoint.url)).toMatchObject({ trust_label: 'unknown' });
    expect(endpoint.hits).toHaveLength(2);
    advance(5_000);
    await resolve(resolver, endpoint.url);
    expect(endpoint.hits).toHaveLength(2);
    advance(1_001);
    evm.down = false;
    expect(await resolve(resolver, endpoint.url)).toMatchObject({ trust_label: 'new' });
    expect(endpoint.hits).toHaveLength(3);
  });

  it('keeps Base and Solana answers apart in the cache', async () => {
    const { resolver, endpoint } = await setup({ mode: 'v1' });
    await resolve(resolver, endpoint.url, 'base');
    await resolve(resolver, endpoint.url, 'solana');
    expect(endpoint.hits).toHaveLength(2);
  });

  it('refuses private hosts unless allowed, without contacting them', async () => {
    const { endpoint } = await setup({ mode: 'v1' });
    const strict = createTrustResolver(loadConfig({ X402_ENABLED: 'false' }).trust);
    expect(await resolve(strict, endpoint.url)).toEqual({ wallet: '', trust_score: 0, trust_label: 'untrusted', resolution_source: 'refused_private_host' });
    expect(endpoint.hits).toEqual([]);
  });

  it('never throws: an unreachable endpoint is unresolved, an aborted call is not cached', async () => {
    const { resolver, endpoint } = await setup({ mode: 'v1' });
    expect(await resolve(resolver, 'http://127.0.0.1:9/none')).toMatchObject({ trust_label: 'unresolved' });
    const aborted = new AbortController();
    aborted.abort();
    expect(EndpointTrustSchema.safeParse(await resolver.resolve(endpoint.url, 'base', aborted.signal)).success).toBe(true);
    expect(await resolve(resolver, endpoint.url)).toMatchObject({ wallet: WALLET, trust_label: 'new' });
  });

  it('reads a capped body from an endpoint that streams megabytes', async () => {
    const { resolver, endpoint } = await setup({ mode: 'huge' });
    expect(await resolve(resolver, endpoint.url)).toMatchObject({ wallet: WALLET, resolution_source: 'x402_challenge' });
  });
});
