// A small exact reader of the Prometheus text format (what /metrics answers): each sample's name,
// labels and value, so tests compare whole label sets and exact counts rather than substrings.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/gy;

function unescape(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    LABEL.lastIndex = 0;
    let read = 0;
    for (let m = LABEL.exec(body); m; m = LABEL.exec(body)) {
      labels[m[1]!] = unescape(m[2]!);
      read = LABEL.lastIndex;
    }
    if (read !== body.length) throw new Error(`bad labels: ${line}`);
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of one series name, as `label=value,...` -> value (labels in name order), `le` included. */
export function series(samples: Sample[], name: string, drop: string[] = []): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples) {
    if (s.name !== name) continue;
    const key = Object.entries(s.labels)
      .filter(([k]) => !drop.includes(k))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join(',');
    out[key] = (out[key] ?? 0) + s.value;
  }
  return out;
}
