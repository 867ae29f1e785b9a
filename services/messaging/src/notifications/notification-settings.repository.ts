import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import {
  deliveryOf,
  MUTABLE_NOTIFICATION_TYPES,
  type Delivery,
  type NotificationPreferences,
} from './notification-settings';
import { nextReminderAt } from './reminder-time';

/** One per member who changed a setting (collection `notification_settings`, `_id` = member id). */
export interface NotificationSettingsDoc {
  _id: string;
  muted_types: string[];
  daily_digest: boolean;
  /** The wellbeing reminder ("HH:MM" in `reminder_time_zone`), null when off. */
  reminder_time: string | null;
  reminder_time_zone: string;
  /** When the reminder comes next (the reminders' timer looks for those due). */
  reminder_next_at: Date | null;
  /** The member's latest check-in or reflection (identity's events), so a reminder is not sent after one. */
  last_check_in_at: Date | null;
  updated_at: Date;
}

const settingsSchema = new Schema<NotificationSettingsDoc>(
  {
    _id: { type: String, required: true },
    muted_types: { type: [String], default: [] },
    daily_digest: { type: Boolean, default: false },
    reminder_time: { type: String, default: null },
    reminder_time_zone: { type: String, default: 'UTC' },
    reminder_next_at: { type: Date, default: null },
    last_check_in_at: { type: Date, default: null },
    updated_at: { type: Date, required: true },
  },
  { collection: 'notification_settings', versionKey: false },
);
// The reminders due (a sparse one: only members with a reminder on have a time).
settingsSchema.index({ reminder_next_at: 1 }, { sparse: true });

/**
 * The members' notification settings. Read for every run of notifications to be made (by `_id`), so a
 * change holds for the next event; no cache to fall out of date.
 */
@Injectable()
export class NotificationSettingsRepository implements OnModuleInit {
  readonly model: Model<NotificationSettingsDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model =
      (connection.models.NotificationSettings as Model<NotificationSettingsDoc>) ??
      connection.model<NotificationSettingsDoc>('NotificationSettings', settingsSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  async preferencesOf(userId: string): Promise<NotificationPreferences> {
    const doc = await this.model
      .findById(userId)
      .select({ muted_types: 1, daily_digest: 1, reminder_time: 1, reminder_time_zone: 1 })
      .lean<NotificationSettingsDoc>()
      .exec();
    return {
      mutedTypes: doc?.muted_types ?? [],
      dailyDigest: Boolean(doc?.daily_digest),
      reminder: doc?.reminder_time
        ? { time: doc.reminder_time, timeZone: doc.reminder_time_zone || 'UTC' }
        : null,
    };
  }

  /**
   * How each of `wanted` reaches its member, with one read of the settings of the members concerned:
   * account and money notifications always at once, the others as the member asked.
   */
  async deliveriesOf(wanted: { userId: string; type: string }[]): Promise<Delivery[]> {
    const mutable = (type: string) => (MUTABLE_NOTIFICATION_TYPES as readonly string[]).includes(type);
    const members = [...new Set(wanted.filter((each) => mutable(each.type)).map((each) => each.userId))];
    const docs = members.length
      ? await this.model
          .find({ _id: { $in: members } })
          .select({ muted_types: 1, daily_digest: 1 })
          .lean<NotificationSettingsDoc[]>()
          .exec()
      : [];
    const settingsOf = new Map(docs.map((doc) => [doc._id, doc]));
    return wanted.map(({ userId, type }) => deliveryOf(type, settingsOf.get(userId)));
  }

  /** Saves the member's settings; a reminder turned on or moved comes next at its new time. */
  async save(userId: string, preferences: NotificationPreferences, now = new Date()): Promise<void> {
    const reminder = preferences.reminder;
    await this.model
      .updateOne(
        { _id: userId },
        {
          $set: {
            muted_types: preferences.mutedTypes,
            daily_digest: preferences.dailyDigest,
            reminder_time: reminder?.time ?? null,
            reminder_time_zone: reminder?.timeZone ?? 'UTC',
            reminder_next_at: reminder ? nextReminderAt(now, reminder) : null,
            updated_at: now,
          },
        },
        { upsert: true },
      )
      .exec();
  }

  /** Account erasure: the member's settings go with them. */
  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId }).exec();
  }

  /** A check-in or reflection (identity's events): the wellbeing reminder skips that day. */
  async noteCheckIn(userId: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: userId }, { $max: { last_check_in_at: at } }, { upsert: true }).exec();
  }

  /** The members whose reminder is due at `now`, the longest waiting first. */
  remindersDue(now: Date, limit: number): Promise<NotificationSettingsDoc[]> {
    return this.model
      .find({ reminder_next_at: { $ne: null, $lte: now } })
      .sort({ reminder_next_at: 1 })
      .limit(limit)
      .lean<NotificationSettingsDoc[]>()
      .exec();
  }

  /**
   * Moves a reminder on to `next`. Conditional: of instances moving the same reminder on, one does
   * (and a change of the time the member made meanwhile is kept).
   */
  async moveReminderOn(due: NotificationSettingsDoc, next: Date): Promise<void> {
    await this.model
      .updateOne(
        { _id: due._id, reminder_next_at: due.reminder_next_at, reminder_time: due.reminder_time },
        { $set: { reminder_next_at: next } },
      )
      .exec();
  }
}
