import { randomUUID } from 'node:crypto';
import {
  Caller,
  createEvent,
  EventRecord,
  Forbidden,
  InvalidInput,
  LOGGER,
  NotFound,
  RUNTIME,
  RuleViolation,
  ServiceRuntime,
} from '@aura/platform';
import type { messaging } from '@aura/proto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { BlocksRepository } from '../blocks/blocks.repository';
import {
  conversationId,
  decodeCursor,
  derivedId,
  encodeCursor,
  isMemberId,
  isUuid,
  membersOf,
  olderThan,
} from '../common/ids';
import { ConversationCache, WindowEntry } from '../conversations/conversation-cache';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { callerId, ConversationMessages, ConversationsService } from '../conversations/conversations.service';
import { CoalescingPublisher } from '../events/event-publisher';
import { OutboxFinisher } from '../events/outbox-finisher';
import { MembersRepository } from '../members/members.repository';
import { excerptOf, fromDoc, quoteOf, StoredMessage, toMessageProto } from './message';
import { escapeRegExp, MessageRules, validateSearch, validateSend } from './message-rules';
import type { MessageDoc, MessageReadDoc, QuotedMessageDoc, QuotedStoryDoc } from './message.schema';
import { ReactionsRepository } from './reactions.repository';

export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 50;
export const MAX_SEARCH_PAGE = 50;
export const DEFAULT_SEARCH_PAGE = 20;

/** The quote of a story a reply answers; the gateway checked the caller may see it. */
function storyQuote(story: messaging.QuotedStory, recipientId: string): QuotedStoryDoc {
  if (!story.storyId || story.storyId.length > 64) throw new InvalidInput('story_id is required');
  if (story.authorId !== recipientId) throw new RuleViolation(MessageRules.storyNotOfRecipient);
  return {
    story_id: story.storyId,
    author_id: story.authorId,
    excerpt: excerptOf(story.excerpt),
    media_url: story.mediaUrl,
    media_type: story.mediaType,
  };
}

/**
 * Sending and reading. The write path: the message (or read) and its event in one insert → Redis
 * (conversation window, unread counts, lists) → events → the document's outbox cleared. The answer does
 * not wait for Kafka; the event stored with the message guarantees it goes out (OutboxFinisher).
 */
