import { Inject, Injectable } from '@nestjs/common';
import { DigestItemsRepository } from './digest-items.repository';
import type { NotificationDraft } from './notification-rules';

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
  constructor(@Inject(DigestItemsRepository) private readonly items: DigestItemsRepository) {}

  /** Keeps a notification back for the member's next digest (once per notification id). */
  hold(id: string, draft: NotificationDraft, actorName: string, at: Date): Promise<void> {
    return this.items.hold({
      _id: id,
      user_id: draft.userId,
      type: draft.type,
      actor_name: actorName,
      created_at: at,
    });
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
    const members = await this.items.membersHoldingBefore(today.start);
    for (const userId of members) {
      const held = await this.items.heldBefore(userId, today.start);
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
      await this.items.remove(held.map((item) => item._id));
    }
    return members.length;
  }

  /** Account erasure: what was held for the member goes with them. */
  removeAllOf(userId: string): Promise<void> {
    return this.items.removeAllOf(userId);
  }
}
