import type { ClientSession, Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../db';

/** reward_days/{reason}:{user}:{day}: how many rewards of a reason a member got on a UTC day. */
interface RewardDayDoc {
  _id: string;
  count: number;
  /** Two days after the day: the TTL index deletes the document then (it can no longer be claimed). */
  expires_at: Date;
}

const KEEP_AFTER_DAY_MS = 2 * 86400_000;

/**
 * Daily reward limits: one counter per member, reason and day, taken inside the reward's ledger
 * transaction (a conditional `$inc`: below the limit or not at all). The reward's transfer and its
 * count commit together, so a redelivered event, which finds its transfer, never counts twice.
 */
export class RewardSlots {
  private readonly model: IndexedModel;
  private readonly days: Collection<RewardDayDoc>;

  constructor(connection: Connection) {
    this.model = indexedModel(connection, 'RewardDay', 'reward_days', [
      { fields: { expires_at: 1 }, expireAfterSeconds: 0 },
    ]);
    this.days = collectionOf(this.model);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Takes one of the first `limit` rewards of the day; false when the day is full. */
  async take(
    session: ClientSession,
    reason: string,
    user: string,
    day: string,
    limit: number,
  ): Promise<boolean> {
    const _id = `${reason}:${user}:${day}`;
    const expires_at = new Date(Date.parse(`${day}T00:00:00Z`) + KEEP_AFTER_DAY_MS);
    await this.days.updateOne({ _id }, { $setOnInsert: { count: 0, expires_at } }, { session, upsert: true });
    const taken = await this.days.findOneAndUpdate(
      { _id, count: { $lt: limit } },
      { $inc: { count: 1 } },
      { session, projection: { _id: 1 } },
    );
    return taken !== null;
  }
}
