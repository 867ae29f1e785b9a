import type { Redis } from '@aura/platform';
import type { Connection } from 'mongoose';
import { AnyModel, Collection, collectionOf, indexedModel, insertOnce } from '../db';

interface SlotDoc {
  _id: string;
  /** The reward's idempotency key: one event takes at most one slot (unique). */
  event: string;
  user: string;
  reason: string;
  day: string;
  created_at: Date;
}

const HINT_TTL_SECONDS = 3 * 86400;

/**
 * Daily limits without a counter that concurrent writers could lose: slot n (1..limit) of a member's
 * day for a reason is the document "<reason>:<user>:<day>:<n>", inserted once. A reward holds a slot
 * or is over the limit; `event` is unique, so a redelivered event finds the slot it took before and
 * never takes a second. Redis INCR proposes the slot number so that concurrent rewards do not all
 * try slot 1 (a hint only: when it is lost or ahead, the first free slot is searched in order). Old
 * days are purged, so the collection holds about two days of rewards.
 */
export class RewardSlots {
  private readonly model: AnyModel;
  private readonly slots: Collection<SlotDoc>;
  private readonly prefix: string;

  constructor(
    connection: Connection,
    private readonly redis?: Redis,
  ) {
    this.model = indexedModel(connection, 'RewardSlot', 'reward_slots', [
      { fields: { event: 1 }, unique: true },
    ]);
    this.slots = collectionOf(this.model);
    this.prefix = `aura:economy:${connection.name || 'economy'}:slots`;
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** True when `event` holds (now or from before) one of the first `limit` slots of the day. */
  async claim(reason: string, user: string, day: string, event: string, limit: number): Promise<boolean> {
    if (await this.holds(event)) return true;
    const take = (n: number) =>
      insertOnce(this.slots, {
        _id: `${reason}:${user}:${day}:${n}`,
        event,
        user,
        reason,
        day,
        created_at: new Date(),
      });
    const proposed = await this.propose(`${this.prefix}:${reason}:${user}:${day}`);
    if (proposed !== undefined && proposed <= limit && (await take(proposed))) return true;
    // No hint, a hint past the limit (it counts attempts, not slots), or a collision: look for the
    // first free slot in order.
    if ((await this.slots.countDocuments({ user, reason, day })) < limit)
      for (let n = 1; n <= limit; n += 1) if (await take(n)) return true;
    // Every slot is taken — possibly one by this very event, claimed concurrently.
    return this.holds(event);
  }

  /** Drops the slots of days before `day` (they can no longer be claimed). */
  async purgeBefore(day: string): Promise<number> {
    return (await this.slots.deleteMany({ day: { $lt: day } })).deletedCount;
  }

  private async holds(event: string): Promise<boolean> {
    return (await this.slots.findOne({ event }, { projection: { _id: 1 } })) !== null;
  }

  private async propose(key: string): Promise<number | undefined> {
    if (!this.redis) return undefined;
    try {
      const [[, n]] = (await this.redis.multi().incr(key).expire(key, HINT_TTL_SECONDS).exec()) as [
        [Error | null, number],
      ];
      return n;
    } catch {
      return undefined;
    }
  }
}