@Injectable()
export class MessagesService implements OnModuleInit {
  constructor(
    @Inject(ConversationsRepository) private readonly store: ConversationsRepository,
    @Inject(ConversationCache) private readonly cache: ConversationCache,
    @Inject(ConversationsService) private readonly conversations: ConversationsService,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(ReactionsRepository) private readonly reactions: ReactionsRepository,
    @Inject(OutboxFinisher) private readonly finisher: OutboxFinisher,
    @Inject(CoalescingPublisher) private readonly publisher: CoalescingPublisher,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'service'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** What a crash can leave undone after the insert of a message or a read (see OutboxFinisher). */
  onModuleInit(): void {
    this.finisher.register(this.store.messageOutbox, async (doc) => {
      const message = fromDoc(doc as unknown as MessageDoc);
      await this.applyToCache(message);
      return this.conversationUpdates(message.conversationId);
    });
    this.finisher.register(this.store.readOutbox, async (doc) => {
      const read = doc as unknown as MessageReadDoc;
      await this.markInCache(read.conversation_id, read._id, read.reader_id, new Date(read.read_at));
      return this.conversationUpdates(read.conversation_id, [read.reader_id]);
    });
  }

  /** Checks that the caller may message the member; answers their conversation (created once). */
  async prepare(caller: Caller | undefined, recipientId: string) {
    const senderId = callerId(caller);
    await this.checkRecipient(senderId, recipientId);
    return this.conversations.view(await this.conversations.openState(senderId, recipientId), senderId);
  }

  private async checkRecipient(senderId: string, recipientId: string): Promise<void> {
    if (!isMemberId(recipientId)) throw new NotFound(ConversationMessages.userNotFound);
    if (recipientId === senderId) throw new RuleViolation(ConversationMessages.notYourself);
    if (await this.blocks.eitherWay(senderId, recipientId)) throw new RuleViolation(MessageRules.blocked);
  }

  async send(caller: Caller | undefined, request: messaging.SendMessageRequest): Promise<messaging.Message> {
    const senderId = callerId(caller);
    const input = validateSend({
      content: request.content,
      messageType: request.messageType,
      mediaUrl: request.mediaUrl,
      mediaFilename: request.mediaFilename,
      clientMessageId: request.clientMessageId,
    });
    const recipientId = request.recipientId;
    if (!isMemberId(recipientId)) throw new NotFound(ConversationMessages.userNotFound);
    if (recipientId === senderId) throw new RuleViolation(ConversationMessages.notYourself);
    const id0 = conversationId(senderId, recipientId);
    // The hot path asks Redis only: a conversation in the cache exists, and so does its other member.
    const [blocked, known, sender] = await Promise.all([
      this.blocks.eitherWay(senderId, recipientId),
      this.cache.isLoaded(id0),
      this.members.get(senderId),
    ]);
    if (blocked) throw new RuleViolation(MessageRules.blocked);
    if (!known) await this.conversations.openState(senderId, recipientId);
    if (!sender) throw new NotFound(ConversationMessages.userNotFound);
    const replyTo = request.replyToMessageId ? await this.quoted(id0, request.replyToMessageId) : undefined;
    const story = request.story ? storyQuote(request.story, recipientId) : undefined;
    const id = input.clientMessageId
      ? derivedId(`message:${senderId}:${input.clientMessageId}`)
      : randomUUID();
    let message: StoredMessage = {
      id,
      conversationId: id0,
      senderId,
      recipientId,
      content: input.content,
      messageType: input.messageType,
      mediaUrl: input.mediaUrl,
      mediaFilename: input.mediaFilename,
      clientMessageId: input.clientMessageId,
      sender,
      createdAt: new Date(),
      ...(replyTo ? { replyTo } : {}),
      ...(story ? { story } : {}),
    };
    let sent = this.sentEvent(message);
    let read: WindowEntry | undefined;
    if (!(await this.store.insertMessage(message, [sent]))) {
      // A retry with the same client id: the message stored the first time is the answer.
      read = await this.cache.cachedMessage(id0, id);
      message = read?.message ?? (await this.store.findMessage(id)) ?? message;
      sent = this.sentEvent(message);
    }
    await this.applyToCache(message);
    // new_message first (the latency that matters), then each member's conversation_updated.
    void this.publisher
      .publish([sent])
      .then(() => this.conversationUpdates(message.conversationId))
      .then((updates) => this.publisher.publish(updates))
      .then(() => this.store.messageOutbox.finished(id))
      .catch((error) => this.logger.warn({ err: error, messageId: id }, 'message events left for the sweep'));
    return toMessageProto(message, { isRead: Boolean(read?.readAt), readAt: read?.readAt });
  }

  /** The quote of the message a reply answers: one of the same conversation, not removed. */
  private async quoted(conversationId: string, messageId: string): Promise<QuotedMessageDoc> {
    if (!isUuid(messageId)) throw new NotFound(MessageRules.replyNotFound);
    const cached = await this.cache.cachedMessage(conversationId, messageId);
    const message = cached?.message ?? (await this.store.findMessage(messageId));
    if (!message || message.conversationId !== conversationId) throw new NotFound(MessageRules.replyNotFound);
    if (message.removed) throw new RuleViolation(MessageRules.replyRemoved);
    return quoteOf(message);
  }

  /** Adds the message to its conversation's cache (loading the cache when it is not there). */
  private async applyToCache(message: StoredMessage): Promise<void> {
    const result = await this.cache.apply(message);
    if (result.status === -1) {
      await this.conversations.loadedState(message.conversationId);
      await this.cache.apply(message);
    }
  }

  async list(
    caller: Caller | undefined,
    request: messaging.ListMessagesRequest,
  ): Promise<messaging.MessagePage> {
    const userId = callerId(caller);
    const state = await this.conversations.memberState(userId, request.conversationId);
    const limit = Math.min(Math.max(request.limit || DEFAULT_PAGE, 1), MAX_PAGE);
    const cursor = decodeCursor(request.cursor);
    if (request.cursor && !cursor) throw new InvalidInput(MessageRules.badCursor);
    const want = limit + 1;
    const recent = await this.cache.recent(state.id);
    const items: WindowEntry[] = recent
      .filter((entry) => !cursor || olderThan(entry.ms, entry.message.id, cursor))
      .slice(0, want);
    if (items.length < want && recent.length < state.total) {
      // Older than what Redis keeps: MongoDB (the slow path).
      const last = items.at(-1);
      const after = last ? { ms: last.ms, id: last.message.id } : cursor;
      const older = await this.store.history(state.id, after, want - items.length);
      const reads = await this.store.readsOf(older.map((message) => message.id));
      items.push(
        ...older.map((message) => ({
          message,
          ms: message.createdAt.getTime(),
          readAt: reads.get(message.id),
        })),
      );
    }
    const page = items.slice(0, limit);
    const next = items.length > limit ? page.at(-1) : undefined;
    const reactions = await this.reactions.of(page.map((entry) => entry.message.id));
    return {
      messages: page.reverse().map((entry) =>
        toMessageProto(entry.message, {
          isRead: Boolean(entry.readAt),
          readAt: entry.readAt,
          reactions: reactions.get(entry.message.id),
        }),
      ),
      nextCursor: next ? encodeCursor({ ms: next.ms, id: next.message.id }) : '',
    };
  }

  /**
   * Messages of the conversation whose text contains the query, case-insensitively (the text escaped
   * into a RegExp: every character matches itself), newest first; removed messages have no text.
   */
  async search(
    caller: Caller | undefined,
    request: messaging.SearchMessagesRequest,
  ): Promise<messaging.MessagePage> {
    const userId = callerId(caller);
    const state = await this.conversations.memberState(userId, request.conversationId);
    const q = validateSearch(request.q);
    const limit = Math.min(Math.max(request.limit || DEFAULT_SEARCH_PAGE, 1), MAX_SEARCH_PAGE);
    const cursor = decodeCursor(request.cursor);
    if (request.cursor && !cursor) throw new InvalidInput(MessageRules.badCursor);
    const found = await this.store.history(state.id, cursor, limit + 1, new RegExp(escapeRegExp(q), 'i'));
    const page = found.slice(0, limit);
    const ids = page.map((message) => message.id);
    const [reads, reactions] = await Promise.all([this.store.readsOf(ids), this.reactions.of(ids)]);
    const last = page.at(-1);
    return {
      messages: page.map((message) =>
        toMessageProto(message, {
          isRead: reads.has(message.id),
          readAt: reads.get(message.id),
          reactions: reactions.get(message.id),
        }),
      ),
      nextCursor:
        found.length > limit && last ? encodeCursor({ ms: last.createdAt.getTime(), id: last.id }) : '',
    };
  }

  /** One message of a conversation the caller is in (a removed one is gone: NOT_FOUND). */
  async get(caller: Caller | undefined, messageId: string): Promise<messaging.Message> {
    const userId = callerId(caller);
    const message = isUuid(messageId) ? await this.store.findMessage(messageId) : null;
    if (!message || message.removed || (message.senderId !== userId && message.recipientId !== userId))
      throw new NotFound(MessageRules.messageNotFound);
    return this.withState(message);
  }

  /** The message with its read state and reactions as they are now. */
  async withState(message: StoredMessage): Promise<messaging.Message> {
    const [read, reactions] = await Promise.all([
      this.store.findRead(message.id),
      this.reactions.of([message.id]),
    ]);
    return toMessageProto(message, {
      isRead: Boolean(read),
      readAt: read ? new Date(read.read_at) : undefined,
      reactions: reactions.get(message.id),
    });
  }

  /**
   * A moderator removed the message: its content and media are cleared in MongoDB and in the cache, and
   * message.removed tells both members' open chats (a repeat, from a redelivered moderation event, tells
   * them again, which changes nothing).
   */
  async remove(messageId: string): Promise<boolean> {
    const removed = isUuid(messageId) ? await this.store.removeMessage(messageId) : null;
    if (!removed) return false;
    await this.cache.replaceMessage(removed);
    // Replies quoting it no longer show its text.
    for (const reply of await this.store.clearQuotesOf([messageId])) await this.cache.replaceMessage(reply);
    await this.publisher.publish([
      createEvent(this.runtime.service, 'message.removed', removed.conversationId, {
        messageId,
        conversationId: removed.conversationId,
        memberIds: [removed.senderId, removed.recipientId],
      }),
    ]);
    return true;
  }

  async markRead(
    caller: Caller | undefined,
    request: messaging.MarkReadRequest,
  ): Promise<messaging.ReadReceipt> {
    const userId = callerId(caller);
    const state = await this.conversations.memberState(userId, request.conversationId);
    const messageId = request.messageId;
    if (!isUuid(messageId)) throw new NotFound(MessageRules.messageNotFound);
    const cached = await this.cache.cachedMessage(state.id, messageId);
    const message = cached?.message ?? (await this.store.findMessage(messageId));
    if (!message || message.conversationId !== state.id) throw new NotFound(MessageRules.messageNotFound);
    if (message.recipientId !== userId) throw new Forbidden(MessageRules.notRecipient);
    const receipt = (readAt: Date, changed: boolean): messaging.ReadReceipt => ({
      messageId,
      conversationId: state.id,
      isRead: true,
      readBy: userId,
      readAt: readAt.toISOString(),
      changed,
    });
    if (cached?.readAt) return receipt(cached.readAt, false);

    const read: MessageReadDoc = {
      _id: messageId,
      conversation_id: state.id,
      reader_id: userId,
      sender_id: message.senderId,
      read_at: new Date(),
    };
    const event = this.readEvent(read);
    const inserted = await this.store.insertRead(read, [event]);
    const readAt = inserted
      ? read.read_at
      : new Date((await this.store.findRead(messageId))?.read_at ?? read.read_at);
    const changedInCache = await this.markInCache(state.id, messageId, userId, readAt);
    if (inserted || changedInCache)
      void this.conversationUpdates(state.id, [userId])
        .then((updates) => this.publisher.publish([event, ...updates]))
        .then(() => (inserted ? this.store.readOutbox.finished(messageId) : undefined))
        .catch((error) => this.logger.warn({ err: error, messageId }, 'read events left for the sweep'));
    return receipt(readAt, inserted);
  }

  private async markInCache(conversationId: string, messageId: string, readerId: string, at: Date) {
    let result = await this.cache.markRead(conversationId, messageId, readerId, at);
    if (result.status === -1) {
      await this.conversations.loadedState(conversationId);
      result = await this.cache.markRead(conversationId, messageId, readerId, at);
    }
    return result.status === 1;
  }

  private sentEvent(message: StoredMessage): EventRecord {
    const record = createEvent(this.runtime.service, 'message.sent', message.conversationId, {
      message: toMessageProto(message, { isRead: false }),
      memberIds: membersOf(message.conversationId) ?? [message.senderId, message.recipientId],
    });
    return { ...record, id: derivedId(`message.sent:${message.id}`) };
  }

  private readEvent(read: MessageReadDoc): EventRecord {
    const record = createEvent(this.runtime.service, 'message.read', read.conversation_id, {
      messageId: read._id,
      conversationId: read.conversation_id,
      readerId: read.reader_id,
      senderId: read.sender_id,
      readAt: new Date(read.read_at).toISOString(),
    });
    return { ...record, id: derivedId(`message.read:${read._id}`) };
  }

  /** conversation.updated for members whose view changed (both, unless `only` says). */
  private async conversationUpdates(conversationId: string, only?: string[]): Promise<EventRecord[]> {
    const state = await this.cache.state(conversationId);
    if (!state) return [];
    const views = await this.conversations.perspectives(state, only ?? membersOf(conversationId) ?? []);
    return [...views].map(([userId, conversation]) =>
      createEvent(this.runtime.service, 'conversation.updated', conversationId, { userId, conversation }),
    );
  }
}
