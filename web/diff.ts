// Which parts of the original prompt the sanitizer removed. The sanitized prompt is the original with
// spans cut out (whitespace at each cut collapsed, hidden characters dropped), so a word-level
// shortest edit script (Myers' O(ND) diff) recovers the cuts; the original's own whitespace is kept.

export type PieceKind = 'same' | 'removed' | 'added';
export interface Piece {
  kind: PieceKind;
  text: string;
}

/** One step of an edit script: keep a word, remove one of the original, add one of the result. */
type Op = PieceKind;

/**
 * Beyond this many edited words the diff gives up and shows the whole original as removed and the
 * whole result as added: still true, and it bounds the work (about MAX_EDITS² numbers kept).
 */
const MAX_EDITS = 2000;

interface Token {
  text: string;
  start: number;
  end: number;
}

const tokens = (text: string): Token[] => [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));

const repeat = (op: Op, n: number): Op[] => Array.from({ length: n }, () => op);

/** The shortest sequence of keeps, removals (from `a`) and additions (from `b`) turning `a` into `b`. */
export function editScript(a: readonly string[], b: readonly string[]): Op[] {
  // A sanitizer cut leaves a common head and tail: only the middle needs the search.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...repeat('same', head), ...middle, ...repeat('same', tail)];
}

function myers(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const fallback = () => [...repeat('removed', n), ...repeat('added', m)];
  if (n === 0 || m === 0) return fallback();
  const maxD = Math.min(n + m, MAX_EDITS);
  // v[k + off] = the furthest x reached on diagonal k (y = x - k); trace[d] is v before round d, on k ∈ [-d-1, d+1].
  const off = maxD + 1;
  const v = new Int32Array(2 * maxD + 3).fill(-1);
  v[off + 1] = 0;
  const trace: Int32Array[] = [];
  for (let d = 0; d <= maxD; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const left = v[off + k - 1] as number;
      const right = v[off + k + 1] as number;
      let x = k === -d || (k !== d && left < right) ? right : left + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return fallback();
}

function backtrack(trace: Int32Array[], n: number, m: number): Op[] {
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const snapshot = trace[d] as Int32Array;
    const at = (k: number) => snapshot[k + d + 1] as number;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('same');
      x--;
      y--;
    }
    if (d > 0) ops.push(down ? 'added' : 'removed');
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

/** The original prompt in pieces: kept, removed by the sanitizer, or added by it. */
export function diffWords(original: string, sanitized: string): Piece[] {
  const a = tokens(original);
  const b = tokens(sanitized);
  const pieces: Piece[] = [];
  const push = (kind: PieceKind, text: string) => {
    if (!text) return;
    const last = pieces[pieces.length - 1];
    if (last?.kind === kind) last.text += text;
    else pieces.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  let cursor = 0; // end of the last original token placed
  let previous: Op = 'same';
  for (const op of editScript(a.map((t) => t.text), b.map((t) => t.text))) {
    if (op === 'added') {
      const token = b[j++] as Token;
      push('added', `${pieces.length ? ' ' : ''}${token.text}`);
    } else {
      const token = a[i++] as Token;
      // The whitespace between two removed words is removed with them; any other stays.
      push(op === 'removed' && previous === 'removed' ? 'removed' : 'same', original.slice(cursor, token.start));
      push(op, token.text);
      cursor = token.end;
      if (op === 'same') j++;
    }
    previous = op;
  }
  push('same', original.slice(cursor));
  return pieces;
}
