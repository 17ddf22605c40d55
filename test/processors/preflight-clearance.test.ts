// The clearance rules of docs/preflight.md, one by one.
import { describe, expect, it } from 'vitest';
import { decideClearance } from '../../shared/safety/clearance.js';
import type { EndpointTrust } from '../../shared/schemas/responses.js';

const trust = (trust_label: string, trust_score: number): EndpointTrust => ({ wallet: '0x2', trust_score, trust_label, resolution_source: 'x402_challenge' });
const clean = { total: 50, passMark: 28, injectionConfidence: 0 };

describe('decideClearance', () => {
  it('clears a good prompt with no injection and no endpoint', () => {
    expect(decideClearance(clean)).toEqual({ clearance: 'CLEAR', confidence: 1, reasons: [] });
  });

  it('blocks a prompt injection at 0.7 or more, whatever else is true', () => {
    const d = decideClearance({ ...clean, injectionConfidence: 0.85, endpoint: trust('trusted', 100) });
    expect(d.clearance).toBe('BLOCK');
    expect(d.confidence).toBe(0.75);
    expect(decideClearance({ ...clean, injectionConfidence: 1 }).confidence).toBe(1);
  });

  it('blocks an untrusted endpoint even for a perfect prompt', () => {
    expect(decideClearance({ ...clean, endpoint: trust('untrusted', 0) })).toMatchObject({ clearance: 'BLOCK', confidence: 1 });
  });

  it('cautions on a suspected injection, a missed pass mark, or an endpoint without a track record', () => {
    expect(decideClearance({ ...clean, injectionConfidence: 0.5 })).toMatchObject({ clearance: 'CAUTION', confidence: 0.75 });
    expect(decideClearance({ ...clean, total: 27 }).clearance).toBe('CAUTION');
    for (const label of ['new', 'unknown', 'unresolved']) {
      expect(decideClearance({ ...clean, endpoint: trust(label, label === 'new' ? 35 : 0) }).clearance).toBe('CAUTION');
    }
    expect(decideClearance({ ...clean, endpoint: trust('unknown', 20) }).confidence).toBe(0.5);
  });

  it('grows surer of a CAUTION the further a prompt falls below the pass mark', () => {
    const near = decideClearance({ ...clean, total: 27 }).confidence;
    const far = decideClearance({ ...clean, total: 8 }).confidence;
    expect(near).toBeLessThan(far);
    expect(far).toBe(1);
  });

  it('is only as sure of a CLEAR as its closest call', () => {
    expect(decideClearance({ ...clean, total: 28 }).confidence).toBe(0.5);
    expect(decideClearance({ ...clean, injectionConfidence: 0.15 }).confidence).toBe(0.75);
    expect(decideClearance({ ...clean, endpoint: trust('established', 55) }).confidence).toBe(0.55);
  });

  it('lists every reason, most severe first', () => {
    const d = decideClearance({ total: 10, passMark: 28, injectionConfidence: 0.9, endpoint: trust('new', 35) });
    expect(d.clearance).toBe('BLOCK');
    expect(d.reasons).toEqual(['prompt injection detected', 'prompt scores 10/80, below the 28 pass mark', 'endpoint trust new']);
  });
});
