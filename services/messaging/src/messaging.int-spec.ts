// Messaging against the real local MongoDB server, Redis and Kafka (deploy/local): the service's Nest
// module in-process (its consumers on Kafka), called directly and through its gRPC server.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  callerMetadata,
  createGrpcClient,
  createEvent,
  DomainEvent,
  Forbidden,
  Header,
  InvalidInput,
  type MemberProfile,
  NotFound,
  RuleViolation,
  ServiceRuntime,
  unaryCall,
  asyncService,
  decodePayload,
  encodeExportCursor,
  EXPORT_PAGE_SIZE,
  explainFind,
  servedByIndex,
} from '@aura/platform';
import { recordTopics, testConfig, testIdentity, waitFor } from '@aura/platform/testing';

const gateway = testIdentity('gateway');
import { common, EventType, messaging } from '@aura/proto';
import { ServiceError, status } from '@grpc/grpc-js';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { FilterQuery, Model, mongo } from 'mongoose';
import pino from 'pino';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import { BlocksConsumer } from './blocks/blocks.consumer';
import { MessagingCache } from './common/cache';
import { conversationId } from './common/ids';
import { loadMessagingConfig } from './config';
import { ConversationsRepository, ExportQueries } from './conversations/conversations.repository';
import { ConversationsService } from './conversations/conversations.service';
import { OutboxFinisher } from './events/outbox-finisher';
import { MESSAGING_CALLERS, MessagingGrpcController } from './grpc/messaging.grpc-controller';
import { MessagingExport } from './member-export/member-export';
import type { IdentityLookup } from './members/identity-lookup';
import { MembersConsumer } from './members/members.consumer';
import { MembersRepository } from './members/members.repository';
import { toMessageProto } from './messages/message';
import { MessageRules } from './messages/message-rules';
import { MessagesService } from './messages/messages.service';
import { MAX_REACTIONS_PER_MEMBER, ReactionRules } from './messages/reaction-rules';
import { ReactionsService } from './messages/reactions.service';
import { MessagingModule } from './messaging.module';
import { NotificationCache } from './notifications/notification-cache';
import { NotificationsConsumer } from './notifications/notifications.consumer';
import { NotificationsRepository } from './notifications/notifications.repository';
import { NotificationsService } from './notifications/notifications.service';
import { utcDayOf } from './notifications/daily-digest';
import { nextReminderAt } from './notifications/reminder-time';
import type { NotificationDraft } from './notifications/notification-rules';

