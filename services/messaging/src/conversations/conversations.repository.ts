import {
  afterTimeAndId,
  EventRecord,
  insertOnce,
  isDuplicateKeyError,
  MONGO,
  OUTBOX_FIELD,
  StoredOutboxEvent,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model, mongo, SortOrder } from 'mongoose';
import { Cursor } from '../common/ids';
import type { OutboxedDoc, OutboxedWrites } from '../events/outbox-finisher';
import { fromDoc, StoredMessage, toDoc } from '../messages/message';
import { MessageDoc, MessageReadDoc, messageReadSchema, messageSchema } from '../messages/message.schema';
import { ConversationDoc, conversationSchema } from './conversation.schema';

/** A document inserted with its events (see OutboxFinisher). */
type WithOutbox<T> = T & { _outbox: StoredOutboxEvent[] };

/** Documents whose events are not published yet (outboxPlugin's sparse index holds only them). */
const UNFINISHED = { [`${OUTBOX_FIELD}.id`]: { $exists: true } };

/** The writes of one collection inserted with their events; `timeField` says when one was written. */
function outboxedWrites<T>(model: Model<T>, timeField: keyof T & string): OutboxedWrites {
  return {
    unfinished: (before, limit) =>
      model
        .find({ ...UNFINISHED, [timeField]: { $lt: before } } as FilterQuery<T>)
        .select(`+${OUTBOX_FIELD}`)
        .limit(limit)
        .lean<OutboxedDoc[]>()
        .exec(),
    finished: async (id) => {
      await model.updateOne({ _id: id } as FilterQuery<T>, { $unset: { [OUTBOX_FIELD]: 1 } }).exec();
    },
  };
}

/** Everything a conversation's cache is rebuilt from. */
export interface ConversationSnapshot {
  conversation: ConversationDoc;
  /** Newest first, at most the window. */
  recent: StoredMessage[];
  reads: Map<string, Date>;
  total: number;
  unread: Record<string, number>;
}

/** A position in a data export: a document's time (ms) and _id. */
export type ExportPosition = readonly [number, string] | undefined;

const OLDEST_FIRST = { created_at: 1, _id: 1 } as const;

/** The filters and sorts of the data export's queries, one place for the export and the index tests. */
export const ExportQueries = {
  /** A member's conversations oldest first (`member_ids` index; a member has few enough to sort). */
  conversations: (
    userId: string,
    position: ExportPosition,
  ): { filter: FilterQuery<ConversationDoc>; sort: Record<string, SortOrder> } => ({
    filter: { member_ids: userId, ...afterTimeAndId('created_at', position) },
    sort: OLDEST_FIRST,
  }),
  /**
   * A conversation's messages oldest first (`conversation_id, created_at, _id` index, read backwards),
   * without those a moderator removed (gone from the app; their content was cleared).
   */
  messages: (
    conversationId: string,
    position: ExportPosition,
  ): { filter: FilterQuery<MessageDoc>; sort: Record<string, SortOrder> } => ({
    filter: {
      conversation_id: conversationId,
      removed: { $ne: true },
      ...afterTimeAndId('created_at', position),
    },
    sort: OLDEST_FIRST,
  }),
};

/**
 * MongoDB side of conversations: the source of truth, written by inserts (conversations, and messages
 * and reads each with its event). Reads here are the slow path (history beyond the Redis window,
 * rebuilding a cache), each served by an index; the hot path reads Redis.
 */
@Injectable()
export class ConversationsRepository implements OnModuleInit {
  readonly conversations: Model<ConversationDoc>;
  readonly messages: Model<MessageDoc>;
  readonly reads: Model<MessageReadDoc>;
  /** Messages inserted with their `message.sent` (see OutboxFinisher). */
  readonly messageOutbox: OutboxedWrites;
  /** Reads inserted with their `message.read` (see OutboxFinisher). */
  readonly readOutbox: OutboxedWrites;

