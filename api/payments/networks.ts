// The payment networks and assets, resolved once from config against the x402 packages' own tables:
// version 1 names (`base`, `solana-devnet`) and version 2 CAIP-2 ids, USDC addresses and USDC's
// EIP-712 domain. A network or asset the tables cannot place stops startup with a message.
import type { Network } from '@x402/core/types';
import { findDefaultAsset as findEvmAsset, getDefaultAsset as getEvmAsset } from '@x402/evm';
import { EVM_NETWORK_CHAIN_ID_MAP } from '@x402/evm/v1';
import { getDefaultAsset as getSvmAsset, V1_TO_V2_NETWORK_MAP } from '@x402/svm';
import { isAddress } from 'viem';
import { type Config, ConfigError } from '../../shared/config.js';
import type { PaymentNetworkKind } from '../../shared/prices.js';

export interface PaymentTarget {
  kind: PaymentNetworkKind;
  /** x402 version 1 name, e.g. `base`. */
  v1: string;
  /** x402 version 2 CAIP-2 id, e.g. `eip155:8453`. */
  v2: Network;
  payTo: string;
  asset: string;
  /** Scheme extra: the EIP-712 domain on EVM; empty on SVM (the fee payer comes from /supported). */
  extra: Record<string, unknown>;
}

const SVM_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

const evmNames = Object.entries(EVM_NETWORK_CHAIN_ID_MAP).map(([v1, chainId]) => ({ v1, v2: `eip155:${chainId}` }));
const svmNames = Object.entries(V1_TO_V2_NETWORK_MAP).map(([v1, v2]) => ({ v1, v2 }));

/** Accepts either naming; returns both. */
function names(kind: PaymentNetworkKind, network: string, variable: string): { v1: string; v2: Network } {
  const found = (kind === 'evm' ? evmNames : svmNames).find((n) => n.v1 === network || n.v2 === network);
  if (!found) throw ConfigError.of([`${variable}: unknown ${kind.toUpperCase()} network "${network}"`]);
  return { v1: found.v1, v2: found.v2 as Network };
}

function defaultAsset(lookup: () => { asset: string }, variable: string, network: string): string {
  try {
    return lookup().asset;
  } catch {
    throw ConfigError.of([`${variable}: no default USDC on ${network}; set the asset`]);
  }
}

function evmTarget(x402: Config['x402']): PaymentTarget {
  const { v1, v2 } = names('evm', x402.evm.network, 'X402_EVM_NETWORK');
  const payTo = x402.evm.payTo ?? '';
  if (!isAddress(payTo)) throw ConfigError.of(['X402_EVM_PAY_TO: not an EVM address']);
  const asset = x402.evm.asset ?? defaultAsset(() => getEvmAsset(v2), 'X402_EVM_ASSET', v1);
  if (!isAddress(asset)) throw ConfigError.of(['X402_EVM_ASSET: not an EVM address']);
  // USDC's domain differs per network ("USD Coin" on Base, "USDC" on Base Sepolia): take it from
  // the package table unless the operator names a custom token's domain.
  const known = findEvmAsset(asset, v2);
  const name = x402.evm.assetName ?? known?.name;
  const version = x402.evm.assetVersion ?? known?.version;
  if (!name || !version) {
    throw ConfigError.of([`X402_EVM_ASSET_NAME and X402_EVM_ASSET_VERSION: ${asset} is not a known token on ${v1}; give its EIP-712 domain`]);
  }
  return { kind: 'evm', v1, v2, payTo, asset, extra: { name, version } };
}

function svmTarget(x402: Config['x402']): PaymentTarget {
  const { v1, v2 } = names('svm', x402.svm.network, 'X402_SVM_NETWORK');
  const payTo = x402.svm.payTo ?? '';
  if (!SVM_ADDRESS.test(payTo)) throw ConfigError.of(['X402_SVM_PAY_TO: not a Solana address']);
  const asset = x402.svm.asset ?? defaultAsset(() => getSvmAsset(v2), 'X402_SVM_ASSET', v1);
  if (!SVM_ADDRESS.test(asset)) throw ConfigError.of(['X402_SVM_ASSET: not a Solana mint address']);
  return { kind: 'svm', v1, v2, payTo, asset, extra: {} };
}

export type PaymentTargets = Record<PaymentNetworkKind, PaymentTarget>;

/** Both targets, checked; throws ConfigError naming the variable at fault. */
export function resolveTargets(x402: Config['x402']): PaymentTargets {
  return { evm: evmTarget(x402), svm: svmTarget(x402) };
}