const WINDOW = 20;
const base = testConfig();
const config = loadMessagingConfig({
  ...process.env,
  AURA_ENV: 'test',
  AURA_DB_SUFFIX: base.AURA_DB_SUFFIX,
  KAFKA_GROUP_PREFIX: `test-messaging-${Date.now()}`,
  LOG_LEVEL: (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent',
  MESSAGING_RECENT_MESSAGES: String(WINDOW),
  MESSAGING_RECENT_NOTIFICATIONS: String(WINDOW),
  MESSAGING_CACHE_TTL_SECONDS: '3600',
});

/** Identity as messaging sees it: members it can look up (the fallback for unannounced members). */
const known = new Map<string, MemberProfile>();
const identity: IdentityLookup = { find: async (id) => known.get(id) ?? null, close: () => undefined };

let runtime: ServiceRuntime;
let app: INestApplicationContext;
let cache: MessagingCache;
let conversations: ConversationsService;
let messages: MessagesService;
let notifications: NotificationsService;
let client: messaging.MessagingServiceClient;
/** The media service's client (it gathers data exports). */
let mediaClient: messaging.MessagingServiceClient;
let grpcPort: number;
/** A client with another service's certificate. */
const clientAs = (service: string) =>
  createGrpcClient(
    messaging.MessagingServiceClient,
    `127.0.0.1:${grpcPort}`,
    'messaging',
    testIdentity(service),
  );

function member(name = 'm'): string {
  const id = randomBytes(12).toString('hex');
  const username = `${name}_${id.slice(0, 6)}`;
  known.set(id, {
    id,
    username,
    displayName: `${name} ${id.slice(0, 4)}`,
    profilePicture: '',
    auraScore: 100,
    role: 'user',
    isSuperAura: false,
  });
  return id;
}

const as = (userId: string) => ({ userId, role: 'user' as const });
const text = (
  recipientId: string,
  content: string,
  clientMessageId = '',
  replyToMessageId = '',
): messaging.SendMessageRequest => ({
  recipientId,
  content,
  messageType: 'text',
  mediaUrl: '',
  mediaFilename: '',
  clientMessageId,
  replyToMessageId,
  story: undefined,
});

function event<T extends EventType>(type: T, key: string, payload: unknown): DomainEvent {
  return {
    id: randomUUID(),
    type,
    version: 1,
    key,
    occurredAt: new Date().toISOString(),
    producer: 'test',
    payload,
  } as DomainEvent;
}

async function block(blockerId: string, blockedId: string, active = true, at = new Date()) {
  await app.get(BlocksConsumer).handle(
    event(active ? 'user.blocked' : 'user.unblocked', blockerId, {
      blockerId,
      blockedId,
      changedAt: at.toISOString(),
    }),
  );
}

/**
 * The plan of a find on one of the service's models, the filter typed by its documents (mongoose's
 * `FilterQuery`: their `_id`s are strings, which the driver's `Filter<Document>` would type as ObjectIds).
 */
function planOf<T>(
  model: Model<T>,
  filter: FilterQuery<T>,
  options: Parameters<typeof explainFind>[2] = {},
): Promise<string[]> {
  return explainFind(
    model.collection as unknown as mongo.Collection,
    filter as mongo.Filter<mongo.Document>,
    options,
  );
}

beforeAll(async () => {
  runtime = await ServiceRuntime.create({
    service: 'messaging',
    config,
    redis: true,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  app = await NestFactory.createApplicationContext(MessagingModule.register(runtime, config, identity), {
    logger: false,
  });
  await app.init();
  cache = app.get(MessagingCache);
  await app.get(NotificationsConsumer).start();
  conversations = app.get(ConversationsService);
  messages = app.get(MessagesService);
  notifications = app.get(NotificationsService);
  runtime.grpc.add(
    messaging.MessagingServiceService,
    asyncService(messaging.MessagingServiceService, app.get(MessagingGrpcController), runtime.logger),
    MESSAGING_CALLERS,
  );
  const port = (grpcPort = await runtime.grpc.listen('127.0.0.1:0'));
  client = createGrpcClient(messaging.MessagingServiceClient, `127.0.0.1:${port}`, 'messaging', gateway);
  mediaClient = clientAs('media');
});

afterAll(async () => {
  client?.close();
  mediaClient?.close();
  await app?.close();
  await runtime?.stop();
});

describe('conversations and messages', () => {
  it('A sends to B: both list the conversation, B has it unread until B reads it', async () => {
    const [a, b] = [member('a'), member('b')];
    const sent = await messages.send(as(a), text(b, '  hello B  '));
    expect(sent).toMatchObject({
      conversationId: conversationId(a, b),
      content: 'hello B',
      messageType: 'text',
      isRead: false,
      recipientId: b,
      sender: { id: a, username: known.get(a)!.username },
    });

    const [forA] = await conversations.list(as(a));
    const [forB] = await conversations.list(as(b));
    expect(forA).toMatchObject({ id: sent.conversationId, unreadCount: 0, isBlocked: false });
    expect(forA.otherParticipant?.id).toBe(b);
    expect(forB).toMatchObject({ unreadCount: 1, lastMessage: { id: sent.id, content: 'hello B' } });
    expect(forB.otherParticipant).toMatchObject({ id: a, username: known.get(a)!.username });
    expect(forB.lastMessageTime).toBe(sent.createdAt);

    await expect(
      messages.markRead(as(a), { conversationId: sent.conversationId, messageId: sent.id }),
    ).rejects.toThrow(new Forbidden(MessageRules.notRecipient));
    const receipt = await messages.markRead(as(b), {
      conversationId: sent.conversationId,
      messageId: sent.id,
    });
    expect(receipt).toMatchObject({ isRead: true, readBy: b, changed: true });
    const again = await messages.markRead(as(b), { conversationId: sent.conversationId, messageId: sent.id });
    expect(again).toMatchObject({ changed: false, readAt: receipt.readAt });
    expect((await conversations.list(as(b)))[0].unreadCount).toBe(0);
    const page = await messages.list(as(a), { conversationId: sent.conversationId, cursor: '', limit: 0 });
    expect(page.messages.map((m) => [m.id, m.isRead, m.readAt])).toEqual([[sent.id, true, receipt.readAt]]);
  });

  it('opening a conversation creates it once; the other member sees it only after a message', async () => {
    const [a, b] = [member(), member()];
    const opened = await Promise.all(Array.from({ length: 6 }, () => conversations.open(as(a), b)));
    expect(new Set(opened.map((c) => c.id))).toEqual(new Set([conversationId(a, b)]));
    expect((await conversations.open(as(b), a)).id).toBe(conversationId(a, b));
    expect((await conversations.list(as(a))).map((c) => c.id)).toEqual([conversationId(a, b)]);
    const c = member();
    await conversations.open(as(c), a);
    expect((await conversations.list(as(a))).map((x) => x.id)).toEqual([conversationId(a, b)]);
    await messages.send(as(c), text(a, 'hi'));
    expect((await conversations.list(as(a))).map((x) => x.id)).toEqual([
      conversationId(a, c),
      conversationId(a, b),
    ]);
    await expect(conversations.open(as(a), a)).rejects.toThrow(RuleViolation);
    await expect(conversations.open(as(a), 'f'.repeat(24))).rejects.toThrow(new NotFound('User not found'));
  });

  it('a retried send with the same client id is one message; concurrent sends all arrive in order', async () => {
    const [a, b] = [member(), member()];
    const retried = await Promise.all(
      Array.from({ length: 8 }, () => messages.send(as(a), text(b, 'once', 'cid-1'))),
    );
    expect(new Set(retried.map((m) => m.id)).size).toBe(1);
    const many = await Promise.all(
      Array.from({ length: 30 }, (_, i) => messages.send(as(a), text(b, `m${i}`))),
    );
    const page = await messages.list(as(b), { conversationId: conversationId(a, b), cursor: '', limit: 100 });
    expect(page.messages).toHaveLength(31);
    expect(new Set(page.messages.map((m) => m.id))).toEqual(
      new Set([retried[0].id, ...many.map((m) => m.id)]),
    );
    const times = page.messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect((await conversations.list(as(b)))[0].unreadCount).toBe(31);
  });

  it('pages through history beyond the Redis window without gaps or repeats', async () => {
    const [a, b] = [member(), member()];
    const sent: string[] = [];
    for (let i = 0; i < WINDOW * 2 + 5; i += 1)
      sent.push((await messages.send(as(i % 2 ? a : b), text(i % 2 ? b : a, `n${i}`))).id);
    const seen: string[] = [];
    let cursor = '';
    for (let pages = 0; pages < 20; pages += 1) {
      const page = await messages.list(as(a), { conversationId: conversationId(a, b), cursor, limit: 7 });
      seen.unshift(...page.messages.map((m) => m.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(sent);
    await expect(
      messages.list(as(a), { conversationId: conversationId(a, b), cursor: 'bm9wZQ', limit: 5 }),
    ).rejects.toThrow(InvalidInput);
  });

  it('an outsider can neither read nor mark a conversation; nobody sends blank or to themselves', async () => {
    const [a, b, outsider] = [member(), member(), member()];
    const sent = await messages.send(as(a), text(b, 'private'));
    await expect(conversations.get(as(outsider), sent.conversationId)).rejects.toThrow(NotFound);
    await expect(
      messages.list(as(outsider), { conversationId: sent.conversationId, cursor: '', limit: 10 }),
    ).rejects.toThrow(NotFound);
    await expect(
      messages.markRead(as(outsider), { conversationId: sent.conversationId, messageId: sent.id }),
    ).rejects.toThrow(NotFound);
    await expect(messages.send(as(a), text(b, '   '))).rejects.toThrow(new RuleViolation(MessageRules.empty));
    await expect(messages.send(as(a), text(a, 'me'))).rejects.toThrow(RuleViolation);
    expect((await conversations.get(as(b), sent.conversationId)).id).toBe(sent.conversationId);
  });

  it('blocked either way: "You cannot message this user"; unblocking restores it; late events never undo', async () => {
    const [a, b] = [member(), member()];
    await messages.send(as(a), text(b, 'before'));
    const t0 = Date.now();
    await block(a, b, true, new Date(t0));
    await expect(messages.send(as(a), text(b, 'x'))).rejects.toThrow(new RuleViolation(MessageRules.blocked));
    await expect(messages.send(as(b), text(a, 'x'))).rejects.toThrow(new RuleViolation(MessageRules.blocked));
    await expect(messages.prepare(as(b), a)).rejects.toThrow(new RuleViolation(MessageRules.blocked));
    expect((await conversations.list(as(b)))[0].isBlocked).toBe(true);
    expect(await conversations.partners(a)).toEqual([]);

    await block(a, b, false, new Date(t0 + 10));
    await block(a, b, true, new Date(t0 + 5)); // a late, older event
    expect((await messages.send(as(b), text(a, 'after'))).content).toBe('after');
    expect((await conversations.list(as(a)))[0].isBlocked).toBe(false);
    expect(await conversations.partners(a)).toEqual([b]);

    // gRPC answers the rule as FAILED_PRECONDITION (the gateway's 400) with the spec's text.
    await block(b, a, true, new Date(t0 + 20));
    const error = await unaryCall(
      client,
      client.sendMessage,
      text(a, 'x'),
      callerMetadata(as(b), undefined, gateway),
    ).catch((e: ServiceError) => e);
    expect(error).toMatchObject({ code: status.FAILED_PRECONDITION, details: MessageRules.blocked });
  });

  it('rebuilds everything from MongoDB when Redis lost it', async () => {
    const [a, b] = [member(), member()];
    for (let i = 0; i < WINDOW + 3; i += 1) await messages.send(as(a), text(b, `r${i}`));
    const first = await messages.list(as(b), { conversationId: conversationId(a, b), cursor: '', limit: 5 });
    await messages.markRead(as(b), { conversationId: conversationId(a, b), messageId: first.messages[4].id });
    const before = await conversations.list(as(b));
    const keys = await runtime.redis!.keys(`${cache.prefix}:*`);
    await runtime.redis!.del(...keys.filter((key) => !key.includes(':blk:')));
    const after = await conversations.list(as(b));
    expect(after).toEqual(before);
    expect(after[0].unreadCount).toBe(WINDOW + 2);
    const page = await messages.list(as(b), { conversationId: conversationId(a, b), cursor: '', limit: 5 });
    expect(page.messages.map((m) => [m.id, m.isRead])).toEqual(first.messages.map((m, i) => [m.id, i === 4]));
  });

  it('finishes a send a crashed process left half done, and announces it', async () => {
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.messaging.message']);
    try {
      const [a, b] = [member(), member()];
      await conversations.open(as(a), b);
      const id = randomUUID();
      const message = {
        id,
        conversationId: conversationId(a, b),
        senderId: a,
        recipientId: b,
        content: 'from the dead',
        messageType: 'text' as const,
        mediaUrl: '',
        mediaFilename: '',
        clientMessageId: '',
        sender: known.get(a)!,
        createdAt: new Date(Date.now() - 60_000),
      };
      const sent = createEvent('messaging', 'message.sent', message.conversationId, {
        message: toMessageProto(message, { isRead: false }),
        memberIds: [a, b],
      });
      // The message and its event were inserted, then the process died: Redis and Kafka never heard.
      const store = app.get(ConversationsRepository);
      expect(await store.insertMessage(message, [sent])).toBe(true);
      const before = await messages.list(as(b), {
        conversationId: message.conversationId,
        cursor: '',
        limit: 5,
      });
      expect(before.messages).toEqual([]);

      expect(await app.get(OutboxFinisher).sweep(15_000)).toBeGreaterThanOrEqual(1);
      const page = await messages.list(as(b), {
        conversationId: message.conversationId,
        cursor: '',
        limit: 5,
      });
      expect(page.messages.map((m) => m.content)).toEqual(['from the dead']);
      expect((await conversations.list(as(b)))[0].unreadCount).toBe(1);
      const published = await waitFor(() => recorder.records.find((r) => r.headers[Header.id] === sent.id), {
        what: 'the stored message.sent',
      });
      expect(decodePayload('message.sent', published.value).message).toMatchObject({
        id,
        content: 'from the dead',
      });
      await waitFor(
        () =>
          recorder.records.find(
            (r) =>
              r.headers[Header.type] === 'conversation.updated' &&
              decodePayload('conversation.updated', r.value).conversation?.lastMessage?.id === id,
          ),
        { what: 'conversation.updated of the recovered message' },
      );
      // Finished: the outbox is cleared, so no later sweep announces it again.
      const doc = await store.messages.findById(id).select('+_outbox').lean<{ _outbox?: unknown }>().exec();
      expect(doc?._outbox).toBeUndefined();
      const unfinished = { '_outbox.id': { $exists: true }, created_at: message.createdAt };
      expect(await store.messages.find(unfinished).lean().exec()).toEqual([]);

      // The same for a read: stored, then the process died before Redis heard of it.
      const readAt = new Date(Date.now() - 30_000);
      const read = {
        _id: id,
        conversation_id: message.conversationId,
        reader_id: b,
        sender_id: a,
        read_at: readAt,
      };
      const readEvent = createEvent('messaging', 'message.read', message.conversationId, {
        messageId: id,
        conversationId: message.conversationId,
        readerId: b,
        senderId: a,
        readAt: readAt.toISOString(),
      });
      expect(await store.insertRead(read, [readEvent])).toBe(true);
      expect(await app.get(OutboxFinisher).sweep(15_000)).toBeGreaterThanOrEqual(1);
      const [afterRead] = await conversations.list(as(b));
      expect(afterRead.unreadCount).toBe(0);
      expect(afterRead.lastMessage).toMatchObject({ id, isRead: true, readAt: readAt.toISOString() });
    } finally {
      await recorder.stop();
    }
  });

  it('clears the outbox of a message once its events went out', async () => {
    const [a, b] = [member(), member()];
    const sent = await messages.send(as(a), text(b, 'announced'));
    const store = app.get(ConversationsRepository);
    await waitFor(
      async () => {
        const doc = await store.messages
          .findById(sent.id)
          .select('+_outbox')
          .lean<{ _outbox?: unknown }>()
          .exec();
        return doc !== null && doc._outbox === undefined;
      },
      { what: "the sent message's outbox cleared" },
    );
  });

  it('serves the conversation list and message pages from indexes', async () => {
    const [a, b] = [member(), member()];
    const store = app.get(ConversationsRepository);
    const at = new Date();
    const queries: [string, Promise<string[]>][] = [
      ['conversations of a member', planOf(store.conversations, { member_ids: a })],
      [
        'a page of messages',
        planOf(
          store.messages,
          {
            conversation_id: conversationId(a, b),
            $or: [{ created_at: { $lt: at } }, { created_at: at, _id: { $lt: randomUUID() } }],
          },
          { sort: { created_at: -1, _id: -1 }, limit: 51 },
        ),
      ],
      [
        'messages a member received',
        planOf(store.messages, {
          conversation_id: conversationId(a, b),
          recipient_id: b,
        }),
      ],
      [
        'a member’s conversations oldest first (data export)',
        planOf(store.conversations, ExportQueries.conversations(a, [at.getTime(), 'x']).filter, {
          sort: ExportQueries.conversations(a, undefined).sort,
          limit: 501,
        }),
      ],
      [
        'a conversation’s messages oldest first (data export)',
        planOf(
          store.messages,
          ExportQueries.messages(conversationId(a, b), [at.getTime(), randomUUID()]).filter,
          { sort: ExportQueries.messages(conversationId(a, b), undefined).sort, limit: 501 },
        ),
      ],
      ['reads of a member', planOf(store.reads, { conversation_id: conversationId(a, b), reader_id: b })],
      [
        'unfinished sends',
        planOf(store.messages, {
          '_outbox.id': { $exists: true },
          created_at: { $lt: at },
        }),
      ],
    ];
    for (const [query, plan] of queries) {
      const stages = await plan;
      expect({ query, stages, indexed: servedByIndex(stages) }).toMatchObject({ query, indexed: true });
    }
  });

  it('publishes message.sent, conversation.updated (per member) and message.read, keyed by conversation', async () => {
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.messaging.message']);
    try {
      const [a, b] = [member(), member()];
      const sent = await messages.send(as(a), text(b, 'evented'));
      const mine = () => recorder.records.filter((r) => r.key === sent.conversationId);
      // conversation.updated is a snapshot taken when it is published: read only after it went out,
      // so that B's first snapshot still counts the message as unread.
      await waitFor(() => mine().length >= 3, { what: 'message.sent and two conversation.updated' });
      await messages.markRead(as(b), { conversationId: sent.conversationId, messageId: sent.id });
      await waitFor(() => mine().length >= 5, { what: "message.read and B's conversation.updated" });
      const types = mine().map((r) => r.headers[Header.type]);
      expect(types.filter((t) => t === 'message.sent')).toHaveLength(1);
      expect(types.filter((t) => t === 'message.read')).toHaveLength(1);
      const sentEvent = decodePayload(
        'message.sent',
        mine().find((r) => r.headers[Header.type] === 'message.sent')!.value,
      );
      expect(sentEvent.message).toMatchObject({ id: sent.id, content: 'evented' });
      expect(sentEvent.memberIds.sort()).toEqual([a, b].sort());
      const updates = mine()
        .filter((r) => r.headers[Header.type] === 'conversation.updated')
        .map((r) => decodePayload('conversation.updated', r.value));
      const forB = updates.filter((u) => u.userId === b).map((u) => u.conversation?.unreadCount);
      expect(forB).toEqual([1, 0]);
      expect(updates.find((u) => u.userId === a)?.conversation?.unreadCount).toBe(0);
      const read = decodePayload(
        'message.read',
        mine().find((r) => r.headers[Header.type] === 'message.read')!.value,
      );
      expect(read).toMatchObject({ messageId: sent.id, readerId: b, senderId: a });
    } finally {
      await recorder.stop();
    }
  });

  it("members come from identity's events (and from identity itself when not announced yet)", async () => {
    const id = randomBytes(12).toString('hex');
    await app.get(MembersConsumer).handle(
      event('user.registered', id, {
        userId: id,
        username: 'evented',
        displayName: 'Evented One',
        email: 'e@example.com',
        role: 'user',
        auraScore: 100,
        createdAt: new Date().toISOString(),
      }),
    );
    await app.get(MembersConsumer).handle(
      event('user.aura_changed', id, {
        userId: id,
        delta: 5,
        auraScore: 105,
        reason: 'test',
        changedAt: '',
      }),
    );
    const a = member();
    const sent = await messages.send(as(a), text(id, 'hi'));
    const [view] = await conversations.list(as(a));
    expect(view.otherParticipant).toMatchObject({
      id,
      username: 'evented',
      displayName: 'Evented One',
      auraScore: 105,
    });
    expect(sent.recipientId).toBe(id);
  });
});

describe('replies, reactions and search (issue 23)', () => {
  const react = (userId: string, messageId: string, emoji: string, on = true) =>
    app.get(ReactionsService).set(as(userId), { messageId, emoji, on });

  it('a reply quotes a message of the same conversation; the quote says when that one was removed', async () => {
    const [a, b, c] = [member(), member(), member()];
    const original = await messages.send(as(a), text(b, `  hello   there ${'x'.repeat(200)}`));
    const reply = await messages.send(as(b), text(a, 'hi back', '', original.id));
    expect(reply.replyTo).toMatchObject({
      messageId: original.id,
      senderId: a,
      senderName: known.get(a)!.displayName,
      messageType: 'text',
      unavailable: false,
    });
    expect([...reply.replyTo!.excerpt]).toHaveLength(120);
    expect(reply.replyTo!.excerpt.startsWith('hello there x')).toBe(true);
    const page = await messages.list(as(a), { conversationId: reply.conversationId, cursor: '', limit: 10 });
    expect(page.messages.at(-1)!.replyTo?.messageId).toBe(original.id);

    // Another conversation's message, a made-up id, and a malformed one: "not in this conversation".
    const elsewhere = await messages.send(as(a), text(c, 'elsewhere'));
    for (const id of [elsewhere.id, randomUUID(), 'nope'])
      await expect(messages.send(as(b), text(a, 'x', '', id))).rejects.toThrow(
        new NotFound(MessageRules.replyNotFound),
      );

    await messages.remove(original.id);
    const after = await messages.list(as(b), { conversationId: reply.conversationId, cursor: '', limit: 10 });
    expect(after.messages.find((m) => m.id === reply.id)!.replyTo).toMatchObject({
      messageId: original.id,
      excerpt: '',
      unavailable: true,
    });
    await expect(messages.send(as(b), text(a, 'x', '', original.id))).rejects.toThrow(
      new RuleViolation(MessageRules.replyRemoved),
    );
  });

  it('reactions: the fixed set, members only, one per emoji, at most 3 per member, toggled off again', async () => {
    const [a, b, outsider] = [member(), member(), member()];
    const sent = await messages.send(as(a), text(b, 'react to me'));
    expect(sent.reactions).toEqual([]);
    expect((await react(b, sent.id, '👍')).reactions).toEqual([{ emoji: '👍', userIds: [b] }]);
    expect((await react(b, sent.id, '👍')).reactions).toEqual([{ emoji: '👍', userIds: [b] }]); // held
    expect((await react(a, sent.id, '👍')).reactions).toEqual([{ emoji: '👍', userIds: [b, a] }]);
    await react(b, sent.id, '❤️');
    await react(b, sent.id, '😂');
    await expect(react(b, sent.id, '😮')).rejects.toThrow(new RuleViolation(ReactionRules.tooMany));
    await expect(react(b, sent.id, '🔥')).rejects.toThrow(new InvalidInput(ReactionRules.badEmoji));
    await expect(react(outsider, sent.id, '👍')).rejects.toThrow(new NotFound(MessageRules.messageNotFound));
    await expect(react(b, randomUUID(), '👍')).rejects.toThrow(NotFound);

    const listed = await messages.list(as(a), { conversationId: sent.conversationId, cursor: '', limit: 5 });
    expect(listed.messages[0].reactions).toEqual([
      { emoji: '❤️', userIds: [b] },
      { emoji: '😂', userIds: [b] },
      { emoji: '👍', userIds: [b, a] },
    ]);
    expect((await react(b, sent.id, '😂', false)).reactions).toHaveLength(2);
    expect((await react(b, sent.id, '😂', false)).reactions).toHaveLength(2); // not held: nothing changes
    expect((await react(b, sent.id, '😮')).reactions.map((r) => r.emoji)).toEqual(['❤️', '😮', '👍']);

    // Racing adds of different emoji still leave at most MAX_REACTIONS_PER_MEMBER.
    const raced = await messages.send(as(b), text(a, 'race'));
    await Promise.allSettled(['❤️', '😂', '😮', '😢', '🙏', '👍'].map((emoji) => react(a, raced.id, emoji)));
    const held = (await messages.get(as(a), raced.id)).reactions;
    expect(held.length).toBe(MAX_REACTIONS_PER_MEMBER);

    // Not while blocked, not on a removed message.
    await block(b, a);
    await expect(react(a, sent.id, '🙏')).rejects.toThrow(new RuleViolation(MessageRules.blocked));
    await block(b, a, false, new Date(Date.now() + 1));
    await messages.remove(sent.id);
    await expect(react(a, sent.id, '🙏')).rejects.toThrow(NotFound);
  });

  it('announces reaction changes with message.reactions_changed to both members', async () => {
    const [a, b] = [member(), member()];
    const sent = await messages.send(as(a), text(b, 'announce'));
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.messaging.message']);
    try {
      await react(b, sent.id, '🙏');
      await react(b, sent.id, '🙏'); // held: no event
      await react(b, sent.id, '🙏', false);
      const mine = () =>
        recorder.records.filter(
          (m) => m.headers[Header.type] === 'message.reactions_changed' && m.key === sent.conversationId,
        );
      await waitFor(() => mine().length >= 2, { what: 'two message.reactions_changed' });
      const payloads = mine().map(
        (m) => decodePayload('message.reactions_changed', m.value) as { reactions: unknown[]; on: boolean },
      );
      expect(payloads.map((p) => [p.on, p.reactions.length])).toEqual([
        [true, 1],
        [false, 0],
      ]);
      expect(payloads[0]).toMatchObject({ messageId: sent.id, userId: b, emoji: '🙏', memberIds: [a, b] });
    } finally {
      await recorder.stop();
    }
  });

  it('searches one conversation’s text case-insensitively and literally, newest first, paged; members only', async () => {
    const [a, b, outsider] = [member(), member(), member()];
    const first = await messages.send(as(a), text(b, 'Coffee at 10?'));
    await messages.send(as(b), text(a, 'tea is better'));
    const second = await messages.send(as(b), text(a, 'ok, COFFEE it is (a.b)'));
    const third = await messages.send(as(a), text(b, 'coffee again'));
    const search = (userId: string, q: string, cursor = '', limit = 2) =>
      messages.search(as(userId), { conversationId: first.conversationId, q, cursor, limit });
    const page1 = await search(b, ' coffee ');
    expect(page1.messages.map((m) => m.id)).toEqual([third.id, second.id]);
    const page2 = await search(b, 'coffee', page1.nextCursor);
    expect(page2.messages.map((m) => m.id)).toEqual([first.id]);
    expect(page2.nextCursor).toBe('');
    expect((await search(a, '(a.b)')).messages.map((m) => m.id)).toEqual([second.id]);
    expect((await search(a, 'a*b')).messages).toEqual([]);
    await expect(search(a, 'c')).rejects.toThrow(new InvalidInput(MessageRules.searchTooShort));
    await expect(search(outsider, 'coffee')).rejects.toThrow(NotFound);
    await expect(search(a, 'coffee', 'garbage')).rejects.toThrow(InvalidInput);
  });

  it('an erased member’s messages leave their quotes unavailable and take their reactions along', async () => {
    const [a, b] = [member(), member()];
    const quoted = await messages.send(as(a), text(b, 'soon gone'));
    const reply = await messages.send(as(b), text(a, 'answer', '', quoted.id));
    await react(a, reply.id, '❤️');
    await react(b, reply.id, '👍');
    await app.get(AccountErasureConsumer).handle(event('user.deleted', a, { userId: a }));
    const page = await messages.list(as(b), { conversationId: reply.conversationId, cursor: '', limit: 10 });
    expect(page.messages.map((m) => m.id)).toEqual([reply.id]);
    expect(page.messages[0].replyTo).toMatchObject({ messageId: quoted.id, excerpt: '', unavailable: true });
    expect(page.messages[0].reactions).toEqual([{ emoji: '👍', userIds: [b] }]);
  });

  it('a story reply keeps the story as it was; it goes to the story’s author only', async () => {
    const [a, b] = [member(), member()];
    const story = { storyId: 'story-1', authorId: b, excerpt: 'sunrise run', mediaUrl: '', mediaType: '' };
    const sent = await messages.send(as(a), { ...text(b, '😍'), story });
    expect(sent.story).toEqual(story);
    await expect(messages.send(as(a), { ...text(b, 'x'), story: { ...story, authorId: a } })).rejects.toThrow(
      new RuleViolation(MessageRules.storyNotOfRecipient),
    );
    const page = await messages.list(as(b), { conversationId: sent.conversationId, cursor: '', limit: 1 });
    expect(page.messages[0].story).toEqual(story);
  });
});

describe('the data export (ExportMemberData)', () => {
  const exportPage = (
    request: Partial<common.ExportPageRequest>,
    on = mediaClient,
    metadata = callerMetadata(),
  ): Promise<common.ExportPage> =>
    unaryCall(on, on.exportMemberData, common.ExportPageRequest.fromPartial(request), metadata);

  async function readPart(userId: string, part: string) {
    const sizes: number[] = [];
    const records: Record<string, unknown>[] = [];
    let cursor = '';
    do {
      const page = await exportPage({ userId, part, cursor });
      const items = JSON.parse(page.recordsJson) as Record<string, unknown>[];
      sizes.push(items.length);
      records.push(...items);
      cursor = page.nextCursor;
    } while (cursor && sizes.length < 20);
    return { sizes, records };
  }

  it('pages the member’s conversations and the messages they see, oldest first, for the media service', async () => {
    const [a, b, c, d, e] = [member('a'), member('b'), member('c'), member('d'), member('e')];
    await conversations.open(as(a), d); // opened by A, no message yet: in A's list
    const sent = [
      await messages.send(as(a), text(b, 'one')),
      await messages.send(as(b), {
        ...text(a, 'look'),
        messageType: 'image',
        mediaUrl: '/api/media/messages/p1.jpg',
        mediaFilename: 'p1.jpg',
      }),
      await messages.send(as(a), text(b, 'removed by a moderator')),
      await messages.send(as(b), text(a, 'four')),
      await messages.send(as(c), text(a, 'from c')),
      await messages.send(as(a), text(c, 'to c')),
    ];
    await messages.remove(sent[2].id);
    const read = await messages.markRead(as(a), {
      conversationId: sent[1].conversationId,
      messageId: sent[1].id,
    });
    await conversations.open(as(e), a); // opened by E without a message: not in A's list
    await messages.send(as(b), text(c, 'between others'));

    app.get(MessagingExport).pageSize = 2;
    let exported: Record<string, Awaited<ReturnType<typeof readPart>>>;
    try {
      exported = {
        conversations: await readPart(a, 'conversations'),
        messages: await readPart(a, 'messages'),
      };
    } finally {
      app.get(MessagingExport).pageSize = EXPORT_PAGE_SIZE;
    }
    expect(exported.messages.sizes).toEqual([2, 2, 1]);
    expect(exported.conversations.sizes.every((size) => size <= 2)).toBe(true);
    expect(exported.conversations.sizes.length).toBeGreaterThan(1);

    const stored = await app
      .get(ConversationsRepository)
      .conversations.find({ member_ids: a })
      .sort({ created_at: 1, _id: 1 })
      .lean()
      .exec();
    const listed = stored.map((doc) => doc._id).filter((id) => id !== conversationId(a, e));
    expect(exported.conversations.records).toEqual(
      listed.map((id) => {
        const other = id.split(':').find((x) => x !== a)!;
        return {
          id,
          created_at: stored.find((doc) => doc._id === id)!.created_at.toISOString(),
          other_member_id: other,
          other_member_username: known.get(other)!.username,
        };
      }),
    );

    // Conversation by conversation, as listed; each oldest first; both sides; not the removed one.
    const visible = sent.filter((message) => message.id !== sent[2].id);
    const expected = listed.flatMap((id) => visible.filter((message) => message.conversationId === id));
    expect(exported.messages.records.map((r) => r.id)).toEqual(expected.map((m) => m.id));
    expect(exported.messages.records.find((r) => r.id === sent[1].id)).toEqual({
      id: sent[1].id,
      conversation_id: conversationId(a, b),
      sender_id: b,
      sender_username: known.get(b)!.username,
      recipient_id: a,
      message_type: 'image',
      content: 'look',
      attachment_url: '/api/media/messages/p1.jpg',
      attachment_filename: 'p1.jpg',
      sent_at: sent[1].createdAt,
      read_at: read.readAt,
    });
    expect(exported.messages.records.find((r) => r.id === sent[0].id)).toMatchObject({
      sender_id: a,
      content: 'one',
      attachment_url: '',
      read_at: null,
    });

    // One page at the real page size; nothing for a member without conversations.
    expect((await exportPage({ userId: a, part: 'messages' })).nextCursor).toBe('');
    expect(await exportPage({ userId: member(), part: 'conversations' })).toEqual({
      recordsJson: '[]',
      nextCursor: '',
    });
  });

  it('holds the member’s notification settings as one record', async () => {
    const [chose, untouched] = [member(), member()];
    await notifications.updateSettings(as(chose), {
      mutedTypes: ['like', 'tip'],
      dailyDigest: true,
      reminderTime: '20:30',
      reminderTimeZone: 'Europe/Lisbon',
    });
    expect(await readPart(chose, 'notification_settings')).toEqual({
      sizes: [1],
      records: [
        {
          muted_types: ['like', 'tip'],
          daily_digest: true,
          wellbeing_reminder_time: '20:30',
          wellbeing_reminder_time_zone: 'Europe/Lisbon',
        },
      ],
    });
    expect((await readPart(untouched, 'notification_settings')).records).toEqual([
      {
        muted_types: [],
        daily_digest: false,
        wellbeing_reminder_time: null,
        wellbeing_reminder_time_zone: null,
      },
    ]);
  });

  it('is refused to the gateway (even for the member) and other services; checks part, member and cursor', async () => {
    const [a, b, c] = [member(), member(), member()];
    await messages.send(as(a), text(b, 'hello'));
    const request = { userId: a, part: 'messages' };
    for (const metadata of [callerMetadata(as(a), undefined, gateway), callerMetadata()])
      expect(await exportPage(request, client, metadata).catch((e: ServiceError) => e.code)).toBe(
        status.PERMISSION_DENIED,
      );
    const social = clientAs('social');
    try {
      expect(await exportPage(request, social).catch((e: ServiceError) => e.code)).toBe(
        status.PERMISSION_DENIED,
      );
    } finally {
      social.close();
    }
    expect(await exportPage({ userId: a, part: 'wallet' }).catch((e: ServiceError) => e)).toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Unknown export part',
    });
    expect(await exportPage({ userId: '', part: 'messages' }).catch((e: ServiceError) => e.code)).toBe(
      status.INVALID_ARGUMENT,
    );
    // A cursor naming a conversation the member is not in is no cursor of theirs.
    const foreign = encodeExportCursor([0, conversationId(b, c), 0, randomUUID()]);
    expect(await exportPage({ ...request, cursor: foreign }).catch((e: ServiceError) => e.code)).toBe(
      status.INVALID_ARGUMENT,
    );
  });
});

describe('members', () => {
  it('a member asked of identity while their events arrive ends with the newest profile, also in Redis', async () => {
    const id = member('racing');
    const { username } = known.get(id)!;
    const members = app.get(MembersRepository);
    const consumer = app.get(MembersConsumer);
    const changed = (displayName: string, auraScore: number, second: number) =>
      event('user.profile_changed', id, {
        userId: id,
        username,
        displayName,
        profilePicture: '',
        auraScore,
        role: 'user',
        isSuperAura: true,
        changedAt: new Date(Date.UTC(2026, 11, 1, 10, 0, second)).toISOString(),
        bio: '',
      });
    await Promise.all([
      members.directory.find(id),
      consumer.handle(changed('Racing Newer', 321, 2)),
      consumer.handle(changed('Racing Older', 111, 1)),
      members.directory.find(id),
    ]);
    const newest = {
      id,
      username,
      displayName: 'Racing Newer',
      profilePicture: '',
      auraScore: 321,
      isSuperAura: true,
    };
    expect(await members.directory.stored(id)).toEqual({ ...newest, role: 'user' });
    // The older change delivered again: nothing changes, and the Redis copy is the newest.
    await consumer.handle(changed('Racing Older', 111, 1));
    expect(await members.get(id)).toEqual(newest);
  });
});

describe('notifications', () => {
  const liked = (postId: string, authorId: string, likerId: string) =>
    event('post.liked', postId, { postId, authorId, likerId, likesCount: 1, changedAt: '' });

  it('one per cause, none for acting on your own content, counted and marked read', async () => {
    const [author, fan, other] = [member('author'), member('fan'), member('other')];
    const consumer = app.get(NotificationsConsumer);
    const post = randomUUID();
    await consumer.handle(liked(post, author, fan));
    await consumer.handle(liked(post, author, fan)); // unlike + like again, or a redelivery
    await consumer.handle(liked(post, author, author)); // own post
    await consumer.handle(
      event('user.followed', other, {
        followerId: other,
        followeeId: author,
        followersCount: 1,
        changedAt: '',
      }),
    );
    await consumer.handle(
      event('tip.sent', author, {
        transferId: randomUUID(),
        senderId: fan,
        recipientId: author,
        amountMicro: 250_000,
        message: '',
        sentAt: '',
      }),
    );
    const page = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(page.notifications.map((n) => n.type)).toEqual(['tip', 'follow', 'like']);
    const [tip, follow, like] = page.notifications;
    expect(like).toMatchObject({
      title: 'New like',
      message: `${known.get(fan)!.displayName} liked your post`,
      isRead: false,
      fromUser: { id: fan, username: known.get(fan)!.username },
      metadata: { coinsEarned: false, refs: { post_id: post } },
    });
    expect(tip.metadata).toMatchObject({ coinsEarned: true, auraCoinsEarnedMicro: 250_000 });
    expect(await notifications.stats(as(author))).toEqual({ unreadCount: 3 });
    expect(await notifications.list(as(fan), { limit: 20, cursor: '' })).toEqual({
      notifications: [],
      nextCursor: '',
    });

    expect(await notifications.markRead(as(author), follow.id)).toEqual({ unreadCount: 2 });
    expect(await notifications.markRead(as(author), follow.id)).toEqual({ unreadCount: 2 });
    await expect(notifications.markRead(as(fan), like.id)).rejects.toThrow(
      new NotFound('Notification not found'),
    );
    expect(await notifications.markAllRead(as(author))).toEqual({ unreadCount: 0 });
    const after = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(after.notifications.every((n) => n.isRead)).toBe(true);
    // and so it stays when Redis forgets
    const keys = await runtime.redis!.keys(`${cache.prefix}:n:${author}*`);
    await runtime.redis!.del(...keys);
    expect(await notifications.stats(as(author))).toEqual({ unreadCount: 0 });
  });

  it('honours the types a member turned off (issue 23); account and money ones stay on', async () => {
    const [author, fan, follower] = [member('author'), member('fan'), member('follower')];
    const consumer = app.get(NotificationsConsumer);
    expect(await notifications.getSettings(as(author))).toEqual({
      mutedTypes: [],
      dailyDigest: false,
      reminderTime: '',
      reminderTimeZone: '',
    });
    expect(
      await notifications.updateSettings(as(author), { mutedTypes: ['like', 'follow', 'like'] }),
    ).toEqual({ mutedTypes: ['follow', 'like'], dailyDigest: false, reminderTime: '', reminderTimeZone: '' });
    expect(await notifications.getSettings(as(author))).toEqual({
      mutedTypes: ['follow', 'like'],
      dailyDigest: false,
      reminderTime: '',
      reminderTimeZone: '',
    });

    await consumer.handle(liked(randomUUID(), author, fan));
    await consumer.handle(
      event('user.followed', follower, {
        followerId: follower,
        followeeId: author,
        followersCount: 1,
        changedAt: '',
      }),
    );
    await consumer.handle(
      event('tip.sent', author, {
        transferId: randomUUID(),
        senderId: fan,
        recipientId: author,
        amountMicro: 100_000,
        message: '',
        sentAt: '',
      }),
    );
    let page = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(page.notifications.map((n) => n.type)).toEqual(['tip']);

    // Turned on again: the next like notifies.
    await notifications.updateSettings(as(author), { mutedTypes: ['follow'] });
    await consumer.handle(liked(randomUUID(), author, fan));
    page = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(page.notifications.map((n) => n.type)).toEqual(['like', 'tip']);

    await expect(notifications.updateSettings(as(author), { mutedTypes: ['withdrawal'] })).rejects.toThrow(
      new RuleViolation('Account and money notifications cannot be turned off'),
    );
    await expect(notifications.updateSettings(as(author), { mutedTypes: ['nope'] })).rejects.toThrow(
      new InvalidInput('Unknown notification type: nope'),
    );
    expect(await notifications.getSettings(as(author))).toEqual({
      mutedTypes: ['follow'],
      dailyDigest: false,
      reminderTime: '',
      reminderTimeZone: '',
    });
  });

  it('gathers a day into one daily digest for a member who chose it, once however many runs', async () => {
    const [author, fan, fan2, fan3] = [member('author'), member('fan'), member('fan2'), member('fan3')];
    expect(
      await notifications.updateSettings(as(author), {
        mutedTypes: ['mention'],
        dailyDigest: true,
        reminderTime: '',
        reminderTimeZone: '',
      }),
    ).toEqual({ mutedTypes: ['mention'], dailyDigest: true, reminderTime: '', reminderTimeZone: '' });
    // Left out of an update, the digest stays as it was.
    expect(await notifications.updateSettings(as(author), { mutedTypes: ['mention'] })).toEqual({
      mutedTypes: ['mention'],
      dailyDigest: true,
      reminderTime: '',
      reminderTimeZone: '',
    });
    const today = utcDayOf(new Date()).start.getTime();
    const hour = 3_600_000;
    const yesterday = new Date(today - 3 * hour);
    const from = (key: string, type: NotificationDraft['type'], actorId: string): NotificationDraft => ({
      key: `${key}:${author}`,
      userId: author,
      type,
      title: 'New',
      message: '{actor} did something',
      actorId,
      refs: {},
    });
    await notifications.create(from('dl1', 'like', fan), yesterday);
    await notifications.create(from('dl1', 'like', fan), yesterday); // the same event again
    await notifications.create(from('dl2', 'like', fan2), yesterday);
    await notifications.create(from('df1', 'follow', fan3), yesterday);
    await notifications.create(from('dm1', 'mention', fan), yesterday); // turned off: not even in the digest
    await notifications.create({ ...from('dw1', 'withdrawal', ''), title: 'Withdrawal approved' }, yesterday);
    await notifications.create(from('dl3', 'like', fan), new Date(today + hour)); // today's: tomorrow's digest
    const types = async () =>
      (await notifications.list(as(author), { limit: 20, cursor: '' })).notifications.map((n) => n.type);
    expect(await types()).toEqual(['withdrawal']); // money comes at once

    await notifications.sendDueDigests(new Date(today + 7 * hour)); // before the digest hour
    expect(await types()).toEqual(['withdrawal']);
    // Two instances at once (and again later): one digest.
    await Promise.all([
      notifications.sendDueDigests(new Date(today + 9 * hour)),
      notifications.sendDueDigests(new Date(today + 9 * hour)),
    ]);
    await notifications.sendDueDigests(new Date(today + 10 * hour));
    const page = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(page.notifications.map((n) => n.type)).toEqual(['digest', 'withdrawal']);
    expect(page.notifications[0]).toMatchObject({
      title: 'Your daily digest',
      isRead: false,
      metadata: { refs: { day: utcDayOf(yesterday).key } },
    });
    expect(page.notifications[0].message).toMatch(
      /^Yesterday: 2 likes and 1 new follower, from .+ and 1 other\.$/,
    );

    // The next day's digest has what came today, and nothing twice.
    await notifications.sendDueDigests(new Date(today + 33 * hour));
    const next = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(next.notifications.map((n) => n.type)).toEqual(['digest', 'digest', 'withdrawal']);
    expect(next.notifications[0].message).toBe(`Yesterday: 1 like, from ${known.get(fan)!.displayName}.`);
  });

  it('reminds a member who asked, at their time in their zone, unless they checked in that day', async () => {
    const [early, checked, late] = [member('early'), member('checked'), member('late')];
    const off = { mutedTypes: [], dailyDigest: false, reminderTime: '', reminderTimeZone: '' };
    expect(await notifications.getSettings(as(early))).toEqual(off);
    await expect(
      notifications.updateSettings(as(early), {
        mutedTypes: [],
        reminderTime: '24:00',
        reminderTimeZone: 'UTC',
      }),
    ).rejects.toThrow(new InvalidInput('The reminder time must be HH:MM (00:00 to 23:59)'));
    await expect(
      notifications.updateSettings(as(early), {
        mutedTypes: [],
        reminderTime: '08:00',
        reminderTimeZone: 'Mars/Base',
      }),
    ).rejects.toThrow(new InvalidInput('Unknown time zone: Mars/Base'));
    expect(await notifications.getSettings(as(early))).toEqual(off);

    const berlin = { reminderTime: '20:30', reminderTimeZone: 'Europe/Berlin' };
    for (const who of [early, checked])
      expect(await notifications.updateSettings(as(who), { mutedTypes: [], ...berlin })).toEqual({
        ...off,
        ...berlin,
      });
    // Left out of an update, the reminder stays.
    expect(await notifications.updateSettings(as(early), { mutedTypes: ['like'] })).toMatchObject(berlin);
    const due = nextReminderAt(new Date(), { time: '20:30', timeZone: 'Europe/Berlin' }).getTime();
    const minute = 60_000;
    // A check-in an hour before, the same day in Berlin (identity's event): no reminder that day.
    await app.get(NotificationsConsumer).handle(
      event('mood.checked_in', checked, {
        userId: checked,
        checkinId: randomUUID(),
        mood: 'calm',
        energyLevel: 6,
        firstOfDay: true,
        day: '',
        createdAt: new Date(due - 60 * minute).toISOString(),
      }),
    );
    const reminders = async (who: string) =>
      (await notifications.list(as(who), { limit: 20, cursor: '' })).notifications.filter(
        (n) => n.type === 'reminder',
      );

    await notifications.sendDueReminders(new Date(due - minute)); // not yet
    expect(await reminders(early)).toEqual([]);
    await Promise.all([
      notifications.sendDueReminders(new Date(due + minute)),
      notifications.sendDueReminders(new Date(due + minute)),
    ]);
    await notifications.sendDueReminders(new Date(due + 2 * minute));
    const [first] = await reminders(early);
    expect(await reminders(early)).toHaveLength(1);
    expect(first).toMatchObject({
      title: 'A moment for you',
      message: 'How are you feeling today? Your check-in is here whenever you are ready.',
      isRead: false,
    });
    expect(await reminders(checked)).toEqual([]);

    // The next evening both are reminded (yesterday's check-in does not count for today).
    const tomorrow = nextReminderAt(new Date(due + minute), { time: '20:30', timeZone: 'Europe/Berlin' });
    await notifications.sendDueReminders(new Date(tomorrow.getTime() + minute));
    expect(await reminders(early)).toHaveLength(2);
    expect(await reminders(checked)).toHaveLength(1);

    // Turned off: no more. A reminder hours late (the service was down) is skipped, not sent at night.
    await notifications.updateSettings(as(early), { mutedTypes: [], reminderTime: '' });
    expect(await notifications.getSettings(as(early))).toEqual(off);
    await notifications.updateSettings(as(late), { mutedTypes: [], ...berlin });
    await notifications.sendDueReminders(new Date(tomorrow.getTime() + 26 * 60 * minute));
    expect(await reminders(early)).toHaveLength(2);
    expect(await reminders(late)).toEqual([]);
  });

  it('a notification created while a list loads the cache from MongoDB is not lost from it', async () => {
    const [author, fan] = [member('author'), member('fan')];
    const cache = app.get(NotificationCache);
    // A loader reads the generation and MongoDB (nothing yet)...
    const generation = await cache.generation(author);
    // ...meanwhile a like is notified: stored in MongoDB, nothing loaded in Redis to add it to...
    await app.get(NotificationsConsumer).handle(liked(randomUUID(), author, fan));
    // ...so the loader's stale window must not land,
    expect(await cache.load(author, [], 0, generation)).toBe(false);
    expect(await cache.loaded(author)).toBe(false);
    // and the next read loads the truth.
    const page = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(page.notifications.map((n) => n.type)).toEqual(['like']);
    expect(await notifications.stats(as(author))).toEqual({ unreadCount: 1 });
  });

  it('like and comment notifications show the coins economy paid for them, whichever event comes first', async () => {
    const [author, fan, other] = [member(), member(), member()];
    const consumer = app.get(NotificationsConsumer);
    const reward = (reason: string, sourceId: string, amountMicro: number) =>
      event('reward.paid', author, {
        transferId: randomUUID(),
        userId: author,
        reason,
        amountMicro,
        sourceId,
        superAuraBonus: false,
        paidAt: '',
      });
    const [p1, p2, c1] = [randomUUID(), randomUUID(), randomUUID()];
    await consumer.handle(liked(p1, author, fan));
    await consumer.handle(reward('like_received', `${p1}:${fan}`, 10_000)); // after its notification
    await consumer.handle(reward('like_received', `${p2}:${other}`, 15_000)); // before it
    await consumer.handle(liked(p2, author, other));
    await consumer.handle(
      event('comment.created', p1, {
        commentId: c1,
        postId: p1,
        postAuthorId: author,
        commenterId: fan,
        parentCommentId: '',
        parentAuthorId: '',
        mentionedUserIds: [],
        createdAt: '',
      }),
    );
    await consumer.handle(reward('comment_received', c1, 50_000));
    await consumer.handle(reward('post_created', p1, 10_000)); // one's own action: nothing
    const { notifications: list } = await notifications.list(as(author), { limit: 20, cursor: '' });
    const coins = Object.fromEntries(
      list.map((n) => [
        `${n.type}:${n.metadata?.refs.post_id}`,
        n.metadata?.coinsEarned ? n.metadata.auraCoinsEarnedMicro : null,
      ]),
    );
    expect(coins).toEqual({ [`like:${p1}`]: 10_000, [`like:${p2}`]: 15_000, [`comment:${p1}`]: 50_000 });
    await runtime.redis!.del(...(await runtime.redis!.keys(`${cache.prefix}:n:${author}*`)));
    const rebuilt = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(rebuilt.notifications.every((n) => n.metadata?.coinsEarned)).toBe(true);
  });

  it('a withdrawal decision notifies the member, once, whichever way it went', async () => {
    const [approved, rejected] = [member(), member()];
    const consumer = app.get(NotificationsConsumer);
    const processed = (userId: string, status: string, withdrawalId = randomUUID()) =>
      event('withdrawal.processed', userId, {
        withdrawalId,
        userId,
        status,
        amountUsdMicro: 12_500_000,
        amountMicro: 12_500_000,
        adminNotes: status === 'rejected' ? 'PayPal account not found' : '',
        payoutReference: status === 'approved' ? 'AURA-PO-0123456789AB' : '',
        adminId: randomBytes(12).toString('hex'),
        processedAt: new Date().toISOString(),
      });
    const decision = processed(approved, 'approved');
    await consumer.handle(decision);
    await consumer.handle(decision); // redelivered
    await consumer.handle(processed(rejected, 'rejected'));
    const [yes] = (await notifications.list(as(approved), { limit: 20, cursor: '' })).notifications;
    expect(yes).toMatchObject({
      type: 'withdrawal',
      title: 'Withdrawal approved',
      message:
        'Your withdrawal of $12.50 to PayPal was approved (reference AURA-PO-0123456789AB). It reaches your PayPal account in 1 to 3 business days.',
      fromUser: undefined,
      isRead: false,
    });
    expect(await notifications.stats(as(approved))).toEqual({ unreadCount: 1 });
    const [no] = (await notifications.list(as(rejected), { limit: 20, cursor: '' })).notifications;
    expect(no).toMatchObject({
      type: 'withdrawal',
      title: 'Withdrawal rejected',
      message:
        'Your withdrawal of $12.50 was rejected: PayPal account not found. The 12.5 AC held for it are back in your wallet.',
    });
  });

  it('nothing between members who block each other', async () => {
    const [author, fan] = [member(), member()];
    await block(author, fan);
    await app.get(NotificationsConsumer).handle(liked(randomUUID(), author, fan));
    expect(await notifications.stats(as(author))).toEqual({ unreadCount: 0 });
  });

  it('a run of events makes what its events make one by one, with one read and one insert for all', async () => {
    const [author, fan, blocked, quiet] = [member(), member(), member(), member()];
    await block(author, blocked);
    await notifications.updateSettings(as(quiet), { mutedTypes: ['like'] });
    const [p1, p2, p3] = [randomUUID(), randomUUID(), randomUUID()];
    const reward = event('reward.paid', author, {
      transferId: randomUUID(),
      userId: author,
      reason: 'like_received',
      amountMicro: 20_000,
      sourceId: `${p3}:${fan}`,
      superAuraBonus: false,
      paidAt: '',
    });
    const tip = event('tip.sent', author, {
      transferId: randomUUID(),
      senderId: fan,
      recipientId: author,
      amountMicro: 500_000,
      message: '',
      sentAt: '',
    });
    const inserts = jest.spyOn(app.get(NotificationsRepository).model.collection, 'insertMany');
    try {
      await app.get(NotificationsConsumer).handleAll([
        liked(p1, author, fan),
        liked(p1, author, fan), // the same cause twice in one run
        liked(p1, author, author), // own post
        liked(p2, author, blocked),
        reward, // before its notification, in the same run
        liked(p3, author, fan),
        liked(randomUUID(), quiet, fan), // likes turned off
        liked(randomUUID(), randomBytes(12).toString('hex'), fan), // a member identity does not know
        tip,
      ]);
      expect(inserts).toHaveBeenCalledTimes(1);
    } finally {
      inserts.mockRestore();
    }
    const { notifications: list } = await notifications.list(as(author), { limit: 20, cursor: '' });
    expect(
      list.map((n) => [
        n.type,
        n.metadata?.refs.post_id ?? '',
        n.fromUser?.id,
        n.metadata?.auraCoinsEarnedMicro,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['like', p1, fan, 0],
        ['like', p3, fan, 20_000],
        ['tip', '', fan, 500_000],
      ]),
    );
    expect(list).toHaveLength(3);
    expect(await notifications.stats(as(author))).toEqual({ unreadCount: 3 });
    expect(await notifications.stats(as(quiet))).toEqual({ unreadCount: 0 });
    // Delivered again (a retry of the run): nothing new.
    await app.get(NotificationsConsumer).handleAll([liked(p1, author, fan), tip]);
    expect(await notifications.stats(as(author))).toEqual({ unreadCount: 3 });
  });

  it('comes from Kafka and is announced with notification.created', async () => {
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.messaging.message']);
    try {
      const [author, fan] = [member(), member()];
      const post = randomUUID();
      await runtime.bus.publish([
        createEvent('social', 'post.liked', post, {
          postId: post,
          authorId: author,
          likerId: fan,
          likesCount: 1,
          changedAt: '',
        }),
      ]);
      const record = await waitFor(
        () =>
          recorder.records.find((r) => r.headers[Header.type] === 'notification.created' && r.key === author),
        { what: 'notification.created', timeoutMs: 30000 },
      );
      expect(decodePayload('notification.created', record.value).notification).toMatchObject({
        type: 'like',
      });
      expect(await notifications.stats(as(author))).toEqual({ unreadCount: 1 });
    } finally {
      await recorder.stop();
    }
  });

  it('lists notifications and counts unread ones from indexes', async () => {
    const author = member();
    const notices = app.get(NotificationsRepository).model;
    const at = new Date();
    const queries: [string, Promise<string[]>][] = [
      [
        'the newest notifications',
        planOf(notices, { user_id: author }, { sort: { created_at: -1, _id: -1 }, limit: 21 }),
      ],
      [
        'a page past the window',
        planOf(
          notices,
          {
            user_id: author,
            $or: [{ created_at: { $lt: at } }, { created_at: at, _id: { $lt: randomUUID() } }],
          },
          { sort: { created_at: -1, _id: -1 }, limit: 21 },
        ),
      ],
      ['the unread ones', planOf(notices, { user_id: author, read_at: null })],
    ];
    for (const [query, plan] of queries) {
      const stages = await plan;
      expect({ query, stages, indexed: servedByIndex(stages) }).toMatchObject({ query, indexed: true });
      expect({ query, stages }).toEqual({ query, stages: expect.not.arrayContaining(['SORT']) });
    }
  });

  it('pages past the Redis window', async () => {
    const author = member();
    const consumer = app.get(NotificationsConsumer);
    for (let i = 0; i < WINDOW + 7; i += 1) await consumer.handle(liked(randomUUID(), author, member()));
    const seen = new Set<string>();
    let cursor = '';
    do {
      const page = await notifications.list(as(author), { limit: 6, cursor });
      page.notifications.forEach((n) => seen.add(n.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(WINDOW + 7);
    expect(await notifications.stats(as(author))).toEqual({ unreadCount: WINDOW + 7 });
  });
});
