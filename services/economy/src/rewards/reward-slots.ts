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

/** Which slot an event took, by the event's key: a read by `_id` (FerretDB scans any other filter). */
interface EventMarkDoc {
  _id: string;
  slot: string;
  day: string;
}

const HINT_TTL_SECONDS = 3 * 86400;

/**
 * Daily limits without a counter that concurrent writers could lose: slot n (1..limit) of a member's
 * day for a reason is the document "<reason>:<user>:<day>:<n>", inserted once. A reward holds a slot
 * or is over the limit; `event` is unique, so a redelivered event finds the slot it took before and
 * never takes a second. Redis INCR proposes the slot number so that concurrent rewards do not all
 * try slot 1 (a hint only: when it is lost or ahead, the first free slot is searched in order). Old
 * days are purged, so the collection holds about two days of rewards.
 *
 * The hot path reads only by `_id`: an event's mark ("event → slot", written after its slot) answers
 * a redelivery, and a Redis flag remembers a day found full (slots are never freed within a day).
 * A crash between a slot and its mark is safe: the unique `event` refuses a second slot, and the
 * query by `event` that then runs finds the first one and writes the missing mark.
 */
export class RewardSlots {
  private readonly model: AnyModel;
  private readonly slots: Collection<SlotDoc>;
  private readonly marks: Collection<EventMarkDoc>;
  private readonly prefix: string;

  constructor(
    connection: Connection,
    private readonly redis?: Redis,
  ) {
    this.model = indexedModel(connection, 'RewardSlot', 'reward_slots', [
      { fields: { event: 1 }, unique: true },
    ]);
    this.slots = collectionOf(this.model);
    this.marks = connection.collection<EventMarkDoc>('reward_slot_events');
    this.prefix = `aura:economy:${connection.name || 'economy'}:slots`;
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** True when `event` holds (now or from before) one of the first `limit` slots of the day. */
  async claim(reason: string, user: string, day: string, event: string, limit: number): Promise<boolean> {
    if (await this.marks.findOne({ _id: event }, { projection: { _id: 1 } })) return true;
    const dayKey = `${this.prefix}:${reason}:${user}:${day}`;
    const take = async (n: number) => {
      const slot = `${reason}:${user}:${day}:${n}`;
      if (!(await insertOnce(this.slots, { _id: slot, event, user, reason, day, created_at: new Date() })))
        return false;
      await this.mark(event, slot, day);
      return true;
    };
    const full = await this.knownFull(dayKey);
    if (!full) {
      await this.noteAttempt(dayKey, event);
      const proposed = await this.propose(dayKey);
      if (proposed !== undefined && proposed <= limit && (await take(proposed))) return true;
      // No hint, a hint past the limit (it counts attempts, not slots), or a collision: look for the
      // first free slot in order.
      if ((await this.slots.countDocuments({ user, reason, day })) < limit) {
        for (let n = 1; n <= limit; n += 1) if (await take(n)) return true;
      } else await this.rememberFull(dayKey);
    }
    // Every slot is taken — possibly one by this very event (claimed concurrently, or before a crash
    // that lost its mark). On a day known full, only an event that tried for a slot can hold one.
    if (full && !(await this.attempted(dayKey, event))) return false;
    const held = await this.slots.findOne({ event }, { projection: { _id: 1 } });
    if (held) await this.mark(event, held._id, day);
    return held !== null;
  }

  /** Drops the slots of days before `day` (they can no longer be claimed). */
  async purgeBefore(day: string): Promise<number> {
    await this.marks.deleteMany({ day: { $lt: day } });
    return (await this.slots.deleteMany({ day: { $lt: day } })).deletedCount;
  }

  private async mark(event: string, slot: string, day: string): Promise<void> {
    await insertOnce(this.marks, { _id: event, slot, day });
  }

  private async knownFull(dayKey: string): Promise<boolean> {
    if (!this.redis) return false;
    return (await this.redis.exists(`${dayKey}:full`).catch(() => 0)) === 1;
  }

  /** Written before an event tries for a slot, so that a full day need not be searched for it. */
  private async noteAttempt(dayKey: string, event: string): Promise<void> {
    await this.redis
      ?.multi()
      .sadd(`${dayKey}:tried`, event)
      .expire(`${dayKey}:tried`, HINT_TTL_SECONDS)
      .exec()
      .catch(() => undefined);
  }

  private async attempted(dayKey: string, event: string): Promise<boolean> {
    if (!this.redis) return true;
    return (await this.redis.sismember(`${dayKey}:tried`, event).catch(() => 1)) === 1;
  }

  private async rememberFull(dayKey: string): Promise<void> {
    await this.redis?.set(`${dayKey}:full`, '1', 'EX', HINT_TTL_SECONDS).catch(() => undefined);
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
