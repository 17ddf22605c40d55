// A dimension's monotone map from its raw points to the 1..10 scale: straight lines between knots
// fitted on rated prompts (scripts/fit-engine.ts), extended beyond the first and last knot by the
// first and last segment (the caller clamps to 1..10). Knots rise in both coordinates, so the map
// rises everywhere: a prompt that gains raw points never loses score, and an empty prompt stays at
// the floor.

/** One knot: raw points (after the gate) and the score they map to. */
export interface Knot {
  readonly raw: number;
  readonly score: number;
}

export function scaled(knots: readonly Knot[], raw: number): number {
  const n = knots.length;
  if (n < 2) return raw;
  let k = 1;
  while (k < n - 1 && raw > (knots[k] as Knot).raw) k++;
  const a = knots[k - 1] as Knot;
  const b = knots[k] as Knot;
  return a.score + ((b.score - a.score) * (raw - a.raw)) / (b.raw - a.raw);
}
