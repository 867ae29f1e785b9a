import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** A notification held back for a member's daily digest (collection `notification_digest_items`). */
export interface DigestItemDoc {
  /** The notification's own id: an event that arrives twice is held once. */
  _id: string;
  user_id: string;
  type: string;
  actor_name: string;
  created_at: Date;
}

const digestItemSchema = new Schema<DigestItemDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    type: { type: String, required: true },
    actor_name: { type: String, default: '' },
    created_at: { type: Date, required: true },
  },
  { collection: 'notification_digest_items', versionKey: false },
);
// The members with something held before a day's start, and each one's items.
digestItemSchema.index({ created_at: 1, user_id: 1 });
digestItemSchema.index({ user_id: 1, created_at: 1 });

/** What is held for the daily digests (DailyDigest has the rules). */
@Injectable()
export class DigestItemsRepository implements OnModuleInit {
  readonly items: Model<DigestItemDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.items =
      (connection.models.NotificationDigestItem as Model<DigestItemDoc>) ??
      connection.model<DigestItemDoc>('NotificationDigestItem', digestItemSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.items.init();
  }

  /** Holds an item once (an event that arrives twice is held once). */
  async hold(item: DigestItemDoc): Promise<void> {
    try {
      await this.items.collection.insertOne(item as never);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** The members with something held from before `start`. */
  async membersHoldingBefore(start: Date): Promise<string[]> {
    return (await this.items.distinct('user_id', { created_at: { $lt: start } }).exec()) as string[];
  }

  /** What is held for a member from before `start`, newest first. */
  heldBefore(userId: string, start: Date): Promise<DigestItemDoc[]> {
    return this.items
      .find({ user_id: userId, created_at: { $lt: start } })
      .sort({ created_at: -1 })
      .lean<DigestItemDoc[]>()
      .exec();
  }

  async remove(ids: string[]): Promise<void> {
    await this.items.deleteMany({ _id: { $in: ids } }).exec();
  }

  async removeAllOf(userId: string): Promise<void> {
    await this.items.deleteMany({ user_id: userId }).exec();
  }
}
