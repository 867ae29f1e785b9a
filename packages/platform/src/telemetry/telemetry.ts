import { diag, DiagConsoleLogger, DiagLogLevel } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { maskedStatement } from './db-statement';
import { createPrometheusReader, dropPrometheusReader, serviceView } from './metrics';
import { currentPart } from './part-context';

export interface TelemetryOptions {
  serviceName: string;
  /** Extra span processors, e.g. an in-memory exporter in tests. */
  spanProcessors?: SpanProcessor[];
}

let sdk: NodeSDK | undefined;

/**
 * Names the part that made each span (`aura.service`) where several parts share the process
 * (AURA_TARGET=all, ADR 0014): the resource's service.name is then "aura" for all of them.
 */
const partOfSpans: SpanProcessor = {
  onStart: (span) => {
    const part = currentPart();
    if (part) span.setAttribute('aura.service', part);
  },
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};
let processName: string | undefined;

/** The name telemetry was started with: the part this process runs, or "aura" for all of them. */
export function telemetryServiceName(): string | undefined {
  return processName;
}

/**
 * Starts the OpenTelemetry SDK: traces and metrics, W3C trace context over HTTP and gRPC (Kafka
 * headers are handled by the event bus), a client span for every MongoDB command and Redis command
 * made within a trace (so a request's trace shows its database and Redis time; work outside any
 * trace, like the relays' polling, makes none). Exports over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set; otherwise spans are still created (trace ids reach logs and events) but not exported.
 * Metrics are always readable in the Prometheus format (GET /metrics, see metrics.ts) and also go
 * out over OTLP with the endpoint; every data point has a `service` attribute.
 * Call it before importing anything that should be instrumented.
 */
export function startTelemetry(options: TelemetryOptions): NodeSDK {
  if (sdk) return sdk;
  processName = options.serviceName;
  if (process.env.OTEL_LOG_LEVEL === 'debug') diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.DEBUG);
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
  const spanProcessors: SpanProcessor[] = [partOfSpans, ...(options.spanProcessors ?? [])];
  if (endpoint)
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 500 }));
  sdk = new NodeSDK({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      [ATTR_SERVICE_VERSION]: process.env.npm_package_version ?? '0.1.0',
      'deployment.environment.name': process.env.AURA_ENV ?? 'development',
    }),
    spanProcessors,
    views: [serviceView(options.serviceName)],
    metricReaders: [
      createPrometheusReader(),
      ...(endpoint
        ? [
            new PeriodicExportingMetricReader({
              exporter: new OTLPMetricExporter(),
              exportIntervalMillis: 15000,
            }),
          ]
        : []),
    ],
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes are neither traced nor counted as requests.
        ignoreIncomingRequestHook: (request) => /^\/(health|api\/health|metrics)/.test(request.url ?? ''),
      }),
      new GrpcInstrumentation(),
      // Mongoose runs on the mongodb driver; statements are recorded with their values masked.
      new MongoDBInstrumentation({ dbStatementSerializer: maskedStatement }),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  return sdk;
}

export async function stopTelemetry(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  dropPrometheusReader();
  await running?.shutdown().catch(() => undefined);
}
