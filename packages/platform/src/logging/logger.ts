import { trace } from '@opentelemetry/api';
import pino, { Logger } from 'pino';

export type { Logger } from 'pino';

/** JSON logs with the active trace and span ids, so a log line leads to its trace. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    redact: {
      paths: ['password', '*.password', 'refresh_token', '*.refresh_token', 'authorization'],
      remove: true,
    },
  });
}
