// Agreement between a scorer and a target, as the calibration reports it: Spearman's rho (Pearson
// on average ranks, so ties count as they should), Kendall's tau-b and the mean absolute error.

/** Average ranks (1-based; tied values share the mean of their positions). */
function ranks(xs: readonly number[]): number[] {
  const order = xs.map((_, i) => i).sort((a, b) => (xs[a] as number) - (xs[b] as number));
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && xs[order[j + 1] as number] === xs[order[i] as number]) j++;
    for (let k = i; k <= j; k++) r[order[k] as number] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

export function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] as number) - ma;
    const y = (b[i] as number) - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return da === 0 || db === 0 ? 0 : num / Math.sqrt(da * db);
}

export const spearman = (a: readonly number[], b: readonly number[]): number => pearson(ranks(a), ranks(b));

/** Kendall's tau-b: concordant minus discordant pairs, corrected for ties on either side. */
export function kendall(a: readonly number[], b: readonly number[]): number {
  let c = 0;
  let d = 0;
  let tiesA = 0;
  let tiesB = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      const x = Math.sign((a[i] as number) - (a[j] as number));
      const y = Math.sign((b[i] as number) - (b[j] as number));
      if (x === 0 && y === 0) continue;
      if (x === 0) tiesA++;
      else if (y === 0) tiesB++;
      else if (x === y) c++;
      else d++;
    }
  }
  const denom = Math.sqrt((c + d + tiesA) * (c + d + tiesB));
  return denom === 0 ? 0 : (c - d) / denom;
}

export function mae(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs((a[i] as number) - (b[i] as number));
  return s / a.length;
}
