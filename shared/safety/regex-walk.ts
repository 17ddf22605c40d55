// One reader of a rule's regular expression source, shared by the analyses that derive something
// from it (anchors.ts: where a match can start; prefilter.ts: which literals it requires). The
// source is parsed once into a small tree and folded with an analysis's algebra, so the analyses
// differ only in what they make of each construct, never in how the source is read.
//
// The reader is conservative: a construct it does not model reaches the algebra as `any` (could be
// anything), and an expression with flags, or source it cannot read to the end, is not analysed.

/** What an analysis makes of each construct of an expression. */
export interface RegexAlgebra<T> {
  /** A class with more members than this (or a range spanning this many or more) counts as unknown. */
  readonly smallClass: number;
  /** one literal character */
  char(c: string): T;
  /** a class's members, or null when negated, holding a class escape (\d, \s), empty, or large */
  charClass(members: readonly string[] | null): T;
  /** anything: `.`, a class escape, a backreference, an escape not read */
  readonly any: T;
  /** nothing consumed: `$`, `\b`, `\B`, a lookaround */
  readonly empty: T;
  /** `^` */
  readonly start: T;
  /** Items in order; folded on demand, so an analysis may stop reading once the rest cannot matter. */
  sequence(items: Iterable<T>): T;
  /** two or more branches */
  alternation(branches: readonly T[]): T;
  /** `atom` repeated min..max times (max Infinity when open), greedy or lazy alike */
  repeat(atom: T, min: number, max: number): T;
}

type Node =
  | { kind: 'char'; c: string }
  /** members as code ranges [from, to] in source order (a lone character: from === to) */
  | { kind: 'class'; broad: boolean; ranges: Array<[number, number]> }
  | { kind: 'any' | 'empty' | 'start' }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'alternation'; branches: Node[] }
  | { kind: 'repeat'; atom: Node; min: number; max: number };

/** `re` folded with `algebra`, or null when it has flags or source the reader cannot follow. */
export function walkRegex<T>(re: RegExp, algebra: RegexAlgebra<T>): T | null {
  // flags change what a character matches or where ^ holds: only plain expressions are read
  if (/[imsuvy]/.test(re.flags)) return null;
  const parser = new Parser(re.source);
  const tree = parser.alternation();
  if (parser.at < re.source.length) return null;
  return fold(tree, algebra);
}

function fold<T>(node: Node, algebra: RegexAlgebra<T>): T {
  switch (node.kind) {
    case 'char':
      return algebra.char(node.c);
    case 'class':
      return algebra.charClass(members(node, algebra.smallClass));
    case 'any':
    case 'empty':
    case 'start':
      return algebra[node.kind];
    case 'sequence':
      return algebra.sequence(lazily(node.items, algebra));
    case 'alternation':
      return algebra.alternation(node.branches.map((b) => fold(b, algebra)));
    case 'repeat':
      return algebra.repeat(fold(node.atom, algebra), node.min, node.max);
  }
}

function* lazily<T>(items: Node[], algebra: RegexAlgebra<T>): Generator<T> {
  for (const item of items) yield fold(item, algebra);
}

/** A class's members when at most `small` (ranges expanded only when short), or null. */
function members(node: Extract<Node, { kind: 'class' }>, small: number): string[] | null {
  let broad = node.broad;
  const out = new Set<string>();
  for (const [a, b] of node.ranges) {
    if (b - a >= small) broad = true;
    else for (let k = a; k <= b; k++) out.add(String.fromCharCode(k));
  }
  return broad || out.size === 0 || out.size > small ? null : [...out];
}

const EMPTY_SEQUENCE: Node = { kind: 'sequence', items: [] };

/** A recursive-descent reader of JavaScript regular expression source (no flags). */
class Parser {
  at = 0;

  constructor(private readonly src: string) {}

