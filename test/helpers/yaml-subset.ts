// Reads the YAML the repository's own ops files are written in (no YAML package in the lock):
// nested block mappings and sequences, plain, double-quoted (JSON escapes) and single-quoted
// scalars, comment lines. Anything else (flow collections, block scalars, anchors) is refused, so a
// file that strays from the subset fails its test instead of being misread.
type Yaml = string | Yaml[] | { [key: string]: Yaml };

interface Line {
  indent: number;
  text: string;
  /** A `- ` item start: `text` is what follows it, two columns further in. */
  item: boolean;
  at: number;
}

function scalar(raw: string, at: number): string {
  const text = raw.trim();
  if (text.startsWith('"')) return JSON.parse(text) as string;
  if (text.startsWith("'")) {
    if (!text.endsWith("'")) throw new Error(`line ${at}: unterminated quote`);
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (/^[[{|>&*!]/.test(text)) throw new Error(`line ${at}: outside the YAML subset: ${text}`);
  return text.replace(/\s+#.*$/, '');
}

function lines(source: string): Line[] {
  const out: Line[] = [];
  source.split('\n').forEach((raw, i) => {
    const text = raw.trimEnd();
    const indent = text.length - text.trimStart().length;
    if (text.trim() === '' || text.trim().startsWith('#')) return;
    if (raw.includes('\t')) throw new Error(`line ${i + 1}: tab`);
    const body = text.slice(indent);
    if (body.startsWith('- ')) {
      out.push({ indent, text: '', item: true, at: i + 1 });
      out.push({ indent: indent + 2, text: body.slice(2), item: false, at: i + 1 });
    } else out.push({ indent, text: body, item: false, at: i + 1 });
  });
  return out;
}

function block(all: Line[], start: number): [Yaml, number] {
  const first = all[start]!;
  const indent = first.indent;
  let k = start;
  if (first.item) {
    const items: Yaml[] = [];
    while (k < all.length && all[k]!.indent === indent && all[k]!.item) {
      const [value, next] = block(all, k + 1);
      items.push(value);
      k = next;
    }
    return [items, k];
  }
  const map: Record<string, Yaml> = {};
  while (k < all.length && all[k]!.indent === indent && !all[k]!.item) {
    const line = all[k]!;
    const m = /^([A-Za-z_][\w.-]*):(?:\s+(.*))?$/.exec(line.text);
    if (!m) throw new Error(`line ${line.at}: not a "key: value" line: ${line.text}`);
    if (m[2] !== undefined && m[2] !== '') {
      map[m[1]!] = scalar(m[2], line.at);
      k++;
    } else {
      const child = all[k + 1];
      if (!child || child.indent <= indent) throw new Error(`line ${line.at}: "${m[1]}" has no value`);
      [map[m[1]!], k] = block(all, k + 1);
    }
  }
  if (k < all.length && all[k]!.indent > indent) throw new Error(`line ${all[k]!.at}: unexpected indentation`);
  return [map, k];
}

export function readYaml(source: string): Yaml {
  const all = lines(source);
  const [value, end] = block(all, 0);
  if (end !== all.length) throw new Error(`line ${all[end]!.at}: unexpected indentation`);
  return value;
}
