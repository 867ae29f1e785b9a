// The Grafana dashboards (charts/aura/dashboards/*.json) and alert rules (charts/aura/alerts/*.yaml)
// that docker-compose.yml provisions and the Helm chart ships: valid Grafana files, every PromQL
// expression on the metrics the apps emit (names and labels below, named after the OpenTelemetry
// Prometheus exporter), a dashboard for every app, an alert for each thing on call must hear about.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.join(__dirname, '..');
const dashboardsDir = path.join(root, 'charts/aura/dashboards');
const alertsDir = path.join(root, 'charts/aura/alerts');

// ---- the metrics: what the apps emit, with their labels ------------------------------------------

const HISTOGRAMS: Record<string, string[]> = {
  // error_type: on 5xx only (docs/adr/0007-metrics-and-traces.md)
  http_server_request_duration_seconds: [
    'service',
    'http_request_method',
    'http_route',
    'http_response_status_code',
    'error_type',
  ],
  rpc_server_duration_seconds: ['service', 'rpc_method', 'rpc_grpc_status_code'],
};
const SERIES: Record<string, string[]> = {
  aura_kafka_consumer_lag: ['service', 'group', 'topic', 'partition'],
  aura_kafka_dead_letters_total: ['service', 'topic'],
  aura_socket_connections: ['service'],
  aura_ledger_members_total_micro: ['service'],
  aura_ledger_sum_micro: ['service'],
  aura_ledger_check_ok: ['service'],
  aura_ledger_check_mismatches: ['service'],
  aura_signups_total: ['service'],
  aura_posts_created_total: ['service'],
  aura_tips_total: ['service'],
  aura_tips_micro_total: ['service'],
  aura_topups_total: ['service'],
  aura_topups_micro_total: ['service'],
  aura_transfers_total: ['service'],
  // Prometheus' own, per scrape target; `app` is the target label compose's Prometheus config and the
  // chart's ServiceMonitors set.
  up: ['app'],
};
/** Labels every series gets from its scrape target, and the histogram's bucket bound. */
const TARGET_LABELS = ['instance', 'job', 'app'];

const METRIC_LABELS = new Map<string, string[]>([
  ...Object.entries(SERIES),
  ...Object.entries(HISTOGRAMS).flatMap(([name, labels]) => [
    [`${name}_bucket`, [...labels, 'le']] as [string, string[]],
    [`${name}_sum`, labels] as [string, string[]],
    [`${name}_count`, labels] as [string, string[]],
  ]),
]);

// ---- a small PromQL reader: the metric names and label names an expression uses ------------------

const PROMQL_WORDS = new Set([
  // aggregations and their modifiers
  ...['sum', 'min', 'max', 'avg', 'count', 'stddev', 'stdvar', 'topk', 'bottomk', 'quantile', 'group'],
  ...[
    'by',
    'without',
    'on',
    'ignoring',
    'group_left',
    'group_right',
    'bool',
    'offset',
    'and',
    'or',
    'unless',
  ],
  // functions used in dashboards and alerts
  ...['rate', 'irate', 'increase', 'delta', 'deriv', 'histogram_quantile', 'abs', 'clamp_min', 'clamp_max'],
  ...['vector', 'scalar', 'time', 'absent', 'round', 'label_replace', 'max_over_time', 'min_over_time'],
  ...['avg_over_time', 'sum_over_time', 'changes', 'resets'],
]);

interface PromQl {
  metrics: string[];
  labels: string[];
}

