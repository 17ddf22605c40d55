// Attribution and hint strings that appear in success bodies.
export const POWERED_BY = 'promptgate 2.0 (8-dimension prompt quality gate)';

export const UPGRADE_HINTS = {
  free: 'POST /api/score ($0.025 via x402 or a bearer key) returns all 8 dimensions, the percentile and the top 3 fixes.',
  score: 'POST /api/score/full ($0.125) rewrites the prompt and runs both versions; POST /api/variants ($0.10) ranks 5 rewrite styles.',
  preview: 'Send the same request without "preview" and pay with x402 or a bearer key to get your own result.',
  tryFree: 'POST /api/score/free scores any prompt for free (5 requests per minute).',
} as const;
