import { existsSync, readFileSync } from 'node:fs';
import { identityEvents } from '@aura/proto';
import { recordTopics, waitFor } from '@aura/platform/testing';
import { api, newMember } from './support/api';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** Spans the stack exported over OTLP to the test run's sink, with the service that made each. */
function exportedSpans(): (Span & { service: string })[] {
  const file = process.env.AURA_TEST_SPANS_FILE!;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      const resourceSpans = JSON.parse(line);
      const service = resourceSpans.resource.attributes.find((a: { key: string }) => a.key === 'service.name')
        ?.value.stringValue;
      return resourceSpans.scopeSpans.flatMap((scope: { spans: Span[] }) =>
        scope.spans.map((span) => ({ ...span, service })),
      );
    });
}

const attribute = (span: Span, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe('a registration, seen from Kafka and from the traces', () => {
  it('publishes user.registered keyed by the member id, with its trace context', async () => {
    const recorder = await recordTopics((process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), [
      'aura.identity.user',
    ]);
    try {
      const member = newMember('evt');
      const { body } = await api('POST', '/auth/register', { body: member });
      const record = await waitFor(() => recorder.records.find((r) => r.key === body.user.id), {
        what: 'user.registered on aura.identity.user',
        timeoutMs: 20000,
      });
      expect(record.headers['aura-event-type']).toBe('user.registered');
      expect(record.headers['aura-producer']).toBe('identity');
      expect(record.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
      const payload = identityEvents.UserRegistered.decode(record.value);
      expect(payload).toMatchObject({
        userId: body.user.id,
        username: member.username,
        auraScore: 100,
        role: 'user',
      });
      expect(payload).not.toHaveProperty('password');
    } finally {
      await recorder.stop();
    }
  });

  it('is one trace spanning the gateway, identity and the Kafka publish', async () => {
    const { body } = await api('POST', '/auth/register', { body: newMember('trc') });
    const userId = body.user.id;
    const trace = await waitFor(
      () => {
        const spans = exportedSpans();
        const marked = spans.find((s) => s.service === 'identity' && attribute(s, 'aura.user_id') === userId);
        if (!marked) return undefined;
        const inTrace = spans.filter((s) => s.traceId === marked.traceId);
        const services = new Set(inTrace.map((s) => s.service));
        const published = inTrace.some((s) => s.name === 'aura.identity.user publish');
        return services.has('gateway') && services.has('identity') && published ? inTrace : undefined;
      },
      { what: 'the exported trace', timeoutMs: 20000, intervalMs: 250 },
    );
    const gatewayServer = trace.find((s) => s.service === 'gateway' && s.kind === 2);
    const identityServer = trace.find((s) => s.service === 'identity' && s.kind === 2);
    expect(gatewayServer).toBeDefined();
    expect(identityServer).toBeDefined();
    // identity's server span hangs under a gateway span (the gRPC client call).
    const parent = trace.find((s) => s.spanId === identityServer!.parentSpanId);
    expect(parent?.service).toBe('gateway');
  });
});