function readPromQl(expr: string): PromQl {
  const labels: string[] = [];
  // Label matchers {a="x", b=~"y"}: their names, then out of the way.
  let rest = expr.replace(/\{([^}]*)\}/g, (_, inner: string) => {
    for (const match of inner.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"(?:[^"\\]|\\.)*"/g))
      labels.push(match[1]);
    return ' ';
  });
  // Grouping clauses by (a, b) / without (...) / on (...) / ignoring (...).
  rest = rest.replace(/\b(by|without|on|ignoring)\s*\(([^)]*)\)/g, (_, _word: string, inner: string) => {
    labels.push(
      ...inner
        .split(',')
        .map((label) => label.trim())
        .filter(Boolean),
    );
    return ' ';
  });
  rest = rest
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ') // strings
    .replace(/\[[^\]]*\]/g, ' ') // range selectors, [$__rate_interval]
    .replace(/\$__\w+/g, ' ') // Grafana's variables
    .replace(/(?<![a-zA-Z0-9_:])\d[\d.]*(e[+-]?\d+)?/gi, ' '); // numbers (0.99, 1e3)
  const metrics = [...rest.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)]
    .map((match) => match[0])
    .filter((word) => !PROMQL_WORDS.has(word) && !/^\d/.test(word) && !/^(e|inf|nan)$/i.test(word));
  return { metrics, labels };
}

/** What is wrong with an expression: unknown metrics, labels a metric does not have. */
function promQlProblems(expr: string): string[] {
  const { metrics, labels } = readPromQl(expr);
  const problems: string[] = [];
  if (metrics.length === 0) problems.push('names no metric');
  // Brackets balance and nest (strings aside).
  const stack: string[] = [];
  for (const char of expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')) {
    if ('({['.includes(char)) stack.push(')}]'['({['.indexOf(char)]);
    else if (')}]'.includes(char) && stack.pop() !== char) return [...problems, `unbalanced ${char}`];
  }
  if (stack.length > 0) problems.push(`unclosed bracket, expected ${stack.reverse().join('')}`);
  for (const metric of metrics) if (!METRIC_LABELS.has(metric)) problems.push(`unknown metric ${metric}`);
  const known = new Set([...TARGET_LABELS, ...metrics.flatMap((metric) => METRIC_LABELS.get(metric) ?? [])]);
  for (const label of labels)
    if (!known.has(label)) problems.push(`label ${label} is not on ${metrics.join(', ')}`);
  return problems;
}

// ---- the files ---------------------------------------------------------------------------------

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string; datasource?: { uid: string } }[];
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  tags: string[];
}

const dashboardFiles = fs
  .readdirSync(dashboardsDir)
  .filter((file) => file.endsWith('.json'))
  .sort();
const dashboards = new Map(
  dashboardFiles.map((file) => [
    file,
    JSON.parse(fs.readFileSync(path.join(dashboardsDir, file), 'utf8')) as Dashboard,
  ]),
);
const queries = (dashboard: Dashboard) =>
  dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel, target })));

const alertFiles = fs
  .readdirSync(alertsDir)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort();
interface Mapping {
  [key: string]: unknown;
}
const mapping = (value: unknown): Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Mapping) : {};
const alertRules = alertFiles.flatMap((file) => {
  const document = parse(fs.readFileSync(path.join(alertsDir, file), 'utf8')) as Mapping;
  return ((document.groups ?? []) as Mapping[]).flatMap((group) =>
    ((group.rules ?? []) as Mapping[]).map((rule) => ({ file, group, rule })),
  );
});
const ruleQueries = (rule: Mapping) =>
  ((rule.data ?? []) as Mapping[]).filter((entry) => entry.datasourceUid !== '__expr__');

