import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { serverRoot } from '../src/package-root.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const run = promisify(execFile);
const repoRoot = join(serverRoot, '..', '..');
const rulesFile = join(repoRoot, 'ops/prometheus/alerts.yml');
const rulesTestFile = join(repoRoot, 'ops/prometheus/alerts.test.yml');
const dashboardFile = join(repoRoot, 'ops/grafana/tickerwise-dashboard.json');
const runbookFile = join(repoRoot, 'docs/operations.md');

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface RuleFile {
  groups: Array<{ name: string; interval?: string; rules: Rule[] }>;
}
interface Target {
  refId: string;
  expr: string;
  datasource?: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: Target[];
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string }> };
}

const rules = parseYaml(readFileSync(rulesFile, 'utf8')) as RuleFile;
const allRules = rules.groups.flatMap((group) => group.rules);
const alerts = allRules.filter((rule) => rule.alert);
const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as Dashboard;
const dashboardExprs = dashboard.panels.flatMap((panel) =>
  (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })),
);

/** The metric names a PromQL expression reads: ours, Node's, the process's, and `up`. */
function metricNames(expr: string): string[] {
  const names = expr.match(/\b(?:tickerwise[_:][a-z0-9_:]+|nodejs_[a-z0-9_]+|process_[a-z0-9_]+)/g);
  return [...new Set(names ?? [])];
}

/** promtool from Debian's prometheus package, when installed. */
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((path) => existsSync(path));

describe('the Prometheus alert rules and Grafana dashboard under ops/', () => {
  let testApp: TestApp;
  let exported: Set<string>;

  beforeAll(async () => {
    testApp = await createTestApp();
    // Every name a scrape can hold, from its TYPE lines: a histogram's series are its
    // _bucket, _sum and _count; a labelled metric nothing has touched yet has no sample.
    const text = await testApp.app.metrics.text();
    exported = new Set();
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      const base = name as string;
      if (type === 'histogram' || type === 'summary') {
        for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${base}${suffix}`);
      }
      exported.add(base);
    }
    for (const rule of allRules) if (rule.record) exported.add(rule.record);
  });
  afterAll(() => testApp.close());

  it('names only metrics the server exports (or rules record)', () => {
    const unknown: string[] = [];
    for (const { expr, where } of [
      ...allRules.map((rule) => ({ expr: rule.expr, where: rule.alert ?? rule.record })),
      ...dashboardExprs.map(({ expr, panel }) => ({ expr, where: `panel ${panel}` })),
    ]) {
      for (const name of metricNames(expr)) {
        if (!exported.has(name)) unknown.push(`${where}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
    // The scan above would pass on expressions it cannot read: make sure it reads them.
    expect(metricNames(alerts[0]?.expr ?? '')).not.toEqual([]);
    expect(exported.has('tickerwise_http_request_duration_seconds_bucket')).toBe(true);
    expect(exported.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('gives every alert a severity, a summary and a runbook section that exists', () => {
    const runbook = readFileSync(runbookFile, 'utf8');
    const headings = new Set(
      [...runbook.matchAll(/^### (\S+)$/gm)].map((match) => (match[1] as string).toLowerCase()),
    );
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    for (const alert of alerts) {
      const name = alert.alert as string;
      expect(name).toMatch(/^Tickerwise[A-Z][A-Za-z]+$/);
      expect(['page', 'ticket']).toContain(alert.labels?.severity);
      expect(alert.for, name).toMatch(/^\d+[smh]$/);
      expect(alert.annotations?.summary, name).toBeTruthy();
      expect(alert.annotations?.runbook_url, name).toBe(`docs/operations.md#${name.toLowerCase()}`);
      expect(headings.has(name.toLowerCase()), `docs/operations.md has ### ${name}`).toBe(true);
    }
    expect(new Set(alerts.map((alert) => alert.alert)).size).toBe(alerts.length);
  });

  it('lays the dashboard out on Grafana’s grid, every panel on the chosen Prometheus', () => {
    expect(dashboard).toMatchObject({ uid: 'tickerwise-overview', title: 'Tickerwise' });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list.map((variable) => variable.name)).toEqual([
      'datasource',
      'instance',
    ]);
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Set<string>();
    for (const panel of dashboard.panels) {
      const { x, y, w, h } = panel.gridPos;
      expect(x >= 0 && w > 0 && x + w <= 24 && h > 0, panel.title).toBe(true);
      for (let row = y; row < y + h; row += 1) {
        for (let column = x; column < x + w; column += 1) {
          const cell = `${row}:${column}`;
          expect(cells.has(cell), `${panel.title} overlaps another panel`).toBe(false);
          cells.add(cell);
        }
      }
      if (panel.type === 'row') continue;
      // Grafana's variable of the data source chosen on import (a Grafana `$`, not ours).
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: `\${datasource}` });
      const targets = panel.targets ?? [];
      expect(targets.length, panel.title).toBeGreaterThan(0);
      expect(new Set(targets.map((target) => target.refId)).size).toBe(targets.length);
      for (const target of targets) expect(target.expr.trim(), panel.title).not.toBe('');
    }
    // What the issue asks to watch, each on some panel.
    const all = dashboardExprs.map(({ expr }) => expr).join('\n');
    for (const name of [
      'tickerwise_http_request_duration_seconds_bucket',
      'tickerwise_http_errors_total',
      'tickerwise_sse_connections',
      'tickerwise_upstream_calls_total',
      'tickerwise_upstream_budget_used',
      'tickerwise_jobs_due',
      'tickerwise_jobs_oldest_due_seconds',
      'tickerwise_outbox_waiting',
      'tickerwise_db_pool_connections',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(all).toContain(name);
    }
  });

  describe.skipIf(!promtool)('promtool', () => {
    const program = promtool as string;

    it('checks the rules and runs their unit tests', async () => {
      const checked = await run(program, ['check', 'rules', rulesFile]);
      expect(checked.stdout).toMatch(/SUCCESS: \d+ rules found/);
      const tested = await run(program, ['test', 'rules', rulesTestFile]);
      expect(`${tested.stdout}${tested.stderr}`).toMatch(/SUCCESS/);
    });

    it("parses every dashboard query (as a recording rule, Grafana's variables filled in)", async () => {
      const folder = mkdtempSync(join(tmpdir(), 'tickerwise-promql-'));
      try {
        const file = join(folder, 'dashboard-queries.yml');
        const recorded = dashboardExprs.map(({ expr }, index) => ({
          record: `dashboard:query_${index}`,
          expr: expr
            .replaceAll('$__rate_interval', '5m')
            .replaceAll('$__range', '1d')
            .replaceAll('$instance', '.*'),
        }));
        writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules: recorded }] }));
        const checked = await run(program, ['check', 'rules', file]);
        expect(checked.stdout).toContain(`SUCCESS: ${recorded.length} rules found`);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});
