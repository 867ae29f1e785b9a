// One trace, in memory: a post created through the gateway's gRPC client runs through social (gRPC
// server, outbox, Kafka publish) into every consumer of post.created: economy pays the author's reward
// and messaging notifies the member the post mentions. Social, economy and messaging run in-process
// against the real local infrastructure (deploy/local), with an InMemorySpanExporter on the platform's
// telemetry (./in-memory-telemetry, imported first: it instruments grpc-js before any client exists).
import { exporter, grpcInstrumentation } from './in-memory-telemetry';
import { callerMetadata, recordError, ServiceRuntime, unaryCall } from '@aura/platform';
import { testConfig, testIdentity, waitFor } from '@aura/platform/testing';
import * as grpc from '@grpc/grpc-js';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { startEconomy, Harness as EconomyHarness } from '../../../services/economy/test/harness';
import { loadMessagingConfig } from '../../../services/messaging/src/config';
import type { Participant } from '../../../services/messaging/src/members/participant';
import { MessagingModule } from '../../../services/messaging/src/messaging.module';
import { NotificationsConsumer } from '../../../services/messaging/src/notifications/notifications.consumer';
import { Harness as SocialHarness, startHarness } from '../../../services/social/src/test-support/harness';
import { social } from '@aura/proto';

const known = new Map<string, Participant>();
let economy: EconomyHarness;
let socialHarness: SocialHarness;
let messagingRuntime: ServiceRuntime;
let messagingApp: INestApplicationContext;

