// The wording of success bodies that points a caller elsewhere: attribution, upgrade hints and the
// links a body carries. Prices come from the price table, the free limit from the configuration.
import { type PaidPath, priceOf } from '../prices.js';

export const POWERED_BY = 'promptgate 2.0 (8-dimension prompt quality gate)';

/** The paths and documents a success body names. */
export const LINKS = {
  score: '/api/score',
  fixInjection: '/api/fix-injection',
  proxy: '/api/proxy/llm',
  methodology: '/docs/scoring.md',
} as const satisfies Record<string, PaidPath | `/docs/${string}`>;

/** A price as a body shows it: at least two decimals ("$0.10"), all that it has ("$0.025"). */
function price(path: PaidPath): string {
  const usd = priceOf(path);
  return `$${usd.toFixed(Math.max(2, (String(usd).split('.')[1] ?? '').length))}`;
}

export const UPGRADE_HINTS = {
  free: `POST /api/score (${price('/api/score')} via x402 or a bearer key) returns all 8 dimensions, the percentile and the top 3 fixes.`,
  score: `POST /api/score/full (${price('/api/score/full')}) rewrites the prompt and runs both versions; POST /api/variants (${price('/api/variants')}) ranks 5 rewrite styles.`,
  preview: 'Send the same request without "preview" and pay with x402 or a bearer key to get your own result.',
} as const;

/** Where to go for free, with the free tier's limit (FREE_RATE_LIMIT_PER_MIN). */
export const tryFreeHint = (perMinute: number) => `POST /api/score/free scores any prompt for free (${perMinute} requests per minute).`;

/** The preflight's advice when it suspects an injection. */
export const SANITIZE_HINT = `POST ${LINKS.fixInjection} returns a sanitized prompt.`;
