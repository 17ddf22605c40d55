// The bundler's rule (api/bundler.ts): a lone call goes at once; calls that arrive while an add is
// in flight ride together in the next add, in jobs of at most `maxItems`; a call taken back before
// it went is not queued.
import { describe, expect, it } from 'vitest';
import { Bundler } from '../../api/bundler.js';

/** A bundler whose adds stay in flight until released, recording what each add carried. */
function bundlerUnderTest(maxItems: number) {
  const adds: string[][][] = [];
  const release: (() => void)[] = [];
  const bundler = new Bundler<string>((groups) => {
    adds.push(groups);
    return new Promise<void>((resolve) => release.push(resolve));
  }, maxItems);
  const settle = async () => {
    release.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { bundler, adds, settle };
}

describe('micro-batching of calls', () => {
  it('sends a lone call at once, alone', () => {
    const { bundler, adds } = bundlerUnderTest(8);
    bundler.push('a');
    expect(adds).toEqual([[['a']]]);
  });

  it('puts the calls that arrive while an add is in flight into the next add, together', async () => {
    const { bundler, adds, settle } = bundlerUnderTest(8);
    bundler.push('a');
    bundler.push('b');
    bundler.push('c');
    expect(adds).toEqual([[['a']]]);
    await settle();
    expect(adds).toEqual([[['a']], [['b', 'c']]]);
    await settle();
    bundler.push('d');
    expect(adds.at(-1)).toEqual([['d']]);
  });

  it('caps the calls per job: more than fit go as several jobs in the same add', async () => {
    const { bundler, adds, settle } = bundlerUnderTest(3);
    bundler.push('first');
    for (const c of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) bundler.push(c);
    await settle();
    expect(adds[1]).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
  });

  it('leaves out a call taken back before its add', async () => {
    const { bundler, adds, settle } = bundlerUnderTest(8);
    bundler.push('a');
    bundler.push('b');
    bundler.push('c');
    expect(bundler.withdraw('b')).toBe(true);
    expect(bundler.withdraw('a')).toBe(false);
    await settle();
    expect(adds[1]).toEqual([['c']]);
  });
});
