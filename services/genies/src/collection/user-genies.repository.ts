import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { CollectionRepository } from '../store/collection.repository';

export interface UserGenieDoc {
  _id: string;
  owner_id: string;
  genie_id: string;
  nickname: string;
  acquired_at: Date;
  /** Earnings accrue from here (the acquisition, then each claim). */
  accrual_from: Date;
  lifetime_micro: number;
  received_as_gift: boolean;
  gifted_by: string;
  /** bottle | gift-kept (the genie's first owner got it from a bottle) */
  origin: string;
}

/** The members' genies (`user_genies`). */
@Injectable()
export class UserGeniesRepository extends CollectionRepository<UserGenieDoc> {
  constructor(@Inject(MONGO) connection: Connection) {
    super(connection, 'user_genies', [
      // A member's collection, newest first (ListCollection, GetStats, a claim's genies).
      { owner_id: 1, acquired_at: -1, _id: 1 },
    ]);
  }

  /** The member's genies, newest first. */
  ownedBy(ownerId: string): Promise<UserGenieDoc[]> {
    return this.collection.find({ owner_id: ownerId }).sort({ acquired_at: -1, _id: 1 }).toArray();
  }

  /** The member's genies, in no particular order (a claim's parts). */
  allOwnedBy(ownerId: string): Promise<UserGenieDoc[]> {
    return this.collection.find({ owner_id: ownerId }).toArray();
  }

  findOwned(id: string, ownerId: string): Promise<UserGenieDoc | null> {
    return this.collection.findOne({ _id: id, owner_id: ownerId });
  }

  /** Sets the nickname of the owner's genie; null when the owner has no such genie. */
  rename(id: string, ownerId: string, nickname: string): Promise<UserGenieDoc | null> {
    return this.collection.findOneAndUpdate(
      { _id: id, owner_id: ownerId },
      { $set: { nickname } },
      { returnDocument: 'after' },
    );
  }

  /**
   * A claim's part paid: accrual restarts at `until` and the lifetime total becomes `lifetime`. Set,
   * not added, and only while accrual still starts at `from`: finishing the same window twice writes
   * the same values.
   */
  async settle(id: string, from: Date, until: Date, lifetime: number): Promise<void> {
    await this.collection.updateOne(
      { _id: id, accrual_from: from },
      { $set: { accrual_from: until, lifetime_micro: lifetime } },
    );
  }

  /** Moves the sender's genie to the recipient as a gift received at `at` (earnings start afresh). */
  async give(id: string, fromId: string, toId: string, at: Date): Promise<void> {
    await this.collection.updateOne(
      { _id: id, owner_id: fromId },
      {
        $set: {
          owner_id: toId,
          received_as_gift: true,
          gifted_by: fromId,
          nickname: '',
          acquired_at: at,
          accrual_from: at,
          lifetime_micro: 0,
        },
      },
    );
  }
}
