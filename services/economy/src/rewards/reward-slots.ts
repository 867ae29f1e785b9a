import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
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
 * transaction (read, then `$inc`ed by the claims that fit; a concurrent take of the same counter makes
 * the transaction conflict and run again). The reward's transfer and its
 * count commit together, so a redelivered event, which finds its transfer, never counts twice.
 */
@Injectable()
export class RewardSlots implements OnModuleInit {
  private readonly model: IndexedModel;
  private readonly days: Collection<RewardDayDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model = indexedModel(connection, 'RewardDay', 'reward_days', [
      { fields: { expires_at: 1 }, expireAfterSeconds: 0 },
    ]);
    this.days = collectionOf(this.model);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /**
   * Takes, for each request in turn, one of the first `limit` rewards of its day (false when the day is
   * full), with one read and one write for all of them. Safe inside the
   * transaction: a concurrent take of the same counter makes the write conflict, and the transaction
   * runs again.
   */
  async takeMany(session: ClientSession, requests: readonly SlotRequest[]): Promise<boolean[]> {
    if (requests.length === 0) return [];
    const idOf = ({ reason, user, day }: SlotRequest) => `${reason}:${user}:${day}`;
    const ids = [...new Set(requests.map(idOf))];
    const found = await this.days
      .find({ _id: { $in: ids } }, { session, projection: { count: 1 } })
      .toArray();
    const counts = new Map(found.map((doc) => [doc._id, doc.count]));
    const added = new Map<string, { day: string; count: number }>();
    const taken = requests.map((request) => {
      const id = idOf(request);
      const count = counts.get(id) ?? 0;
      if (count >= request.limit) return false;
      counts.set(id, count + 1);
      added.set(id, { day: request.day, count: (added.get(id)?.count ?? 0) + 1 });
      return true;
    });
    if (added.size > 0)
      await this.days.bulkWrite(
        [...added].map(([_id, { day, count }]) => ({
          updateOne: {
            filter: { _id },
            update: { $setOnInsert: { expires_at: expiresAt(day) }, $inc: { count } },
            upsert: true,
          },
        })),
        { session, ordered: true },
      );
    return taken;
  }
}

export interface SlotRequest {
  reason: string;
  user: string;
  day: string;
  limit: number;
}

function expiresAt(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + KEEP_AFTER_DAY_MS);
}
