// A real Solana JSON-RPC server over HTTP answering the reads @solana/web3.js makes for trust
// scoring, from fixture signatures a test seeds per address.
import { startJsonRpcServer, type JsonRpcServer } from './evm-rpc.js';

export interface SolanaSignature {
  signature: string;
  slot: number;
  /** unix seconds, or null when the node does not know */
  blockTime: number | null;
  failed?: boolean;
}

export async function startSolanaRpc(signaturesByAddress: Record<string, SolanaSignature[]>): Promise<JsonRpcServer> {
  return startJsonRpcServer({
    getVersion: () => ({ 'solana-core': '2.1.0', 'feature-set': 1 }),
    getSlot: () => Math.max(0, ...Object.values(signaturesByAddress).flat().map((s) => s.slot)),
    // newest first, like the real node
    getSignaturesForAddress: ([address, options]) =>
      [...(signaturesByAddress[address] ?? [])]
        .sort((a, b) => b.slot - a.slot)
        .slice(0, options?.limit ?? 1000)
        .map((s) => ({
          signature: s.signature,
          slot: s.slot,
          err: s.failed ? { InstructionError: [0, 'Custom'] } : null,
          memo: null,
          blockTime: s.blockTime,
          confirmationStatus: 'finalized',
        })),
  });
}
