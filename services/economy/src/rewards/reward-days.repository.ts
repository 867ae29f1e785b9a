import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';
import type { LedgerSession } from '../ledger/ledger.repository';

/** reward_days/{reason}:{user}:{day}: how many rewards of a reason a member got on a UTC day. */
interface RewardDayDoc {
  _id: string;
  count: number;
  /** Two days after the day: the TTL index deletes the document then (it can no longer be claimed). */
  expires_at: Date;
}

const KEEP_AFTER_DAY_MS = 2 * 86400_000;

/** The daily reward counters (RewardSlots' rules); RewardSlots creates the TTL index in onModuleInit. */
@Injectable()
export class RewardDaysRepository {
  private readonly model: IndexedModel;
  private readonly days: Collection<RewardDayDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model = indexedModel(connection, 'RewardDay', 'reward_days', [
      { fields: { expires_at: 1 }, expireAfterSeconds: 0 },
    ]);
    this.days = collectionOf(this.model);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** The counts of these counters that exist, as the transaction reads them. */
  async countsOf(session: LedgerSession, ids: string[]): Promise<Map<string, number>> {
    const found = await this.days
      .find({ _id: { $in: ids } }, { session, projection: { count: 1 } })
      .toArray();
    return new Map(found.map((doc) => [doc._id, doc.count]));
  }

  /** Adds to each counter (created with its expiry when new), in the transaction, in one write. */
  async add(session: LedgerSession, added: Map<string, { day: string; count: number }>): Promise<void> {
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
  }
}

function expiresAt(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + KEEP_AFTER_DAY_MS);
}
