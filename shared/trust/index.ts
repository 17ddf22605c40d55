// Endpoint trust for /api/preflight: who does this endpoint want to be paid to, and does that wallet
// have a believable payment history? Every failure degrades to a label; resolve() never throws.
import type { EndpointTrust } from '../schemas/responses.js';
import type { TrustConfig } from './env.js';
import { readEvmEvidence } from './evm.js';
import { PrivateHostError } from './http.js';
import { scoreEvidence, scoredTrust, UNKNOWN_SCORE, type Chain } from './score.js';
import { readSvmEvidence } from './svm.js';
import { resolveWallet, type ResolvedWallet } from './x402.js';

export type { Chain } from './score.js';

export interface TrustResolver {
  /** `chain` is the network being preflighted; its entry in the endpoint's challenge is preferred. */
  resolve(endpointUrl: string, chain: Chain, signal: AbortSignal): Promise<EndpointTrust>;
}

export interface TrustResolverOptions {
  /** clock for cache expiry and Solana ages; tests pin it */
  now?: () => number;
}

const UNRESOLVED: EndpointTrust = { wallet: '', trust_score: 0, trust_label: 'unresolved', resolution_source: 'unresolved' };
const REFUSED: EndpointTrust = { wallet: '', trust_score: 0, trust_label: 'untrusted', resolution_source: 'refused_private_host' };
/** Results that reflect a passing failure (chain or endpoint unreachable) are kept this share of the TTL. */
const DEGRADED_TTL_SHARE = 0.1;

// Receiving addresses no honest seller uses: burn addresses, and the token or its program itself.
const BOGUS_EVM = ['0x0000000000000000000000000000000000000000', '0x000000000000000000000000000000000000dead'];
const BOGUS_SVM = ['11111111111111111111111111111111', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'];

export function createTrustResolver(config: TrustConfig, options: TrustResolverOptions = {}): TrustResolver {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { value: EndpointTrust; expires: number }>();

  const remember = (key: string, value: EndpointTrust) => {
    const degraded = value.trust_label === 'unknown' || value.trust_label === 'unresolved';
    const ttl = degraded ? config.cacheTtlMs * DEGRADED_TTL_SHARE : config.cacheTtlMs;
    if (ttl <= 0) return;
    cache.delete(key);
    // Map keeps insertion order: the first key is the least recently stored
    if (cache.size >= config.cacheMaxEntries) cache.delete(cache.keys().next().value!);
    cache.set(key, { value, expires: now() + ttl });
  };

  async function evaluate(endpoint: URL, chain: Chain, signal: AbortSignal): Promise<EndpointTrust> {
    let resolved: ResolvedWallet | null;
    try {
      resolved = await resolveWallet(endpoint, chain, {
        allowPrivateHosts: config.allowPrivateHosts,
        timeoutMs: config.httpTimeoutMs,
        maxBytes: config.maxResponseBytes,
        signal,
      });
    } catch (e) {
      if (e instanceof PrivateHostError) return REFUSED;
      throw e;
    }
    if (resolved === null) return UNRESOLVED;
    const { wallet, source } = resolved;
    if (isBogus(wallet, config)) return scoredTrust(wallet, source, 0);
    if (resolved.chain === null) return { ...scoredTrust(wallet, source, UNKNOWN_SCORE), trust_label: 'unknown' };
    try {
      const evidence =
        resolved.chain === 'base' ? await readEvmEvidence(wallet, config, signal) : await readSvmEvidence(wallet, config, signal, now());
      return scoredTrust(wallet, source, scoreEvidence(evidence, config.ageFullDays));
    } catch {
      return { ...scoredTrust(wallet, source, UNKNOWN_SCORE), trust_label: 'unknown' };
    }
  }

  return {
    async resolve(endpointUrl, chain, signal) {
      let endpoint: URL;
      try {
        endpoint = new URL(endpointUrl);
      } catch {
        return UNRESOLVED;
      }
      const key = `${chain} ${endpoint.href}`;
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const value = await evaluate(endpoint, chain, signal).catch(() => UNRESOLVED);
      // an answer cut short by the caller says nothing about the endpoint
      if (!signal.aborted) remember(key, value);
      return value;
    },
  };
}

function isBogus(wallet: string, config: TrustConfig): boolean {
  const lower = wallet.toLowerCase();
  return (
    BOGUS_EVM.includes(lower) ||
    lower === config.evmUsdcAddress.toLowerCase() ||
    BOGUS_SVM.includes(wallet) ||
    wallet === config.solanaUsdcMint
  );
}
