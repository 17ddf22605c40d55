// The rated calibration set (issue 15): its split follows the fixed rule, which reads only ids and
// shapes, and adding a batch never moves a prompt of an earlier one.
import { describe, expect, it } from 'vitest';
import { heldOutCount, readRatedSet, splitOf } from '../../scripts/lib/rated.js';

describe('rated set split', () => {
  it('holds out round(30%) of each shape, a half to even', () => {
    expect([10, 25, 35, 40, 45, 55, 60].map(heldOutCount)).toEqual([3, 8, 10, 12, 14, 16, 18]);
  });

  it('every prompt of the fixture is in the split the rule gives it', () => {
    const set = readRatedSet();
    const rule = splitOf(set);
    expect(set.prompts.filter((p) => rule.get(p.id) !== p.split).map((p) => p.id)).toEqual([]);
    expect(set.prompts.filter((p) => p.split === 'heldout').length).toBe(186);
  });

  it('a new batch draws its own split and leaves the earlier ones as they were', () => {
    const meta = { split_batches: [['x']] };
    const old = Array.from({ length: 20 }, (_, i) => ({ id: `x-${i}`, shape: i % 2 === 0 ? 'terse' : 'persona' }));
    const before = splitOf({ meta, prompts: old });
    const added = Array.from({ length: 10 }, (_, i) => ({ id: `y-${i}`, shape: 'terse' }));
    const after = splitOf({ meta: { split_batches: [['x'], ['y']] }, prompts: [...old, ...added] });
    for (const p of old) expect(after.get(p.id)).toBe(before.get(p.id));
    expect(added.filter((p) => after.get(p.id) === 'heldout').length).toBe(3);
    // Joined to the earlier batch instead, the same prompts would move earlier ones.
    const joined = splitOf({ meta: { split_batches: [['x', 'y']] }, prompts: [...old, ...added] });
    expect(old.some((p) => joined.get(p.id) !== before.get(p.id))).toBe(true);
    expect(() => splitOf({ meta, prompts: added })).toThrow(/no split batch/);
  });
});
