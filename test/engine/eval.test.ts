// Evaluation set: weak/strong prompt pairs for the same task across every vertical, including
// anti-gaming traps. The engine must rank the strong prompt higher in at least 90% of pairs.
import { describe, expect, it } from 'vitest';
import { VERTICALS } from '../../shared/schemas/common.js';
import { scorePrompt } from '../../shared/scoring/index.js';
import { TRAP_KINDS } from '../../scripts/eval-engine.js';
import { loadPairs } from './support.js';

const pairs = loadPairs();
const TRAPS: readonly string[] = TRAP_KINDS;

describe('evaluation pairs', () => {
  it('has at least 60 pairs over every vertical, traps included', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(60);
    expect(new Set(pairs.map((p) => p.vertical))).toEqual(new Set(VERTICALS));
    for (const kind of TRAPS) expect(pairs.filter((p) => p.kind === kind).length).toBeGreaterThanOrEqual(5);
  });

  it('orders at least 90% of the pairs correctly', () => {
    const wrong = pairs.filter((p) => scorePrompt(p.strong, p.vertical).total <= scorePrompt(p.weak, p.vertical).total);
    const accuracy = (pairs.length - wrong.length) / pairs.length;
    console.log(`eval accuracy: ${(accuracy * 100).toFixed(1)}% (${pairs.length - wrong.length}/${pairs.length})` +
      (wrong.length > 0 ? `; misordered: ${wrong.map((p) => p.id).join(', ')}` : ''));
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('gets every trap right: gaming never beats the concrete prompt', () => {
    for (const p of pairs.filter((x) => TRAPS.includes(x.kind))) {
      expect(scorePrompt(p.strong, p.vertical).total, p.id).toBeGreaterThan(scorePrompt(p.weak, p.vertical).total);
    }
  });
});
