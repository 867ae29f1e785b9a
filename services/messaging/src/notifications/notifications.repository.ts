import { insertManyNew, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model, mongo } from 'mongoose';
import type { Cursor } from '../common/ids';
import { NotificationDoc, notificationSchema } from './notification.schema';

/**
 * The notifications (collection `notifications`), MongoDB side: the source of truth, inserted once per
 * cause. The notification center reads Redis first (NotificationCache); these reads fill it and page
 * past its window, each served by an index.
 */
@Injectable()
export class NotificationsRepository implements OnModuleInit {
  readonly model: Model<NotificationDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model =
      connection.models.Notification ?? connection.model<NotificationDoc>('Notification', notificationSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Inserts those not stored yet (by `_id`); answers the ones this call inserted. */
  async insertNew(docs: NotificationDoc[]): Promise<Set<NotificationDoc>> {
    const collection = this.model.collection as unknown as mongo.Collection<NotificationDoc>;
    return new Set(await insertManyNew(collection, docs));
  }

  findByIds(ids: string[]): Promise<NotificationDoc[]> {
    return this.model
      .find({ _id: { $in: ids } })
      .lean<NotificationDoc[]>()
      .exec();
  }

  findById(id: string): Promise<NotificationDoc | null> {
    return this.model.findById(id).lean<NotificationDoc>().exec();
  }

  /** Sets the coins a notification shows; the notification as it is now (undefined: not the member's). */
  async setCoins(id: string, userId: string, micro: number): Promise<NotificationDoc | undefined> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, user_id: userId },
        { $set: { coins_micro: micro } },
        { returnDocument: 'after' },
      )
      .lean<NotificationDoc>()
      .exec();
    return doc ?? undefined;
  }

  /** A member's notifications newest first, older than `after` when given. */
  newestOf(userId: string, limit: number, after?: Cursor): Promise<NotificationDoc[]> {
    const filter: FilterQuery<NotificationDoc> = { user_id: userId };
    if (after) {
      const at = new Date(after.ms);
      filter.$or = [{ created_at: { $lt: at } }, { created_at: at, _id: { $lt: after.id } }];
    }
    return this.model
      .find(filter)
      .sort({ created_at: -1, _id: -1 })
      .limit(limit)
      .lean<NotificationDoc[]>()
      .exec();
  }

  countUnread(userId: string): Promise<number> {
    return this.model.countDocuments({ user_id: userId, read_at: null }).exec();
  }

  /**
   * Marks one read if it is unread. Conditional: of concurrent calls one marks it, and only that one
   * answers true.
   */
  async markRead(id: string, at: Date): Promise<boolean> {
    const marked = await this.model.updateOne({ _id: id, read_at: null }, { $set: { read_at: at } }).exec();
    return marked.modifiedCount === 1;
  }

  /** Marks read every notification of the member made up to `at`. */
  async markAllRead(userId: string, at: Date): Promise<void> {
    await this.model
      .updateMany({ user_id: userId, read_at: null, created_at: { $lte: at } }, { $set: { read_at: at } })
      .exec();
  }

  /** Deletes every notification of a member; answers how many. */
  async deleteAllOf(userId: string): Promise<number> {
    const { deletedCount } = await this.model.deleteMany({ user_id: userId }).exec();
    return deletedCount;
  }
}
