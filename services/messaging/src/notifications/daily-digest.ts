import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { NotificationDraft } from './notification-rules';

/** A notification held back for a member's daily digest (collection `notification_digest_items`). */
interface DigestItemDoc {
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

/** Digests go out at this hour (UTC) for the UTC day before. */
export const DIGEST_HOUR_UTC = 8;

const PHRASES: Record<string, [one: string, many: string]> = {
  like: ['like', 'likes'],
  comment: ['comment', 'comments'],
  follow: ['new follower', 'new followers'],
  mention: ['mention', 'mentions'],
  tip: ['tip', 'tips'],
  genie_earning: ['genie earning', 'genie earnings'],
};

/** "Nova, Kai and 10 others" … the words of a day's digest: "12 likes, 3 comments and 2 new followers". */
export function digestMessage(counts: Record<string, number>, actors: string[]): string {
  const parts = Object.keys(PHRASES)
    .filter((type) => (counts[type] ?? 0) > 0)
    .map((type) => `${counts[type]} ${PHRASES[type][counts[type] === 1 ? 0 : 1]}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  const named = [...new Set(actors.filter(Boolean))];
  if (named.length === 0) return `Yesterday: ${list}.`;
  const people =
    named.length <= 2
      ? named.join(' and ')
      : `${named.slice(0, 2).join(', ')} and ${named.length - 2} other${named.length === 3 ? '' : 's'}`;
  return `Yesterday: ${list}, from ${people}.`;
}

/** The UTC day key (YYYY-MM-DD) and start of the day a moment falls in. */
export function utcDayOf(at: Date): { key: string; start: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { key: start.toISOString().slice(0, 10), start };
}

/**
 * The daily digest (issue 23): a member who chose it gets likes, comments, follows, mentions, tips and
 * genie earnings as one notification a day instead of one each. `hold` keeps such a notification
 * back; `sendDue` (every few minutes, from every instance) turns what was held before today's start
 * into one "digest" notification per member once today's digest hour has come. The digest's id is
 * derived from the member and the day, so instances that run at once, or a run after a crash, make it
 * once; the items are deleted only after it exists, so nothing held is lost.
 */
@Injectable()
export class DailyDigest {
  readonly items: Model<DigestItemDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.items =
      (connection.models.NotificationDigestItem as Model<DigestItemDoc>) ??
      connection.model<DigestItemDoc>('NotificationDigestItem', digestItemSchema);
  }

  async ensureIndexes(): Promise<void> {
    await this.items.init();
  }

  async hold(id: string, draft: NotificationDraft, actorName: string, at: Date): Promise<void> {
    try {
      await this.items.collection.insertOne({
        _id: id,
        user_id: draft.userId,
        type: draft.type,
        actor_name: actorName,
        created_at: at,
      } as never);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /**
   * Makes the digests due at `now` with `deliver` (the notification center's create); answers how
   * many members got one.
   */
  async sendDue(
    now: Date,
    deliver: (draft: NotificationDraft, at: Date) => Promise<unknown>,
  ): Promise<number> {
    if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
    const today = utcDayOf(now);
    const yesterday = utcDayOf(new Date(today.start.getTime() - 1));
    const members = (await this.items
      .distinct('user_id', { created_at: { $lt: today.start } })
      .exec()) as string[];
    for (const userId of members) {
      const held = await this.items
        .find({ user_id: userId, created_at: { $lt: today.start } })
        .sort({ created_at: -1 })
        .lean<DigestItemDoc[]>()
        .exec();
      const counts: Record<string, number> = {};
      for (const item of held) counts[item.type] = (counts[item.type] ?? 0) + 1;
      await deliver(
        {
          key: `digest:${userId}:${yesterday.key}`,
          userId,
          actorId: '',
          type: 'digest',
          title: 'Your daily digest',
          message: digestMessage(
            counts,
            held.map((item) => item.actor_name),
          ),
          refs: { day: yesterday.key },
        },
        now,
      );
      await this.items.deleteMany({ _id: { $in: held.map((item) => item._id) } }).exec();
    }
    return members.length;
  }

  /** Account erasure: what was held for the member goes with them. */
  async removeAllOf(userId: string): Promise<void> {
    await this.items.deleteMany({ user_id: userId }).exec();
  }
}
