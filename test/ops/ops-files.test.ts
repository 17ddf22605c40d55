// ops/: the Grafana dashboard and the Prometheus alert rules are built on series the service
// exports. Both files are parsed; every series they name must be one of shared/metrics.ts (or of
// prom-client's process metrics), and every label they select or group by one that series carries.
import { readFileSync } from 'node:fs';
import { Histogram, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../shared/metrics.js';
import { readYaml } from '../helpers/yaml-subset.js';

const HISTOGRAM_SUFFIXES = ['_bucket', '_sum', '_count'];
/** Labels every scraped sample gets from Prometheus itself. */
const TARGET_LABELS = ['instance', 'job'];

/** Every series a process exposes, with its labels: histograms under their three sample names. */
function exported(): Map<string, Set<string>> {
  const { registry } = createMetrics();
  const out = new Map<string, Set<string>>();
  for (const { name } of registry.getMetricsAsArray()) {
    // prom-client keeps a metric's label names on the metric object, untyped.
    const metric = registry.getSingleMetric(name) as Metric & { labelNames?: string[] };
    const labels = new Set([...(metric.labelNames ?? []), ...TARGET_LABELS]);
    if (metric instanceof Histogram) {
      for (const suffix of HISTOGRAM_SUFFIXES) out.set(name + suffix, suffix === '_bucket' ? new Set([...labels, 'le']) : labels);
    } else out.set(name, labels);
  }
  return out;
}

const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'rate', 'increase', 'histogram_quantile', 'by', 'on', 'without', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'label_values']);

/** The series an expression names: metric names (followed by a selector, a range or nothing), not functions or label names. */
function seriesIn(expr: string): { name: string; labels: string[] }[] {
  const found: { name: string; labels: string[] }[] = [];
  // Group-by and on() lists hold label names, not series; they are checked apart.
  const withoutGroups = expr.replace(/\b(by|on|without|ignoring)\s*\(([^)]*)\)/g, '');
  for (const m of withoutGroups.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(\{[^}]*\})?(?!\s*\()/g)) {
    const [, name, selector] = m;
    if (PROMQL_WORDS.has(name!) || /^\d/.test(name!) || !/_/.test(name!)) continue;
    // Inside a selector: label names, skipped with it.
    const before = withoutGroups.slice(0, m.index);
    if (before.lastIndexOf('{') > before.lastIndexOf('}')) continue;
    const labels = [...(selector ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!=|!~|=)/g)].map((l) => l[1]!);
    found.push({ name: name!, labels });
  }
  return found;
}

const groupLabels = (expr: string) => [...expr.matchAll(/\b(?:by|on)\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()).filter(Boolean));

function check(expr: string, where: string, series: Map<string, Set<string>>) {
  const named = seriesIn(expr);
  expect(named.length, `${where}: names no series: ${expr}`).toBeGreaterThan(0);
  for (const { name, labels } of named) {
    expect(series.has(name), `${where}: ${name} is not exported`).toBe(true);
    for (const label of labels) expect(series.get(name)!.has(label), `${where}: ${name} has no label ${label}`).toBe(true);
  }
  const carried = new Set(named.flatMap(({ name }) => [...series.get(name)!]));
  for (const label of groupLabels(expr)) expect(carried.has(label), `${where}: no series of "${expr}" carries ${label}`).toBe(true);
  return named.map((n) => n.name);
}

function exprsOf(node: unknown, path: string, out: { expr: string; where: string }[] = []) {
  if (Array.isArray(node)) node.forEach((n, i) => exprsOf(n, `${path}[${i}]`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'expr' && typeof v === 'string') out.push({ expr: v, where: path });
      else exprsOf(v, `${path}.${k}`, out);
    }
  }
  return out;
}

describe('ops/', () => {
  const series = exported();

  it('the reader of expressions finds series, labels and groupings', () => {
    expect(seriesIn('sum by (le, queue) (rate(promptgate_job_wait_seconds_bucket{queue="score"}[5m])) / max(up)')).toEqual([
      { name: 'promptgate_job_wait_seconds_bucket', labels: ['queue'] },
    ]);
    expect(groupLabels('a > on (queue, job_name) (max by (x) (b))')).toEqual(['queue', 'job_name', 'x']);
    expect(() => check('rate(promptgate_no_such_series[5m])', 'probe', series)).toThrow(/not exported/);
    expect(() => check('sum by (provider) (promptgate_pool_concurrency)', 'probe', series)).toThrow(/carries provider/);
  });

  it('the Grafana dashboard: every panel query names exported series and labels', () => {
    const dashboard = JSON.parse(readFileSync('ops/grafana-dashboard.json', 'utf8')) as { panels: { type: string; title: string; targets?: unknown[] }[] };
    const exprs = exprsOf(dashboard.panels, 'panels');
    const named = new Set(exprs.flatMap(({ expr, where }) => check(expr.replace(/\$__rate_interval/g, '5m').replace(/\$route/g, '.*'), where, series)));
    // What the issue asks the dashboard to show.
    for (const name of [
      'promptgate_http_request_duration_seconds_count',
      'promptgate_http_request_duration_seconds_bucket',
      'promptgate_job_wait_seconds_bucket',
      'promptgate_pool_busy_seconds_total',
      'promptgate_pool_concurrency',
      'promptgate_x402_payments_total',
      'promptgate_paid_calls_total',
    ]) expect(named).toContain(name);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
  });

  it('the alert rules: the four alerts of the issue, on exported series and labels', () => {
    const doc = readYaml(readFileSync('ops/prometheus-alerts.yml', 'utf8')) as { groups: { name: string; rules: Record<string, unknown>[] }[] };
    const rules = doc.groups.flatMap((g) => g.rules);
    for (const rule of rules) {
      expect(rule).toMatchObject({ alert: expect.stringMatching(/^Promptgate/), expr: expect.any(String), for: expect.stringMatching(/^\d+[smh]$/) });
      expect(rule.labels).toMatchObject({ severity: expect.stringMatching(/^(warning|critical)$/) });
      check(rule.expr as string, rule.alert as string, series);
    }
    const byName = Object.fromEntries(rules.map((r) => [r.alert as string, r]));
    expect(byName.PromptgateQueueWaitHigh?.expr).toMatch(/promptgate_job_wait_seconds_bucket.*promptgate_job_timeout_seconds\) \/ 2/);
    expect(byName.PromptgatePoolSaturated).toMatchObject({ for: '5m', expr: expect.stringMatching(/> 0\.9$/) });
    expect(byName.PromptgateSettlementFailures?.expr).toContain('outcome="settlement_failed"');
    expect(byName.PromptgateRedisNotReady?.expr).toContain('promptgate_redis_ready');
  });

  it('the YAML reader refuses what it does not read', () => {
    expect(readYaml('a:\n  - b: "x\\ty"\n    c: plain # note\n  - d: \'it\'\'s\'\n')).toEqual({ a: [{ b: 'x\ty', c: 'plain' }, { d: "it's" }] });
    expect(() => readYaml('a: [1, 2]')).toThrow(/subset/);
    expect(() => readYaml('a: |\n  text')).toThrow(/subset/);
    expect(() => readYaml('a:\n    b: 1\n  c: 2')).toThrow(/indentation/);
  });
});
