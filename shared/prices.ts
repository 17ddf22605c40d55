// The price table of SPEC.md, in USD and in USDC atomic units (6 decimals).
export type PaymentNetworkKind = 'evm' | 'svm';

export interface PaidRoute {
  path: string;
  priceUsd: number;
  network: PaymentNetworkKind;
  description: string;
}

const USDC_DECIMALS = 6;

export const PAID_ROUTES = [
  { path: '/api/score', priceUsd: 0.025, network: 'evm', description: 'Detailed 8-dimension prompt score' },
  { path: '/api/score/full', priceUsd: 0.125, network: 'evm', description: 'Full analysis: rewrite, score and run both versions' },
  { path: '/api/score/batch', priceUsd: 0.25, network: 'evm', description: 'Batch score of up to 10 prompts' },
  { path: '/api/score/compare', priceUsd: 1.25, network: 'evm', description: 'Two providers compared, judged by a third model' },
  { path: '/api/preflight', priceUsd: 0.05, network: 'evm', description: 'Prompt quality and endpoint trust preflight' },
  { path: '/api/svc-grade', priceUsd: 0.001, network: 'evm', description: 'Quick composite prompt grade' },
  { path: '/api/variants', priceUsd: 0.1, network: 'evm', description: 'Ranked rewrite variants' },
  { path: '/api/fix-injection', priceUsd: 0.025, network: 'evm', description: 'Prompt-injection detection and sanitization' },
  { path: '/api/proxy/llm', priceUsd: 0.05, network: 'evm', description: 'Scored prompt bundled with a chat completion' },
  { path: '/api/score/sol', priceUsd: 0.025, network: 'svm', description: 'Detailed 8-dimension prompt score (Solana)' },
  { path: '/api/score/full/sol', priceUsd: 0.125, network: 'svm', description: 'Full analysis (Solana)' },
  { path: '/api/score/batch/sol', priceUsd: 0.25, network: 'svm', description: 'Batch score (Solana)' },
  { path: '/api/score/compare/sol', priceUsd: 1.25, network: 'svm', description: 'Model comparison (Solana)' },
  { path: '/api/preflight/sol', priceUsd: 0.05, network: 'svm', description: 'Preflight (Solana)' },
] as const satisfies readonly PaidRoute[];

export type PaidPath = (typeof PAID_ROUTES)[number]['path'];
type PriceOf<P extends PaidPath> = Extract<(typeof PAID_ROUTES)[number], { path: P }>['priceUsd'];

const byPath = new Map<string, PaidRoute>(PAID_ROUTES.map((r) => [r.path, r]));

export function paidRoute(path: string): PaidRoute {
  const route = byPath.get(path);
  if (!route) throw new Error(`no price for ${path}`);
  return route;
}

/** The USD price of a paid path, typed as that very number (a schema's literal). */
export const priceOf = <P extends PaidPath>(path: P): PriceOf<P> => paidRoute(path).priceUsd as PriceOf<P>;

/** USD price as a USDC atomic-unit integer string ("25000" for $0.025). */
export function usdToAtomic(usd: number): string {
  return String(Math.round(usd * 10 ** USDC_DECIMALS));
}