  alternation(): Node {
    const first = this.sequence();
    if (this.src[this.at] !== '|') return first;
    const branches = [first];
    while (this.src[this.at] === '|') {
      this.at++;
      branches.push(this.sequence());
    }
    return { kind: 'alternation', branches };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.src.length && this.src[this.at] !== '|' && this.src[this.at] !== ')') items.push(this.quantified());
    return items.length === 0 ? EMPTY_SEQUENCE : { kind: 'sequence', items };
  }

  private quantified(): Node {
    const atom = this.atom();
    const q = this.quantifier();
    return q === null ? atom : { kind: 'repeat', atom, min: q[0], max: q[1] };
  }

  /** [min, max] of a quantifier at the cursor (max Infinity when open), or null when there is none. */
  private quantifier(): [number, number] | null {
    const c = this.src[this.at];
    let q: [number, number] | null = null;
    if (c === '?') q = [0, 1];
    else if (c === '*') q = [0, Infinity];
    else if (c === '+') q = [1, Infinity];
    else if (c === '{') {
      // a brace that opens no {m}, {m,} or {m,n} is a literal brace
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.at));
      if (m === null) return null;
      this.at += m[0].length - 1;
      q = [Number(m[1]), m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3])];
    }
    if (q === null) return null;
    this.at++;
    // lazy or greedy, a repetition matches the same strings
    if (this.src[this.at] === '?') this.at++;
    return q;
  }

  private atom(): Node {
    const c = this.src[this.at]!;
    if (c === '(') {
      this.at++;
      let lookaround = false;
      if (this.src.startsWith('?:', this.at)) this.at += 2;
      else if (/^\?<?[=!]/.test(this.src.slice(this.at, this.at + 3))) {
        lookaround = true;
        this.at += this.src[this.at + 1] === '<' ? 3 : 2;
      } else if (this.src.startsWith('?<', this.at)) this.at = this.src.indexOf('>', this.at) + 1;
      const inner = this.alternation();
      if (this.src[this.at] !== ')') throw new Error(`unbalanced group in /${this.src}/`);
      this.at++;
      // a lookaround consumes nothing
      return lookaround ? { kind: 'empty' } : inner;
    }
    if (c === '[') return this.characterClass();
    this.at++;
    if (c === '^') return { kind: 'start' };
    if (c === '$') return { kind: 'empty' };
    if (c === '.') return { kind: 'any' };
    if (c !== '\\') return { kind: 'char', c };
    const e = this.src[this.at++]!;
    if (e === 'b' || e === 'B') return { kind: 'empty' };
    const ch = this.escaped(e);
    return ch === null ? { kind: 'any' } : { kind: 'char', c: ch };
  }

  /** The character an escape (after its backslash) stands for, or null for a class or a reference. */
  private escaped(e: string): string | null {
    if ('dDsSwW'.includes(e)) return null;
    // A reference stands for whatever its group matched: its number's other digits, or its <name>,
    // are part of it, not literals a match would need.
    if (/[1-9]/.test(e)) {
      while (/[0-9]/.test(this.src[this.at] ?? '')) this.at++;
      return null;
    }
    if (e === 'k') {
      if (this.src[this.at] === '<') this.at = this.src.indexOf('>', this.at) + 1 || this.src.length;
      return null;
    }
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0' };
    if (simple[e] !== undefined) return simple[e];
    if (e === 'u' || e === 'x') {
      const width = e === 'u' ? 4 : 2;
      const hex = this.src.slice(this.at, this.at + width);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) return null;
      this.at += width;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (e === 'c') {
      // \cA is one control character: its letter is part of it
      if (/[a-zA-Z]/.test(this.src[this.at] ?? '')) this.at++;
      return null;
    }
    return e;
  }

  /** Inside a class, \b is the backspace character. */
  private classEscaped(e: string): string | null {
    return e === 'b' ? '\b' : this.escaped(e);
  }

  private characterClass(): Node {
    this.at++;
    const negated = this.src[this.at] === '^';
    if (negated) this.at++;
    const ranges: Array<[number, number]> = [];
    let broad = negated;
    while (this.at < this.src.length && this.src[this.at] !== ']') {
      let ch: string | null = this.src[this.at++]!;
      if (ch === '\\') ch = this.classEscaped(this.src[this.at++]!);
      if (ch === null) {
        broad = true;
        continue;
      }
      let to = ch;
      if (this.src[this.at] === '-' && this.src[this.at + 1] !== ']') {
        this.at++;
        let end: string | null = this.src[this.at++]!;
        if (end === '\\') end = this.classEscaped(this.src[this.at++]!);
        if (end === null) {
          broad = true;
          continue;
        }
        to = end;
      }
      ranges.push([ch.charCodeAt(0), to.charCodeAt(0)]);
    }
    if (this.src[this.at] !== ']') throw new Error(`unterminated class in /${this.src}/`);
    this.at++;
    return { kind: 'class', broad, ranges };
  }
}
