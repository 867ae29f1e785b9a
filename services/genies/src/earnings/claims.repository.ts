import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { CollectionRepository } from '../store/collection.repository';

/**
 * A claim window: `<member>:<n>` (unique: the insert decides which claim takes window n). Its parts
 * fix what each genie earned up to `until`; finishing it is idempotent (the same economy key).
 */
export interface ClaimDoc {
  _id: string;
  user_id: string;
  seq: number;
  until: Date;
  total: number;
  super_aura: boolean;
  parts: { id: string; from: Date; lifetime_before: number; amount: number }[];
  status: 'open' | 'done';
  transfer_id: string;
}

/** The members' claim windows (`claims`). */
@Injectable()
export class ClaimsRepository extends CollectionRepository<ClaimDoc> {
  constructor(@Inject(MONGO) connection: Connection) {
    super(connection, 'claims', [
      // A member's claim windows, latest first (Claim All; lifetime earnings).
      { user_id: 1, seq: -1 },
    ]);
  }

  /** The total of the member's finished claims. */
  async doneTotal(userId: string): Promise<number> {
    const [row] = await this.collection
      .aggregate<{ total: number }>([
        { $match: { user_id: userId, status: 'done' } },
        { $group: { _id: null, total: { $sum: '$total' } } },
      ])
      .toArray();
    return row?.total ?? 0;
  }

  /** The member's latest claim window. */
  latest(userId: string): Promise<ClaimDoc | null> {
    return this.collection.find({ user_id: userId }).sort({ seq: -1 }).limit(1).next();
  }

  async markDone(id: string, transferId: string): Promise<void> {
    await this.collection.updateOne({ _id: id }, { $set: { status: 'done', transfer_id: transferId } });
  }
}
