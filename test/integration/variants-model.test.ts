// /api/variants with LLM_REWRITE_MODEL: the model writes each style on the llm pool; a rewrite that
// scores below the original, or a failing model, falls back to the engine's rewrite for that style.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWRITE_STYLES } from '../../shared/schemas/common.js';
import { VariantsResponseSchema } from '../../shared/schemas/responses.js';
import { rewrite, scorePrompt } from '../../shared/scoring/index.js';
import { startFakeOpenAI, type FakeMessage, type FakeOpenAI } from '../helpers/fake-openai.js';
import { startHarness, type Harness } from '../helpers/harness.js';

const PROMPT = 'write a blog post about coffee';

/** A good rewrite for most styles; a useless one for "concise" (scores below the original). */
function rewriter(messages: FakeMessage[]): string {
  const system = messages[0]?.content ?? '';
  if (system.includes('fewest words')) return 'coffee';
  return [
    'You are a specialty-coffee journalist writing for home baristas.',
    `Task: ${PROMPT}. Audience: beginners who own a grinder and a pour-over.`,
    'Constraints: 600-800 words, friendly tone, no brand names, cite 2 sources.',
    'Output format: Markdown with an H1 title, 4 H2 sections and a 3-bullet summary.',
    'Steps: 1) hook 2) bean origins 3) brewing ratios (e.g. 1:16) 4) common mistakes.',
    'Example: "## Ratios\\nUse 15 g of coffee for 250 g of water."',
  ].join('\n');
}

describe('/api/variants with a rewrite model', () => {
  let provider: FakeOpenAI;
  let h: Harness;
  let auth: Record<string, string>;

  beforeAll(async () => {
    provider = await startFakeOpenAI();
    provider.setBehavior('writer', { content: rewriter });
    h = await startHarness({
      // Only the llm pool runs: a variants job that went to the score queue would time out.
      pools: ['llm'],
      env: {
        LLM_PROVIDERS: JSON.stringify([{ name: 'local', base_url: provider.baseUrl, models: ['writer'], max_retries: 0 }]),
        LLM_REWRITE_MODEL: 'writer',
        SCORE_JOB_TIMEOUT_MS: '500',
      },
    });
    auth = { authorization: `Bearer ${await h.createKey('solo')}` };
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });

  it('asks the model once per style and ranks its rewrites, engine standing in where it is worse', async () => {
    const res = await h.post('/api/variants', { prompt: PROMPT, vertical: 'content', count: 5 }, auth);
    expect(res.status).toBe(200);
    const body = VariantsResponseSchema.parse(res.body);
    expect(provider.chatRequests('writer')).toHaveLength(REWRITE_STYLES.length);

    const byStyle = Object.fromEntries(body.variants.map((v) => [v.style, v]));
    expect(byStyle.detailed!.prompt).toContain('specialty-coffee journalist');
    // "coffee" scores below the original, so the engine's concise rewrite is used instead.
    expect(byStyle.concise!.prompt).toBe(rewrite(PROMPT, 'content', 'concise'));
    for (const v of body.variants) {
      expect(v.score.total).toBe(scorePrompt(v.prompt, 'content').total);
      expect(v.score.total).toBeGreaterThanOrEqual(body.baseline_score.total);
    }
  });

  it('falls back to the engine for every style when the model fails', async () => {
    provider.setBehavior('writer', { status: 500 });
    try {
      const res = await h.post('/api/variants', { prompt: PROMPT, count: 2 }, auth);
      const body = VariantsResponseSchema.parse(res.body);
      for (const v of body.variants) expect(v.prompt).toBe(rewrite(PROMPT, 'general', v.style));
    } finally {
      provider.setBehavior('writer', { content: rewriter });
    }
  });
});
