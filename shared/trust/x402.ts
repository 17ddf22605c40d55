// Finds the wallet an x402 endpoint wants to be paid to, by asking it for a price without paying:
// the 402 challenge names `payTo` (v1: JSON body `accepts[]`; v2: base64 JSON in the
// PAYMENT-REQUIRED header). Endpoints that do not challenge may publish /.well-known/x402.
import { PublicKey } from '@solana/web3.js';
import { isAddress } from 'viem';
import { z } from 'zod';
import type { Chain } from './score.js';
import { PrivateHostError, probe, type ProbeOptions, type ProbeResponse } from './http.js';

export type ResolutionSource = 'x402_challenge' | 'x402_header' | 'well_known';

export interface ResolvedWallet {
  wallet: string;
  /** the chain we can read the wallet's history on, or null when it names a network we do not read */
  chain: Chain | null;
  source: ResolutionSource;
}

// The mainnets we hold RPCs for, in their v1 and v2 (CAIP-2) spellings. A payTo on a testnet or
// another chain is still reported, but its history is not ours to read.
const READABLE_NETWORKS: Record<string, Chain> = {
  base: 'base',
  'eip155:8453': 'base',
  solana: 'solana',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
};

const AcceptSchema = z.looseObject({ network: z.string().min(1).max(100), payTo: z.string().min(1).max(100) });
const ChallengeSchema = z.looseObject({ accepts: z.array(z.unknown()).max(50) });
/** /.well-known/x402 has no settled shape: take a challenge-like object or a bare {payTo, network}. */
const WellKnownSchema = z.union([ChallengeSchema, AcceptSchema.transform((a) => ({ accepts: [a] }))]);

type Accept = z.infer<typeof AcceptSchema>;

/** null when the endpoint names no wallet; throws PrivateHostError when it may not be contacted. */
export async function resolveWallet(endpoint: URL, chain: Chain, http: Omit<ProbeOptions, 'method' | 'body'>): Promise<ResolvedWallet | null> {
  const attempt = (url: URL, options: Pick<ProbeOptions, 'method' | 'body'>) =>
    probe(url, { ...http, ...options }).catch((e: unknown) => {
      if (e instanceof PrivateHostError) throw e;
      return null;
    });
  let answered = false;
  for (const request of [{ method: 'POST', body: '{}' }, { method: 'GET' }] as const) {
    const res = await attempt(endpoint, request);
    if (res === null) break; // unreachable: the other method and the well-known file would be too
    answered = true;
    const found = res.status === 402 ? fromChallenge(res, chain) : null;
    if (found) return found;
  }
  if (!answered) return null;
  const res = await attempt(new URL('/.well-known/x402', endpoint), { method: 'GET' });
  if (res?.status !== 200) return null;
  const parsed = WellKnownSchema.safeParse(parseJson(res.body));
  return parsed.success ? pick(parsed.data.accepts, chain, 'well_known') : null;
}

function fromChallenge(res: ProbeResponse, chain: Chain): ResolvedWallet | null {
  const header = res.headers['payment-required'];
  if (typeof header === 'string') {
    const v2 = ChallengeSchema.safeParse(parseJson(Buffer.from(header, 'base64').toString('utf8')));
    const found = v2.success ? pick(v2.data.accepts, chain, 'x402_header') : null;
    if (found) return found;
  }
  const v1 = ChallengeSchema.safeParse(parseJson(res.body));
  return v1.success ? pick(v1.data.accepts, chain, 'x402_challenge') : null;
}

/** The entry on the chain being preflighted wins; then one on the other chain we read; then any. */
function pick(entries: unknown[], chain: Chain, source: ResolutionSource): ResolvedWallet | null {
  const valid = entries.flatMap((e) => {
    const parsed = AcceptSchema.safeParse(e);
    return parsed.success && isWellFormedWallet(parsed.data) ? [parsed.data] : [];
  });
  const rank = (a: Accept) => (READABLE_NETWORKS[a.network] === chain ? 0 : READABLE_NETWORKS[a.network] ? 1 : 2);
  const best = valid.sort((a, b) => rank(a) - rank(b))[0];
  return best ? { wallet: best.payTo, chain: READABLE_NETWORKS[best.network] ?? null, source } : null;
}

function isWellFormedWallet(a: Accept): boolean {
  if (a.network.startsWith('solana')) {
    try {
      return new PublicKey(a.payTo).toBase58() === a.payTo;
    } catch {
      return false;
    }
  }
  return isAddress(a.payTo, { strict: false });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