/** The apps: the service folders and the gateway. */
const apps = [
  ...fs
    .readdirSync(path.join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
  'gateway',
];

// ---- the checks --------------------------------------------------------------------------------

describe('the PromQL reader', () => {
  it('finds metric and label names, and nothing else', () => {
    expect(
      readPromQl(
        'histogram_quantile(0.99, sum by (le, rpc_method) (rate(rpc_server_duration_seconds_bucket{service="social"}[$__rate_interval]))) / 1e3',
      ),
    ).toEqual({ metrics: ['rpc_server_duration_seconds_bucket'], labels: ['service', 'le', 'rpc_method'] });
    expect(promQlProblems('sum(rate(http_requests_total{code="500"}[5m]))')).toEqual([
      'unknown metric http_requests_total',
      'label code is not on http_requests_total',
    ]);
    expect(promQlProblems('sum by (rpc_route) (aura_kafka_consumer_lag)')).toEqual([
      'label rpc_route is not on aura_kafka_consumer_lag',
    ]);
    expect(promQlProblems('sum(rate(aura_tips_total[5m])')).toEqual(['unclosed bracket, expected )']);
    expect(promQlProblems('sum(aura_tips_total{service="a)"}))')).toEqual(['unbalanced )']);
  });
});

describe('Grafana dashboards (charts/aura/dashboards)', () => {
  it('are Grafana dashboard JSON: uid, title, schemaVersion, panels on the 24-column grid', () => {
    expect(dashboards.size).toBeGreaterThan(0);
    const uids = new Set<string>();
    for (const [file, dashboard] of dashboards) {
      expect({ file, uid: typeof dashboard.uid, title: typeof dashboard.title }).toEqual({
        file,
        uid: 'string',
        title: 'string',
      });
      expect(uids.has(dashboard.uid)).toBe(false);
      uids.add(dashboard.uid);
      expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
      expect(dashboard.tags).toContain('aura');
      expect(dashboard.panels.length).toBeGreaterThan(0);
      const ids = dashboard.panels.map((panel) => panel.id);
      expect({ file, duplicateIds: ids.filter((id, i) => ids.indexOf(id) !== i) }).toEqual({
        file,
        duplicateIds: [],
      });
      for (const { id, gridPos, type } of dashboard.panels) {
        expect({ file, id, type: typeof type }).toEqual({ file, id, type: 'string' });
        expect({
          file,
          id,
          fits: gridPos.w > 0 && gridPos.h > 0 && gridPos.x >= 0 && gridPos.x + gridPos.w <= 24,
        }).toEqual({ file, id, fits: true });
      }
    }
  });

  it('query the Prometheus data source (UID prometheus, which the chart can rename) with PromQL', () => {
    for (const [file, dashboard] of dashboards) {
      for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
        expect({ file, panel: panel.title, datasource: panel.datasource?.uid }).toEqual({
          file,
          panel: panel.title,
          datasource: 'prometheus',
        });
        expect({ file, panel: panel.title, queries: (panel.targets ?? []).length > 0 }).toEqual({
          file,
          panel: panel.title,
          queries: true,
        });
        const refIds = (panel.targets ?? []).map((target) => target.refId);
        expect(new Set(refIds).size).toBe(refIds.length);
      }
    }
  });

  it('use only the metrics the apps emit, with their labels', () => {
    for (const [file, dashboard] of dashboards)
      for (const { panel, target } of queries(dashboard))
        expect({
          file,
          panel: panel.title,
          expr: target.expr,
          problems: promQlProblems(target.expr),
        }).toEqual({
          file,
          panel: panel.title,
          expr: target.expr,
          problems: [],
        });
  });

  it('include an overview, the ledger, realtime, and one dashboard per app about that app', () => {
    for (const file of ['overview.json', 'ledger.json', 'realtime.json'])
      expect(dashboardFiles).toContain(file);
    for (const app of apps) {
      const dashboard = dashboards.get(`${app}.json`);
      expect({ app, dashboard: dashboard !== undefined }).toEqual({ app, dashboard: true });
      const exprs = queries(dashboard!).map(({ target }) => target.expr);
      // Every query of a service's dashboard is about that service (or a business counter).
      const aboutApp = exprs.filter(
        (expr) => expr.includes(`service="${app}"`) || expr.includes(`app="${app}"`),
      );
      expect({ app, aboutApp: aboutApp.length >= exprs.length / 2 }).toEqual({ app, aboutApp: true });
    }
    const ledger = queries(dashboards.get('ledger.json')!).map(({ target }) => target.expr);
    for (const metric of ['aura_ledger_check_ok', 'aura_ledger_sum_micro', 'aura_ledger_members_total_micro'])
      expect(ledger.some((expr) => expr.includes(metric))).toBe(true);
    const realtime = queries(dashboards.get('realtime.json')!).map(({ target }) => target.expr);
    expect(realtime.some((expr) => expr.includes('aura_socket_connections'))).toBe(true);
  });

  it('use every metric the apps emit somewhere', () => {
    const used = new Set(
      [...dashboards.values()].flatMap((dashboard) =>
        queries(dashboard).flatMap(({ target }) => readPromQl(target.expr).metrics),
      ),
    );
    const unused = [...METRIC_LABELS.keys()].filter(
      (metric) => !used.has(metric) && !/_(sum)$/.test(metric), // _sum: means are not charted
    );
    expect(unused).toEqual([]);
  });
});

