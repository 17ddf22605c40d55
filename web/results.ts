// The three result panels: the score (gauge, dimension chart, fixes), the ranked variants, and the
// injection check with the sanitizer's cuts struck through.
import type { FixInjectionResponse, FreeScoreResponse, ScoreResponse, VariantsResponse } from '../shared/schemas/responses.js';
import { dimensionChart, gauge } from './charts.js';
import { diffWords } from './diff.js';
import { h, words } from './dom.js';

/** RateLimit-* headers of a free call, shown as what is left this minute. */
export interface FreeAllowance {
  remaining: number;
  limit: number;
  resetSeconds: number;
}

export function freeAllowance(headers: Headers): FreeAllowance | undefined {
  const [remaining, limit, resetSeconds] = ['ratelimit-remaining', 'ratelimit-limit', 'ratelimit-reset'].map((n) => Number(headers.get(n) ?? NaN));
  if (![remaining, limit, resetSeconds].every(Number.isFinite)) return undefined;
  return { remaining: remaining as number, limit: limit as number, resetSeconds: resetSeconds as number };
}

export function freeScorePanel(body: FreeScoreResponse, allowance: FreeAllowance | undefined): Node[] {
  const nodes: Node[] = [h('div', { class: 'score-layout' }, gauge({ total: body.score, outOf: body.out_of, grade: body.grade }))];
  if (allowance) {
    const { remaining, limit, resetSeconds } = allowance;
    nodes.push(
      h(
        'p',
        { class: 'free-left', id: 'free-left', 'data-remaining': remaining, 'data-limit': limit },
        `Free scores left this minute: ${remaining} of ${limit}`,
        remaining === 0 ? ` (the next one in ${resetSeconds} s).` : '.',
      ),
    );
  }
  nodes.push(h('p', { class: 'hint' }, 'Paste an API key to see the 8 dimensions, the percentile and the top 3 fixes.'));
  return nodes;
}

export function scorePanel(body: ScoreResponse): Node[] {
  const { score } = body;
  return [
    h(
      'div',
      { class: 'score-layout' },
      gauge({ total: score.total, outOf: score.out_of, grade: score.grade, percentile: score.percentile }),
      dimensionChart(score.dimensions),
    ),
    h('h3', {}, 'Top fixes'),
    h('ol', { class: 'fixes', id: 'fixes' }, ...body.top_fixes.map((fix) => h('li', {}, fix))),
  ];
}

const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0');
const deltaWords = (delta: number) =>
  delta === 0 ? 'the same as your prompt' : `${Math.abs(delta)} points ${delta > 0 ? 'better' : 'worse'} than your prompt`;

/** `usePrompt` puts a variant's text into the prompt box. */
export function variantsPanel(body: VariantsResponse, usePrompt: (text: string) => void): Node[] {
  const base = body.baseline_score;
  const items = body.variants.map((v, i) => {
    const trend = v.delta_vs_baseline > 0 ? 'up' : v.delta_vs_baseline < 0 ? 'down' : 'same';
    return h(
      'li',
      { class: 'variant', 'data-style': v.style, 'data-total': v.score.total, 'data-delta': v.delta_vs_baseline },
      h(
        'div',
        { class: 'variant-head' },
        h('span', { class: 'rank' }, `#${i + 1}`),
        h('span', { class: 'style' }, v.style),
        i === body.best_variant_index && h('span', { class: 'best' }, 'best'),
        h('span', { class: 'variant-score' }, `${v.score.total}/${v.score.out_of} · grade ${v.score.grade}`),
        h('span', { class: `delta delta-${trend}`, title: deltaWords(v.delta_vs_baseline) }, signed(v.delta_vs_baseline)),
        h('span', { class: 'visually-hidden' }, `: ${deltaWords(v.delta_vs_baseline)}`),
      ),
      h(
        'details',
        {},
        h('summary', {}, 'Show the rewritten prompt'),
        h('pre', { class: 'prompt-text' }, v.prompt),
        useButton(v.prompt, usePrompt),
      ),
    );
  });
  return [
    h('p', { class: 'baseline' }, `Your prompt: ${base.total}/${base.out_of}, grade ${base.grade}. Deltas are in points against it.`),
    h('ol', { class: 'variants', id: 'variant-list' }, ...items),
  ];
}

function useButton(text: string, usePrompt: (text: string) => void) {
  const button = h('button', { type: 'button', class: 'link-button' }, 'Put this variant in the prompt box');
  button.addEventListener('click', () => usePrompt(text));
  return button;
}

export function injectionPanel(body: FixInjectionResponse, original: string): Node[] {
  const detected = body.injection_detected;
  const pieces = diffWords(original, body.sanitized_prompt);
  const removedAny = pieces.some((p) => p.kind === 'removed');
  const facts: [string, Node | string][] = [
    ['Confidence', `${Math.round(body.injection_confidence * 100)}%`],
    ['Pattern', body.injection_pattern ? words(body.injection_pattern) : 'none'],
    ['Detector', body.detector],
  ];
  return [
    h(
      'p',
      { class: `verdict ${detected ? 'verdict-bad' : 'verdict-good'}`, id: 'injection-verdict', 'data-detected': String(detected) },
      detected ? 'Injection detected' : 'No injection detected',
    ),
    h('dl', { class: 'facts' }, ...facts.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)])),
    h('h3', {}, 'Matched signals'),
    body.matched_signals.length
      ? h('ul', { class: 'signals', id: 'signals' }, ...body.matched_signals.map((sig) => h('li', {}, h('code', {}, sig))))
      : h('p', { class: 'hint' }, 'None.'),
    h('h3', {}, 'Sanitized prompt'),
    h(
      'p',
      { class: 'hint' },
      removedAny ? 'Struck-through text was removed; the rest is what a model would receive.' : 'Nothing was removed.',
    ),
    h(
      'pre',
      { class: 'prompt-text diff', id: 'sanitized' },
      ...pieces.map((p) => (p.kind === 'same' ? p.text : h(p.kind === 'removed' ? 'del' : 'ins', {}, p.text))),
    ),
  ];
}
