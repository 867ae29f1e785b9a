import {
  Attributes,
  context,
  Context,
  propagation,
  Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

export const tracer = () => trace.getTracer('aura');

/** Runs fn in a new active span, records errors on it, and ends it. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      recordError(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A trace context (a span's place in its trace), e.g. eventTrace()'s. */
export type TraceContext = Context;

/**
 * A span for work already done, from `startTime` to now, under `parent` (default: the active span): one
 * item of a batch that was handled as a whole (a reward of a run), so the item's own trace shows it.
 */
export function recordSpan(
  name: string,
  attributes: Attributes,
  parent: Context | undefined,
  startTime: Date,
): void {
  tracer()
    .startSpan(name, { attributes, startTime }, parent ?? context.active())
    .end();
}

export function recordError(span: Span | undefined, error: unknown): void {
  if (!span) return;
  span.recordException(error instanceof Error ? error : new Error(String(error)));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** Adds domain attributes (aura.user_id, aura.post_id, aura.amount_micro ...) to the active span. */
export function annotate(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/** Writes the active trace context into a string map (Kafka headers, outbox records). */
export function injectTraceContext(
  carrier: Record<string, string> = {},
  from: Context = context.active(),
): Record<string, string> {
  propagation.inject(from, carrier);
  return carrier;
}

/** Reads trace context from a string map and returns the context to run the consumer in. */
export function extractTraceContext(carrier: Record<string, string | undefined>) {
  return propagation.extract(context.active(), carrier);
}

export function currentTraceId(): string | undefined {
  return trace.getActiveSpan()?.spanContext().traceId;
}