beforeAll(async () => {
  // Economy first: a reward is paid only for what happened after its ledger began.
  economy = await startEconomy('trace', { consumers: true });
  const base = testConfig();
  const config = loadMessagingConfig({
    ...process.env,
    AURA_ENV: 'test',
    AURA_DB_SUFFIX: base.AURA_DB_SUFFIX,
    KAFKA_GROUP_PREFIX: `test-trace-${Date.now()}`,
    LOG_LEVEL: 'silent',
    MESSAGING_CACHE_TTL_SECONDS: '3600',
  });
  messagingRuntime = await ServiceRuntime.create({
    service: 'messaging',
    config,
    redis: true,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  const identity = { find: async (id: string) => known.get(id) ?? null, close: () => undefined };
  messagingApp = await NestFactory.createApplicationContext(
    MessagingModule.register(messagingRuntime, config, identity),
    { logger: false },
  );
  await messagingApp.init();
  await messagingApp.get(NotificationsConsumer).start();
  socialHarness = await startHarness('trace');
});

afterAll(async () => {
  await socialHarness?.close();
  await messagingApp?.close();
  await messagingRuntime?.stop();
  await economy?.stop();
  grpcInstrumentation.disable();
});

/** A member as social, economy and messaging know it (identity's events, as delivered). */
async function member(name: string): Promise<string> {
  const username = `${name}_${randomBytes(4).toString('hex')}`;
  const id = await socialHarness.member(username);
  economy.identity.members.set(id, {
    id,
    username,
    displayName: username,
    role: 'user',
    isSuperAura: false,
  });
  known.set(id, {
    id,
    username,
    displayName: username,
    profilePicture: '',
    auraScore: 100,
    isSuperAura: false,
  });
  return id;
}

/**
 * What the gateway does for POST /api/posts: its HTTP server span (with the caller, as AuthGuard
 * annotates it) around the gRPC call of its SocialClient.
 */
function postThroughGateway(authorId: string, request: Partial<social.CreatePostRequest>) {
  const client = socialHarness.client;
  return trace
    .getTracer('gateway')
    .startActiveSpan(
      'POST /api/posts',
      { kind: SpanKind.SERVER, attributes: { 'http.route': '/api/posts', 'aura.member_id': authorId } },
      async (span) => {
        try {
          return await unaryCall(
            client,
            client.createPost,
            social.CreatePostRequest.fromPartial(request),
            callerMetadata({ userId: authorId, role: 'user' }, undefined, testIdentity('gateway')),
          );
        } catch (error) {
          recordError(span, error);
          throw error;
        } finally {
          span.end();
        }
      },
    );
}

const attr = (span: ReadableSpan, key: string) => span.attributes[key];
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** The finished spans of the trace of `author`'s gateway request, once `complete` says they are all in. */
function traceOf(author: string, complete: (spans: ReadableSpan[]) => boolean, what: string) {
  return waitFor(
    () => {
      const all = exporter.getFinishedSpans();
      const root = all.find((s) => s.name === 'POST /api/posts' && attr(s, 'aura.member_id') === author);
      if (!root) return undefined;
      const inTrace = all.filter((s) => s.spanContext().traceId === root.spanContext().traceId);
      return complete(inTrace) ? inTrace : undefined;
    },
    { what, timeoutMs: 15000, intervalMs: 250 },
  ).catch((error: Error) => {
    // What did arrive, to see where the trace broke.
    const seen = exporter
      .getFinishedSpans()
      .map((s) => `${s.spanContext().traceId.slice(0, 6)} ${SpanKind[s.kind]} ${s.name}`);
    throw new Error(`${error.message}; finished spans:\n${seen.join('\n')}`);
  });
}

describe('a post that earns a reward and notifies a mentioned member', () => {
  it('is one trace: gateway → gRPC → social → Kafka → economy reward and messaging notification', async () => {
    const author = await member('author');
    const friend = await member('friend');
    const friendName = known.get(friend)!.username;
    const post = await postThroughGateway(author, {
      content: `A walk by the sea with @${friendName}`,
      contentType: 'text',
      category: 'lifestyle',
      isStory: false,
    });

    const spans = await traceOf(
      author,
      // A parent span ends after its children: wait for the consumer spans too, not only the
      // reward and notification spans under them.
      (inTrace) =>
        inTrace.some((s) => s.name === 'economy reward') &&
        inTrace.some((s) => s.name === 'messaging notification') &&
        inTrace.some((s) => s.name === 'aura.social.content publish') &&
        ['.economy.rewards', '.messaging.notifications'].every((group) =>
          inTrace.some(
            (s) =>
              s.kind === SpanKind.CONSUMER &&
              String(attr(s, 'messaging.consumer.group.name')).endsWith(group),
          ),
        ),
      'the reward and notification spans in the post trace',
    );
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const chain = (span: ReadableSpan): string[] => {
      const parent = byId.get(parentOf(span) ?? '');
      return parent ? [...chain(parent), span.name] : [span.name];
    };

    // The gateway's gRPC call and social's server span under it, with the post id.
    const root = spans.find((s) => s.name === 'POST /api/posts')!;
    const client = spans.find(
      (s) =>
        s.kind === SpanKind.CLIENT &&
        s.name.endsWith('SocialService/CreatePost') &&
        parentOf(s) === root.spanContext().spanId,
    );
    expect(client).toBeDefined();
    const server = spans.find(
      (s) => s.kind === SpanKind.SERVER && parentOf(s) === client!.spanContext().spanId,
    );
    expect(server?.name).toMatch(/SocialService\/CreatePost$/);
    expect(attr(server!, 'aura.post_id')).toBe(post.id);
    expect(attr(server!, 'aura.member_id')).toBe(author);

    // The outbox relay's publish, child of the post's server span (its stored trace context).
    const publish = spans.find(
      (s) => s.name === 'aura.social.content publish' && attr(s, 'aura.event_type') === 'post.created',
    );
    expect(publish?.kind).toBe(SpanKind.PRODUCER);
    expect(parentOf(publish!)).toBe(server!.spanContext().spanId);

    // Every consumer of post.created: economy's rewards and messaging's notifications.
    const consumers = spans.filter(
      (s) => s.kind === SpanKind.CONSUMER && parentOf(s) === publish!.spanContext().spanId,
    );
    const groups = consumers.map((s) => String(attr(s, 'messaging.consumer.group.name')));
    expect(groups).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\.economy\.rewards$/),
        expect.stringMatching(/\.messaging\.notifications$/),
      ]),
    );

    const reward = spans.find((s) => s.name === 'economy reward')!;
    expect(chain(reward)).toEqual([
      'POST /api/posts',
      client!.name,
      server!.name,
      'aura.social.content publish',
      'aura.social.content process',
      'economy reward',
    ]);
    expect(reward.attributes).toMatchObject({
      'aura.member_id': author,
      'aura.post_id': post.id,
      'aura.reward_reason': 'post_created',
      'aura.reward_outcome': 'paid',
    });
    expect(attr(reward, 'aura.amount_micro')).toEqual(expect.any(Number));
    expect(Number(attr(reward, 'aura.amount_micro'))).toBeGreaterThan(0);

    const notification = spans.find((s) => s.name === 'messaging notification')!;
    expect(chain(notification)).toEqual([
      'POST /api/posts',
      client!.name,
      server!.name,
      'aura.social.content publish',
      'aura.social.content process',
      'messaging notification',
    ]);
    expect(notification.attributes).toMatchObject({
      'aura.member_id': friend,
      'aura.notification_type': 'mention',
      'aura.post_id': post.id,
    });
    for (const span of spans) expect(span.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it('records a refused call as an error on the gateway, client and server spans of its trace', async () => {
    const author = await member('refused');
    const refusal = (await postThroughGateway(author, {
      content: '',
      contentType: 'text',
      isStory: false,
    }).catch((error: unknown) => error)) as grpc.ServiceError;
    expect(refusal.code).toBeGreaterThan(grpc.status.OK);
    const spans = await traceOf(
      author,
      (inTrace) => inTrace.some((s) => s.kind === SpanKind.SERVER && s.name.endsWith('CreatePost')),
      'the refused call trace',
    );
    const root = spans.find((s) => s.name === 'POST /api/posts')!;
    expect(root.status.code).toBe(SpanStatusCode.ERROR);
    expect(root.events.map((e) => e.name)).toContain('exception');
    const client = spans.find((s) => s.kind === SpanKind.CLIENT && s.name.endsWith('CreatePost'))!;
    expect(client.status.code).toBe(SpanStatusCode.ERROR);
    expect(client.attributes['rpc.grpc.status_code']).toBe(refusal.code);
    const server = spans.find((s) => s.kind === SpanKind.SERVER && s.name.endsWith('CreatePost'))!;
    expect(server.status.code).toBe(SpanStatusCode.ERROR);
    expect(server.attributes['rpc.grpc.status_code']).toBe(refusal.code);
    expect(spans.some((s) => s.name.endsWith('publish'))).toBe(false);
  });
});
