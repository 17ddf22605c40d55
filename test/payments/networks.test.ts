// Network names, default assets and USDC's EIP-712 domain come from the x402 packages' tables.
import { describe, expect, it } from 'vitest';
import { resolveTargets } from '../../api/payments/networks.js';
import { loadConfig } from '../../shared/config.js';

const PAY_TO = { X402_EVM_PAY_TO: '0x1111111111111111111111111111111111111111', X402_SVM_PAY_TO: '11111111111111111111111111111112' };
const targets = (env: Record<string, string>) => resolveTargets(loadConfig({ ...PAY_TO, ...env }).x402);

describe('payment targets', () => {
  it('defaults to USDC on Base and Solana mainnet', () => {
    expect(targets({})).toMatchObject({
      evm: { v1: 'base', v2: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', extra: { name: 'USD Coin', version: '2' } },
      svm: { v1: 'solana', v2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', extra: {} },
    });
  });

  it('follows the testnets, by either name, with their own USDC and domain', () => {
    expect(targets({ X402_EVM_NETWORK: 'eip155:84532', X402_SVM_NETWORK: 'solana-devnet' })).toMatchObject({
      evm: { v1: 'base-sepolia', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', extra: { name: 'USDC', version: '2' } },
      svm: { v2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', asset: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' },
    });
  });

  it('stops on an unknown network, a malformed address or a token without a domain', () => {
    expect(() => targets({ X402_EVM_NETWORK: 'basee' })).toThrow(/X402_EVM_NETWORK: unknown EVM network "basee"/);
    expect(() => targets({ X402_SVM_PAY_TO: '0xabc' })).toThrow(/X402_SVM_PAY_TO: not a Solana address/);
    const custom = { X402_EVM_ASSET: '0x2222222222222222222222222222222222222222' };
    expect(() => targets(custom)).toThrow(/X402_EVM_ASSET_NAME and X402_EVM_ASSET_VERSION/);
    expect(targets({ ...custom, X402_EVM_ASSET_NAME: 'Token', X402_EVM_ASSET_VERSION: '1' }).evm.extra).toEqual({ name: 'Token', version: '1' });
  });
});