describe('Grafana alert rules (charts/aura/alerts)', () => {
  it("are Grafana's alerting provisioning files: groups of rules whose condition is one of their queries", () => {
    expect(alertRules.length).toBeGreaterThan(0);
    const uids = alertRules.map(({ rule }) => String(rule.uid));
    expect(new Set(uids).size).toBe(uids.length);
    for (const { file, group, rule } of alertRules) {
      expect({
        file,
        group: typeof group.name,
        folder: typeof group.folder,
        interval: typeof group.interval,
      }).toEqual({
        file,
        group: 'string',
        folder: 'string',
        interval: 'string',
      });
      const data = (rule.data ?? []) as Mapping[];
      const refIds = data.map((entry) => entry.refId);
      expect({ uid: rule.uid, condition: refIds.includes(rule.condition as string) }).toEqual({
        uid: rule.uid,
        condition: true,
      });
      expect({ uid: rule.uid, title: typeof rule.title, for: /^\d+[smh]$/.test(String(rule.for)) }).toEqual({
        uid: rule.uid,
        title: 'string',
        for: true,
      });
      expect(mapping(rule.labels).severity).toMatch(/^(page|ticket)$/);
      expect(typeof mapping(rule.annotations).description).toBe('string');
      for (const entry of data) {
        const model = mapping(entry.model);
        expect(model.refId).toBe(entry.refId);
        if (entry.datasourceUid === '__expr__') {
          expect(['reduce', 'threshold', 'math']).toContain(model.type);
          expect(refIds).toContain(model.expression);
        } else {
          expect({ uid: rule.uid, datasourceUid: entry.datasourceUid }).toEqual({
            uid: rule.uid,
            datasourceUid: 'prometheus',
          });
        }
      }
    }
  });

  it('use only the metrics the apps emit, with their labels', () => {
    for (const { rule } of alertRules)
      for (const entry of ruleQueries(rule)) {
        const expr = String(mapping(entry.model).expr);
        expect({ uid: rule.uid, expr, problems: promQlProblems(expr) }).toEqual({
          uid: rule.uid,
          expr,
          problems: [],
        });
      }
  });

  it('cover error rate, p99 latency, consumer lag, dead-letter growth and ledger imbalance', () => {
    const exprs = alertRules.flatMap(({ rule }) =>
      ruleQueries(rule).map((entry) => String(mapping(entry.model).expr)),
    );
    const some = (pattern: RegExp) => exprs.some((expr) => pattern.test(expr));
    expect(some(/http_server_request_duration_seconds_count\{[^}]*http_response_status_code=~"5\.\."/)).toBe(
      true,
    );
    expect(some(/rpc_server_duration_seconds_count\{[^}]*rpc_grpc_status_code/)).toBe(true);
    expect(some(/histogram_quantile\(0\.99,[^]*http_server_request_duration_seconds_bucket/)).toBe(true);
    expect(some(/histogram_quantile\(0\.99,[^]*rpc_server_duration_seconds_bucket/)).toBe(true);
    expect(some(/aura_kafka_consumer_lag/)).toBe(true);
    expect(some(/increase\(aura_kafka_dead_letters_total/)).toBe(true);
    expect(some(/aura_ledger_check_ok/)).toBe(true);
    expect(some(/aura_ledger_sum_micro/)).toBe(true);
  });
});
