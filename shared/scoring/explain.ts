// explainImprovement: one or two sentences naming the total change and the dimensions that rose.
import { DIMENSION_NAMES } from '../schemas/common.js';
import type { EngineScore } from './types.js';

const NAMED = 3;

export function explainImprovement(original: EngineScore, improved: EngineScore): string {
  const delta = improved.total - original.total;
  const rose = DIMENSION_NAMES.map((n) => ({ n, d: improved.dimensions[n] - original.dimensions[n] }))
    .filter((x) => x.d > 0)
    .sort((a, b) => b.d - a.d || DIMENSION_NAMES.indexOf(a.n) - DIMENSION_NAMES.indexOf(b.n))
    .slice(0, NAMED);
  const sign = delta >= 0 ? `+${delta}` : `${delta}`;
  const head = `The total moves from ${original.total} to ${improved.total}/80 (${sign}, grade ${original.grade} to ${improved.grade}).`;
  if (rose.length === 0) return `${head} No dimension rose.`;
  const parts = rose.map((x) => `${x.n} (+${x.d})`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${head} The gain comes mostly from ${list}.`;
}
