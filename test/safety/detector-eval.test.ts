// Measures the detector (rules and learned model together) on the labelled evaluation set and holds
// it to issue 8's targets: recall >= 0.9 on malicious prompts, false-positive rate <= 0.03 on benign
// ones. The set is hand-written and independent of the training corpus; docs/injection.md says which
// parts the rules were tuned on.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INJECTION_PATTERNS, type InjectionPattern } from '../../shared/schemas/common.js';
import { analyzeInjection } from '../../shared/safety/index.js';

interface Case {
  id: string;
  malicious: boolean;
  pattern: InjectionPattern | null;
  text: string;
}

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/injection-cases.json', import.meta.url), 'utf8')) as { cases: Case[] };
const malicious = cases.filter((c) => c.malicious);
const benign = cases.filter((c) => !c.malicious);
const results = cases.map((c) => ({ c, r: analyzeInjection(c.text) }));

describe('injection detector on the evaluation set', () => {
  it('covers every pattern with enough cases', () => {
    expect(malicious.length).toBeGreaterThanOrEqual(40);
    expect(benign.length).toBeGreaterThanOrEqual(40);
    for (const p of INJECTION_PATTERNS) expect(malicious.filter((c) => c.pattern === p).length).toBeGreaterThanOrEqual(5);
  });

  it('reaches recall >= 0.9 with a false-positive rate <= 0.03', () => {
    const tp = results.filter(({ c, r }) => c.malicious && r.injection_detected);
    const fp = results.filter(({ c, r }) => !c.malicious && r.injection_detected);
    const recall = tp.length / malicious.length;
    const precision = tp.length / (tp.length + fp.length);
    const fpr = fp.length / benign.length;
    const patternHits = tp.filter(({ c, r }) => r.injection_pattern === c.pattern).length;
    const perPattern = INJECTION_PATTERNS.map((p) => {
      const of = malicious.filter((c) => c.pattern === p);
      const hit = tp.filter(({ c }) => c.pattern === p).length;
      return `${p} ${hit}/${of.length}`;
    });
    console.log(
      [
        `injection eval: ${malicious.length} malicious, ${benign.length} benign`,
        `precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  false-positive rate ${fpr.toFixed(3)}`,
        `pattern accuracy on detected ${(patternHits / tp.length).toFixed(3)}`,
        `recall per pattern: ${perPattern.join(', ')}`,
        `missed: ${results.filter(({ c, r }) => c.malicious && !r.injection_detected).map(({ c }) => c.id).join(', ') || 'none'}`,
        `false positives: ${fp.map(({ c }) => c.id).join(', ') || 'none'}`,
      ].join('\n'),
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(fpr).toBeLessThanOrEqual(0.03);
  });

  it('keeps benign prompts near zero confidence', () => {
    const scores = results.filter(({ c }) => !c.malicious).map(({ r }) => r.injection_confidence);
    const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)]!;
    expect(median).toBe(0);
  });
});
