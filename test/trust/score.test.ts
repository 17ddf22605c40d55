// The trust formula: what history earns which label.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelFor, scoreEvidence, type ChainEvidence } from '../../shared/trust/score.js';

const evm = (e: Partial<ChainEvidence>): ChainEvidence => ({ payments: 0, payers: 0, errorRate: null, observedDays: 0, keyHeld: true, ...e });

describe('scoreEvidence', () => {
  it('calls a key-held wallet with no history new, not untrusted', () => {
    expect(scoreEvidence(evm({}), 30)).toBe(35);
    expect(labelFor(35)).toBe('new');
  });

  it('gives a wide, old, busy history full marks', () => {
    expect(scoreEvidence(evm({ payments: 100, payers: 50, observedDays: 30 }), 30)).toBe(100);
  });

  it('lands a modest history between new and trusted', () => {
    const score = scoreEvidence(evm({ payments: 10, payers: 5, observedDays: 10 }), 30);
    expect(labelFor(score)).toBe('established');
  });

  it('marks down many payments from one payer, which is how a history is faked', () => {
    const spread = scoreEvidence(evm({ payments: 100, payers: 40, observedDays: 30 }), 30);
    const concentrated = scoreEvidence(evm({ payments: 100, payers: 1, observedDays: 30 }), 30);
    expect(spread - concentrated).toBeGreaterThanOrEqual(35);
    expect(labelFor(concentrated)).toBe('new');
  });

  it('uses the success rate where payers cannot be counted, and marks down mostly-failing wallets', () => {
    const svm = { payers: null, observedDays: 30, keyHeld: true } as const;
    const healthy = scoreEvidence({ ...svm, payments: 200, errorRate: 0 }, 30);
    const failing = scoreEvidence({ ...svm, payments: 200, errorRate: 0.8 }, 30);
    expect(labelFor(healthy)).toBe('trusted');
    expect(healthy - failing).toBeGreaterThan(35);
  });

  it('gives contracts and program addresses less than key-held wallets', () => {
    expect(scoreEvidence(evm({ keyHeld: false }), 30)).toBeLessThan(scoreEvidence(evm({}), 30));
  });

  it('stays an integer within 0..100 and never drops when payers or age grow', () => {
    const evidence = fc.record({
      payments: fc.nat(10_000),
      payers: fc.nat(500),
      observedDays: fc.double({ min: 0, max: 400, noNaN: true }),
      keyHeld: fc.boolean(),
    });
    fc.assert(
      fc.property(evidence, fc.nat(100), fc.double({ min: 0, max: 100, noNaN: true }), (e, morePayers, moreDays) => {
        const base = { ...e, errorRate: null, payers: Math.min(e.payers, e.payments) };
        const score = scoreEvidence(base, 30);
        expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
        const wider = { ...base, payers: Math.min(base.payments, base.payers + morePayers) };
        const penalised = (x: typeof base) => x.payments >= 20 && x.payers <= 2;
        if (penalised(wider) === penalised(base)) expect(scoreEvidence(wider, 30)).toBeGreaterThanOrEqual(score);
        expect(scoreEvidence({ ...base, observedDays: base.observedDays + moreDays }, 30)).toBeGreaterThanOrEqual(score);
      }),
    );
  });

  it('labels by the documented thresholds', () => {
    expect([0, 24, 25, 49, 50, 69, 70, 100].map(labelFor)).toEqual([
      'untrusted', 'untrusted', 'new', 'new', 'established', 'established', 'trusted', 'trusted',
    ]);
  });
});
