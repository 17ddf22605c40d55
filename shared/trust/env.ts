// Environment variables of endpoint trust scoring; composed into shared/config.ts. Defaults target
// Base mainnet and Solana mainnet public RPCs; docs/preflight.md explains each knob.
import { z } from 'zod';
import { bool, httpUrl, int } from '../env-fields.js';


export const trustEnvShape = {
  EVM_RPC_URL: httpUrl.default('https://mainnet.base.org'),
  SOLANA_RPC_URL: httpUrl.default('https://api.mainnet-beta.solana.com'),
  /** Only for tests and private deployments: lets endpoint_url name loopback or private hosts. */
  TRUST_ALLOW_PRIVATE_HOSTS: bool(false),
  TRUST_HTTP_TIMEOUT_MS: int(3_000, 100, 60_000),
  TRUST_RPC_TIMEOUT_MS: int(5_000, 100, 60_000),
  TRUST_MAX_RESPONSE_BYTES: int(65_536, 1_024, 1_048_576),
  TRUST_CACHE_TTL_MS: int(600_000, 0, 86_400_000),
  TRUST_CACHE_MAX_ENTRIES: int(1_000, 1, 1_000_000),
  TRUST_EVM_USDC_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
    .default('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
  /** ~2.3 days of Base blocks; the age signal can never exceed the window (see docs/preflight.md). */
  TRUST_EVM_LOG_WINDOW_BLOCKS: int(100_000, 1, 100_000_000),
  /** Public RPCs cap eth_getLogs ranges; the window is read in chunks of this size. */
  TRUST_EVM_LOG_CHUNK_BLOCKS: int(10_000, 1, 10_000_000),
  TRUST_SOLANA_USDC_MINT: z.string().min(32).max(44).default('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  TRUST_SOLANA_SIGNATURE_LIMIT: int(1_000, 1, 1_000),
  /** Observed history this old earns the full age points. */
  TRUST_AGE_FULL_DAYS: int(30, 1, 3_650),
};

type TrustEnv = z.output<z.ZodObject<typeof trustEnvShape>>;

export function buildTrustConfig(env: TrustEnv) {
  return {
    evmRpcUrl: env.EVM_RPC_URL,
    solanaRpcUrl: env.SOLANA_RPC_URL,
    allowPrivateHosts: env.TRUST_ALLOW_PRIVATE_HOSTS,
    httpTimeoutMs: env.TRUST_HTTP_TIMEOUT_MS,
    rpcTimeoutMs: env.TRUST_RPC_TIMEOUT_MS,
    maxResponseBytes: env.TRUST_MAX_RESPONSE_BYTES,
    cacheTtlMs: env.TRUST_CACHE_TTL_MS,
    cacheMaxEntries: env.TRUST_CACHE_MAX_ENTRIES,
    evmUsdcAddress: env.TRUST_EVM_USDC_ADDRESS as `0x${string}`,
    evmLogWindowBlocks: env.TRUST_EVM_LOG_WINDOW_BLOCKS,
    evmLogChunkBlocks: env.TRUST_EVM_LOG_CHUNK_BLOCKS,
    solanaUsdcMint: env.TRUST_SOLANA_USDC_MINT,
    solanaSignatureLimit: env.TRUST_SOLANA_SIGNATURE_LIMIT,
    ageFullDays: env.TRUST_AGE_FULL_DAYS,
  };
}

export type TrustConfig = ReturnType<typeof buildTrustConfig>;
