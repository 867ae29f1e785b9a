import { isDuplicateKeyError, MONGO } from '@aura/platform';
import type { messaging } from '@aura/proto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { MessageReactionDoc, messageReactionSchema } from './message.schema';
import { MAX_REACTIONS_PER_MEMBER, summarize } from './reaction-rules';

/** What adding a reaction did. */
export type AddResult = 'added' | 'held' | 'full';

/** MongoDB side of reactions (message_reactions): the source of truth, read with each page of messages. */
@Injectable()
export class ReactionsRepository implements OnModuleInit {
  readonly reactions: Model<MessageReactionDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.reactions =
      connection.models.MessageReaction ??
      connection.model<MessageReactionDoc>('MessageReaction', messageReactionSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.reactions.init();
  }

  /**
   * Adds the member's reaction into a free slot: 'held' when they hold that emoji already, 'full' when
   * they hold MAX_REACTIONS_PER_MEMBER others. A racing add that took the slot (or the emoji) is seen
   * by the next attempt.
   */
  async add(messageId: string, conversationId: string, userId: string, emoji: string): Promise<AddResult> {
    for (let attempt = 0; attempt <= MAX_REACTIONS_PER_MEMBER; attempt += 1) {
      const held = await this.reactions
        .find({ message_id: messageId, user_id: userId })
        .lean<MessageReactionDoc[]>()
        .exec();
      if (held.some((doc) => doc.emoji === emoji)) return 'held';
      const taken = new Set(held.map((doc) => doc._id));
      const slot = [...Array(MAX_REACTIONS_PER_MEMBER).keys()]
        .map((index) => `${messageId}:${userId}:${index}`)
        .find((id) => !taken.has(id));
      if (!slot) return 'full';
      try {
        await this.reactions.collection.insertOne({
          _id: slot,
          message_id: messageId,
          conversation_id: conversationId,
          user_id: userId,
          emoji,
          created_at: new Date(),
        } as never);
        return 'added';
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    return 'full';
  }

  /** Takes the member's reaction back; false when they did not hold it. */
  async remove(messageId: string, userId: string, emoji: string): Promise<boolean> {
    const result = await this.reactions.deleteOne({ message_id: messageId, user_id: userId, emoji }).exec();
    return result.deletedCount > 0;
  }

  /** The reactions of these messages (messages without any are absent). */
  async of(messageIds: string[]): Promise<Map<string, messaging.MessageReaction[]>> {
    if (messageIds.length === 0) return new Map();
    const docs = await this.reactions
      .find({ message_id: { $in: messageIds } })
      .lean<MessageReactionDoc[]>()
      .exec();
    const byMessage = new Map<string, MessageReactionDoc[]>();
    for (const doc of docs) byMessage.set(doc.message_id, [...(byMessage.get(doc.message_id) ?? []), doc]);
    return new Map([...byMessage].map(([id, entries]) => [id, summarize(entries)]));
  }

  /** Deletes a member's reactions in a conversation and every reaction to these messages. */
  async deleteFor(conversationId: string, userId: string, messageIds: string[]): Promise<void> {
    await this.reactions
      .deleteMany({
        $or: [{ conversation_id: conversationId, user_id: userId }, { message_id: { $in: messageIds } }],
      })
      .exec();
  }
}
