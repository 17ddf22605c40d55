// Ownership proofs (X402_OWNERSHIP_PROOFS) are published as given: the operator signs the origin with
// the payTo wallet elsewhere, the service never holds that key. At startup each proof is checked
// against PUBLIC_BASE_URL's origin and X402_EVM_PAY_TO, so a proof that would prove nothing to an
// indexer (wrong origin, wrong wallet) is reported to the operator rather than found out later.
import { recoverMessageAddress } from 'viem';
import type { Config } from '../../shared/config.js';
import type { Logger } from '../../shared/logger.js';

/** The proofs that are not the payTo wallet's EIP-191 signature of the public origin. */
export async function misfitProofs(config: Config): Promise<string[]> {
  const { ownershipProofs, evm } = config.x402;
  const base = config.http.publicBaseUrl;
  if (!base || !evm.payTo) return [];
  const origin = new URL(base).origin;
  const misfits: string[] = [];
  for (const proof of ownershipProofs) {
    const signer = await recoverMessageAddress({ message: origin, signature: proof as `0x${string}` }).catch(() => undefined);
    if (signer?.toLowerCase() !== evm.payTo.toLowerCase()) misfits.push(proof);
  }
  return misfits;
}

export async function warnOfMisfitProofs(config: Config, logger: Logger): Promise<void> {
  for (const proof of await misfitProofs(config)) {
    logger.warn(
      { proof: `${proof.slice(0, 12)}…`, origin: new URL(config.http.publicBaseUrl!).origin, payTo: config.x402.evm.payTo },
      'X402_OWNERSHIP_PROOFS: this proof is not the payTo wallet signing the origin; indexers will not accept it',
    );
  }
}
