import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Attributes,
  context,
  Counter,
  Histogram,
  metrics,
  MetricOptions,
  ObservableGauge,
  ObservableResult,
} from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import type {
  IAttributesProcessor,
  MetricData,
  ResourceMetrics,
  ViewOptions,
} from '@opentelemetry/sdk-metrics';
import { currentPart } from './part-context';

/**
 * Metrics of a process. Every instrument is created on the global meter provider that startTelemetry
 * registers (without it, e.g. in service tests, instruments are no-ops). Every data point carries a
 * `service` attribute (the process's service name) added by one view, so Prometheus and OTLP see the
 * same label. Names follow OpenTelemetry (dots); the Prometheus form replaces dots with underscores,
 * appends the unit (`_seconds`) and `_total` to counters: `aura.signups` → `aura_signups_total`.
 */
export const meter = () => metrics.getMeter('aura');

/** The process's Prometheus reader (set by startTelemetry); GET /metrics renders what it collects. */
let prometheus: PrometheusExporter | undefined;
const serializer = new PrometheusSerializer(undefined, false, undefined, false, true);

export function createPrometheusReader(): PrometheusExporter {
  prometheus = new PrometheusExporter({ preventServerStart: true });
  return prometheus;
}

export function dropPrometheusReader(): void {
  prometheus = undefined;
}

/** Attributes the instrumentations add that only multiply series (scheme, protocol version). */
const DROPPED = new Set(['url.scheme', 'network.protocol.version']);

/**
 * The one view of every instrument: adds `service`, drops attributes that only multiply series.
 * `service` is the part that recorded the point (part-context.ts: several parts share a process under
 * AURA_TARGET=all), else the process's service name; a point that names its `service` keeps it.
 */
export function serviceView(service: string): ViewOptions {
  const processor: IAttributesProcessor = {
    process: (incoming: Attributes) => {
      const out: Attributes = {};
      for (const [key, value] of Object.entries(incoming)) if (!DROPPED.has(key)) out[key] = value;
      if (typeof out.service !== 'string') out.service = currentPart() ?? service;
      return out;
    },
  };
  return { instrumentName: '*', attributesProcessors: [processor] };
}

const UNIT_SUFFIX: Record<string, string> = { s: 'seconds', ms: 'milliseconds', By: 'bytes' };

/** Prometheus naming: the unit as a suffix (`http.server.request.duration` [s] → `..._seconds`). */
function withUnitSuffix(metric: MetricData): MetricData {
  const suffix = UNIT_SUFFIX[metric.descriptor.unit];
  if (!suffix || metric.descriptor.name.endsWith(suffix)) return metric;
  return { ...metric, descriptor: { ...metric.descriptor, name: `${metric.descriptor.name}_${suffix}` } };
}

/** Which points one /metrics shows: those of `services` (every point when absent). */
export interface MetricsFilter {
  services?: readonly string[];
}

/** A metric with only the points of the given services (the part's own, in a shared process). */
function pointsOf(metric: MetricData, services: readonly string[] | undefined): MetricData {
  if (!services) return metric;
  const dataPoints = (metric.dataPoints as { attributes: Attributes }[]).filter((point) =>
    services.includes(String(point.attributes.service)),
  );
  return { ...metric, dataPoints } as MetricData;
}

/**
 * The process's metrics in the Prometheus text format (0.0.4). In a process of several parts each
 * part's /metrics shows its own points, so that scraping every part counts nothing twice.
 */
export async function renderMetrics(filter: MetricsFilter = {}): Promise<string> {
  if (!prometheus) return '# telemetry not started\n';
  const { resourceMetrics } = await prometheus.collect();
  const renamed: ResourceMetrics = {
    ...resourceMetrics,
    scopeMetrics: resourceMetrics.scopeMetrics.map((scope) => ({
      ...scope,
      metrics: scope.metrics.map((metric) => withUnitSuffix(pointsOf(metric, filter.services))),
    })),
  };
  return serializer.serialize(renamed);
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** GET /metrics for a plain node:http server (the services' health port). */
export function serveMetrics(
  _request: IncomingMessage,
  response: ServerResponse,
  filter: MetricsFilter = {},
): void {
  renderMetrics(filter).then(
    (text) => {
      response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
      response.end(text);
    },
    (error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`# failed to collect metrics: ${String(error)}\n`);
    },
  );
}

/**
 * A counter created on first use (after startTelemetry ran, whatever the import order). `touch`
 * records 0 for the given attributes, so the series exists before the first event.
 */
export class LazyCounter {
  private counter?: Counter;

  constructor(
    private readonly name: string,
    private readonly options: MetricOptions,
  ) {}

  private get instrument(): Counter {
    this.counter ??= meter().createCounter(this.name, this.options);
    return this.counter;
  }

  add(value: number, attributes?: Attributes): void {
    this.instrument.add(value, attributes);
  }

  touch(attributes?: Attributes): void {
    this.instrument.add(0, attributes);
  }
}

export class LazyHistogram {
  private histogram?: Histogram;

  constructor(
    private readonly name: string,
    private readonly options: MetricOptions,
  ) {}

  record(value: number, attributes?: Attributes): void {
    this.histogram ??= meter().createHistogram(this.name, this.options);
    this.histogram.record(value, attributes);
  }
}

/**
 * An observable gauge whose value comes from several sources (e.g. every consumer of a process):
 * the gauge is registered once, on the first source.
 */
export class GaugeSources {
  private gauge?: ObservableGauge;
  private readonly sources = new Set<(result: ObservableResult) => void>();

  constructor(
    private readonly name: string,
    private readonly options: MetricOptions,
  ) {}

  add(source: (result: ObservableResult) => void): () => void {
    // Observed when /metrics is read, outside the part that added the source: it names its part.
    const part = currentPart();
    const observe = part
      ? (result: ObservableResult) =>
          source({ observe: (value, attributes) => result.observe(value, { service: part, ...attributes }) })
      : source;
    if (!this.gauge) {
      this.gauge = meter().createObservableGauge(this.name, this.options);
      this.gauge.addCallback((result) => {
        for (const each of this.sources) each(result);
      });
    }
    this.sources.add(observe);
    return () => this.sources.delete(observe);
  }
}

/**
 * Names the route template (e.g. `/api/posts/:id`, never the raw path) of the HTTP request being
 * served: the HTTP instrumentation puts it on the server span and as `http.route` on
 * http.server.request.duration. Call it from the web framework's request hook.
 */
export function setHttpRoute(route: string | undefined): void {
  if (!route) return;
  const metadata = getRPCMetadata(context.active());
  if (metadata?.type === RPCType.HTTP) metadata.route = route;
}

/** RED of gRPC servers (recorded by GrpcServer for every method, unary and streaming). */
export const rpcServerDuration = new LazyHistogram('rpc.server.duration', {
  description: 'Duration of gRPC calls served, by method and status code.',
  unit: 's',
  advice: {
    explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
  },
});
