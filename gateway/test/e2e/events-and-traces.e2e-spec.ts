import { existsSync, readFileSync } from 'node:fs';
import { identityEvents } from '@aura/proto';
import { recordTopics, waitFor } from '@aura/platform/testing';
import { api, newMember } from './support/api';
import { createPost, socialMember } from './support/social';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const attribute = (span: Span, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

/**
 * Spans the stack exported over OTLP to the test run's sink, with the service that made each: the
 * resource's service.name, or in one process (AURA_TARGET=all, service.name "aura") the span's
 * `aura.service`.
 */
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
        scope.spans.map((span) => ({ ...span, service: String(attribute(span, 'aura.service') ?? service) })),
      );
    });
}

const CLIENT = 3;
/** A client span of the MongoDB or Redis instrumentation. */
const isCommandOf = (system: 'mongodb' | 'redis') => (span: Span) =>
  span.kind === CLIENT && attribute(span, 'db.system.name') === system;

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

  it('is one trace spanning the gateway, identity, their Redis and MongoDB commands and the Kafka publish', async () => {
    const member = newMember('trc');
    const { body } = await api('POST', '/auth/register', { body: member });
    const userId = body.user.id;
    const trace = await waitFor(
      () => {
        const spans = exportedSpans();
        const marked = spans.find((s) => s.service === 'identity' && attribute(s, 'aura.user_id') === userId);
        if (!marked) return undefined;
        const inTrace = spans.filter((s) => s.traceId === marked.traceId);
        const services = new Set(inTrace.map((s) => s.service));
        const published = inTrace.some((s) => s.name === 'aura.identity.user publish');
        const commands = inTrace.some(isCommandOf('mongodb')) && inTrace.some(isCommandOf('redis'));
        return services.has('gateway') && services.has('identity') && published && commands
          ? inTrace
          : undefined;
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
    // Database and Redis time: identity's MongoDB commands (storing the member) and the gateway's
    // rate-limit counters in Redis, each a client span in the request's trace.
    const mongo = trace.filter(isCommandOf('mongodb'));
    expect(mongo.map((s) => s.service)).toContain('identity');
    expect(trace.filter(isCommandOf('redis')).map((s) => s.service)).toContain('gateway');
    // The commands' statements have their values masked: no member data in the traces.
    expect(JSON.stringify(mongo.map((s) => s.attributes))).not.toContain(member.username);
  });
});

describe('a post through the real gateway, seen from the traces', () => {
  type Exported = Span & { service: string };
  /** The services from the trace's root down to `span`, following parent links. */
  const servicesUp = (byId: Map<string, Exported>, span: Exported): string[] => {
    const parent = byId.get(span.parentSpanId ?? '');
    return parent ? [...servicesUp(byId, parent), span.service] : [span.service];
  };

  it('is one trace from the gateway through social and Kafka to the reward and the notification', async () => {
    const author = await socialMember('tra');
    const friend = await socialMember('trf');
    const post = await createPost(author, { content: `Sunset swim with @${friend.username}` });

    // Parents end (and are exported) after their children: wait until both spans link up to the root.
    const found = await waitFor(
      () => {
        const spans = exportedSpans();
        const created = spans.find((s) => s.service === 'social' && attribute(s, 'aura.post_id') === post.id);
        if (!created) return undefined;
        const inTrace = spans.filter((s) => s.traceId === created.traceId);
        const byId = new Map(inTrace.map((s) => [s.spanId, s]));
        const reward = inTrace.find((s) => s.service === 'economy' && s.name === 'economy reward');
        const notification = inTrace.find(
          (s) => s.service === 'messaging' && s.name === 'messaging notification',
        );
        if (!reward || !notification) return undefined;
        const paths = [reward, notification].map((span) => servicesUp(byId, span));
        return paths.every((path) => path[0] === 'gateway')
          ? { inTrace, reward, notification, paths }
          : undefined;
      },
      { what: 'the reward and the notification in the post trace', timeoutMs: 30000, intervalMs: 250 },
    );

    const root = found.inTrace.find((s) => !s.parentSpanId)!;
    expect(root).toMatchObject({ service: 'gateway', kind: 2 });
    expect(
      found.inTrace.some((s) => s.service === 'gateway' && attribute(s, 'aura.member_id') === author.id),
    ).toBe(true);
    expect(attribute(found.reward, 'aura.post_id')).toBe(post.id);
    expect(Number(attribute(found.reward, 'aura.amount_micro'))).toBeGreaterThan(0);
    expect(attribute(found.notification, 'aura.member_id')).toBe(friend.id);
    // Each is reached from the gateway through social (gRPC, then the outbox's publish to Kafka).
    for (const [index, service] of ['economy', 'messaging'].entries()) {
      const path = found.paths[index]!;
      expect(path).toContain('social');
      expect(path.indexOf('social')).toBeLessThan(path.lastIndexOf(service));
    }
  });
});