  constructor(@Inject(MONGO) connection: Connection) {
    this.conversations =
      connection.models.Conversation ?? connection.model<ConversationDoc>('Conversation', conversationSchema);
    this.messages = connection.models.Message ?? connection.model<MessageDoc>('Message', messageSchema);
    this.reads =
      connection.models.MessageRead ?? connection.model<MessageReadDoc>('MessageRead', messageReadSchema);
    this.messageOutbox = outboxedWrites(this.messages, 'created_at');
    this.readOutbox = outboxedWrites(this.reads, 'read_at');
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.conversations.init(), this.messages.init(), this.reads.init()]);
  }

  /** Inserts the conversation once; answers the stored one. */
  async createConversation(id: string, memberIds: string[], createdBy: string): Promise<ConversationDoc> {
    const doc: ConversationDoc = {
      _id: id,
      member_ids: memberIds,
      created_by: createdBy,
      created_at: new Date(),
    };
    try {
      await this.conversations.collection.insertOne(doc as never);
      return doc;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.findConversation(id);
      if (!existing) throw error;
      return existing;
    }
  }

  findConversation(id: string): Promise<ConversationDoc | null> {
    return this.conversations.findById(id).lean<ConversationDoc>().exec();
  }

  async conversationIdsOf(userId: string): Promise<ConversationDoc[]> {
    return this.conversations.find({ member_ids: userId }).lean<ConversationDoc[]>().exec();
  }

  /** Inserts the message with its events once: false when its id was stored already (a retry). */
  insertMessage(message: StoredMessage, events: EventRecord[]): Promise<boolean> {
    return insertOnce(this.messages.collection as unknown as mongo.Collection<WithOutbox<MessageDoc>>, {
      ...toDoc(message),
      _outbox: toStoredOutbox(events),
    });
  }

  async findMessage(id: string): Promise<StoredMessage | null> {
    const doc = await this.messages.findById(id).lean<MessageDoc>().exec();
    return doc ? fromDoc(doc) : null;
  }

  /** Clears a message's content and media (a moderator removed it); the message as it is now, or null. */
  async removeMessage(id: string): Promise<StoredMessage | null> {
    const doc = await this.messages
      .findOneAndUpdate(
        { _id: id },
        { $set: { removed: true, content: '', message_type: 'text', media_url: '', media_filename: '' } },
        { new: true, projection: { _outbox: 0 } },
      )
      .lean<MessageDoc>()
      .exec();
    return doc ? fromDoc(doc) : null;
  }

  /**
   * Deletes what `senderId` sent in a conversation (and the reads of it), and clears the quotes of
   * those messages in the replies to them; answers the ids of the messages deleted.
   */
  async deleteMessagesOf(conversationId: string, senderId: string): Promise<string[]> {
    const filter = { conversation_id: conversationId, sender_id: senderId };
    const ids = (await this.messages.find(filter).select({ _id: 1 }).lean().exec()).map((doc) => doc._id);
    if (ids.length === 0) return [];
    await this.reads.deleteMany({ _id: { $in: ids } }).exec();
    await this.messages.deleteMany({ _id: { $in: ids } }).exec();
    await this.clearQuotesOf(ids);
    return ids;
  }

  /** The replies quoting these messages say they are unavailable (their excerpt goes); answers them. */
  async clearQuotesOf(messageIds: string[]): Promise<StoredMessage[]> {
    const filter = { 'reply_to.message_id': { $in: messageIds } };
    await this.messages
      .updateMany(filter, { $set: { 'reply_to.unavailable': true, 'reply_to.excerpt': '' } })
      .exec();
    const docs = await this.messages.find(filter).select({ _outbox: 0 }).lean<MessageDoc[]>().exec();
    return docs.map(fromDoc);
  }

  /** Inserts the read with its events once: false when the message was read already. */
  insertRead(read: MessageReadDoc, events: EventRecord[]): Promise<boolean> {
    return insertOnce(this.reads.collection as unknown as mongo.Collection<WithOutbox<MessageReadDoc>>, {
      ...read,
      _outbox: toStoredOutbox(events),
    });
  }

  async findRead(messageId: string): Promise<MessageReadDoc | null> {
    return this.reads.findById(messageId).lean<MessageReadDoc>().exec();
  }

  /** Messages older than the cursor (or the newest), newest first; only those whose text matches `text`. */
  async history(
    conversationId: string,
    before: Cursor | undefined,
    limit: number,
    text?: RegExp,
  ): Promise<StoredMessage[]> {
    const filter: FilterQuery<MessageDoc> = { conversation_id: conversationId };
    if (text) filter.content = { $regex: text };
    if (before) {
      const at = new Date(before.ms);
      filter.$or = [{ created_at: { $lt: at } }, { created_at: at, _id: { $lt: before.id } }];
    }
    const docs = await this.messages
      .find(filter)
      .sort({ created_at: -1, _id: -1 })
      .limit(limit)
      .lean<MessageDoc[]>()
      .exec();
    return docs.map(fromDoc);
  }

  async readsOf(messageIds: string[]): Promise<Map<string, Date>> {
    if (messageIds.length === 0) return new Map();
    const docs = await this.reads
      .find({ _id: { $in: messageIds } })
      .lean<MessageReadDoc[]>()
      .exec();
    return new Map(docs.map((doc) => [doc._id, new Date(doc.read_at)]));
  }

  /** Whether anything was sent in the conversation. */
  async hasMessages(conversationId: string): Promise<boolean> {
    return (await this.messages.exists({ conversation_id: conversationId }).exec()) !== null;
  }

  /** A member's conversations after `position`, oldest first (the data export). */
  exportConversationsAfter(
    userId: string,
    position: ExportPosition,
    limit: number,
  ): Promise<ConversationDoc[]> {
    const query = ExportQueries.conversations(userId, position);
    return this.conversations
      .find(query.filter)
      .sort(query.sort)
      .limit(limit)
      .lean<ConversationDoc[]>()
      .exec();
  }

  /** A conversation's messages after `position`, oldest first (the data export). */
  exportMessagesAfter(
    conversationId: string,
    position: ExportPosition,
    limit: number,
  ): Promise<MessageDoc[]> {
    const query = ExportQueries.messages(conversationId, position);
    return this.messages
      .find(query.filter, { _outbox: 0 })
      .sort(query.sort)
      .limit(limit)
      .lean<MessageDoc[]>()
      .exec();
  }

  /** The conversation as of now, for its cache. Null when it does not exist. */
  async snapshot(id: string, window: number): Promise<ConversationSnapshot | null> {
    const conversation = await this.findConversation(id);
    if (!conversation) return null;
    const [recent, total] = await Promise.all([
      this.history(id, undefined, window),
      this.messages.countDocuments({ conversation_id: id }).exec(),
    ]);
    const unread: Record<string, number> = {};
    for (const member of conversation.member_ids) {
      const [received, read] = await Promise.all([
        this.messages.countDocuments({ conversation_id: id, recipient_id: member }).exec(),
        this.reads.countDocuments({ conversation_id: id, reader_id: member }).exec(),
      ]);
      unread[member] = Math.max(0, received - read);
    }
    const reads = await this.readsOf(recent.map((message) => message.id));
    return { conversation, recent, reads, total, unread };
  }
}
