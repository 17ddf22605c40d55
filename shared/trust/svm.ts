// Reads a wallet's recent history on Solana through @solana/web3.js: the signatures touching the
// wallet and its USDC associated token account (where x402 payments actually land).
import { Connection, PublicKey, type ConfirmedSignatureInfo } from '@solana/web3.js';
import type { ChainEvidence } from './score.js';
import type { TrustConfig } from './env.js';

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const ASSOCIATED_TOKEN_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');

export async function readSvmEvidence(wallet: string, config: TrustConfig, signal: AbortSignal, nowMs: number): Promise<ChainEvidence> {
  const owner = new PublicKey(wallet);
  const tokenAccount = PublicKey.findProgramAddressSync(
    [owner.toBuffer(), TOKEN_PROGRAM.toBuffer(), new PublicKey(config.solanaUsdcMint).toBuffer()],
    ASSOCIATED_TOKEN_PROGRAM,
  )[0];
  const connection = new Connection(config.solanaRpcUrl, {
    commitment: 'confirmed',
    disableRetryOnRateLimit: true,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(config.rpcTimeoutMs)]) }),
  });
  const pages = await Promise.all(
    [owner, tokenAccount].map((address) => connection.getSignaturesForAddress(address, { limit: config.solanaSignatureLimit })),
  );
  const bySignature = new Map<string, ConfirmedSignatureInfo>();
  for (const info of pages.flat()) bySignature.set(info.signature, info);
  const seen = [...bySignature.values()];
  const times = seen.flatMap((s) => (s.blockTime ? [s.blockTime] : []));
  const oldest = times.length > 0 ? Math.min(...times) : null;
  return {
    payments: seen.length,
    payers: null,
    errorRate: seen.length > 0 ? seen.filter((s) => s.err !== null).length / seen.length : null,
    observedDays: oldest === null ? 0 : Math.max(0, nowMs / 1000 - oldest) / 86_400,
    keyHeld: PublicKey.isOnCurve(owner.toBytes()),
  };
}
