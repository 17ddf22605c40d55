// Turns what the chain says about a receiving wallet into a 0..100 trust score and a label. Pure.
// The formula and its reasons are in docs/preflight.md; keep the two in step.
import type { EndpointTrust } from '../schemas/responses.js';

export type Chain = 'base' | 'solana';

/** What we could observe of a wallet's recent incoming payments. */
export interface ChainEvidence {
  /** payments seen (EVM: USDC Transfer logs to the wallet; SVM: signatures touching it or its USDC account) */
  payments: number;
  /** distinct paying addresses, or null where counting them is too costly (SVM) */
  payers: number | null;
  /** share of failed transactions, or null where failures are not visible (EVM logs only hold successes) */
  errorRate: number | null;
  /** days between the oldest observed payment and now; 0 with no payments */
  observedDays: number;
  /** an ordinary key-held account (EVM EOA, SVM on-curve key) rather than a contract or program address */
  keyHeld: boolean;
}

/** The lowest score of each label; under `new` a wallet is untrusted. */
export const TRUST_LABELS = { trusted: 70, established: 50, new: 25 } as const;

/** A wallet that resolved but whose chain could not be read. */
export const UNKNOWN_SCORE = 20;

const BASE = 30;
const ACTIVITY_MAX = 25;
const SPREAD_MAX = 20;
const AGE_MAX = 20;
const KEY_HELD = 5;
/** Many payments from one or two payers look like self-dealing to fake a history. */
const CONCENTRATION_PENALTY = 35;
const CONCENTRATION_MIN_PAYMENTS = 20;
const FAILURE_PENALTY = 35;

const log10Ratio = (n: number, full: number) => Math.min(1, Math.log10(1 + n) / Math.log10(1 + full));

export function scoreEvidence(e: ChainEvidence, ageFullDays: number): number {
  const activity = ACTIVITY_MAX * log10Ratio(e.payments, 100);
  // how spread the history is: distinct payers where we can count them, else the success rate
  const spread =
    e.payers !== null
      ? SPREAD_MAX * log10Ratio(e.payers, 50)
      : e.payments > 0
        ? SPREAD_MAX * (1 - (e.errorRate ?? 0))
        : 0;
  const age = AGE_MAX * Math.min(1, e.observedDays / ageFullDays);
  let score = BASE + activity + spread + age + (e.keyHeld ? KEY_HELD : 0);
  if (e.payers !== null && e.payments >= CONCENTRATION_MIN_PAYMENTS && e.payers <= 2) score -= CONCENTRATION_PENALTY;
  if (e.errorRate !== null && e.payments >= 10 && e.errorRate >= 0.5) score -= FAILURE_PENALTY;
  return Math.round(Math.max(0, Math.min(100, score)));
}

export function labelFor(score: number): string {
  if (score >= TRUST_LABELS.trusted) return 'trusted';
  if (score >= TRUST_LABELS.established) return 'established';
  if (score >= TRUST_LABELS.new) return 'new';
  return 'untrusted';
}

export const scoredTrust = (wallet: string, source: string, score: number): EndpointTrust => ({
  wallet,
  trust_score: score,
  trust_label: labelFor(score),
  resolution_source: source,
});
