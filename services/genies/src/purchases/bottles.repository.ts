import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { CollectionRepository } from '../store/collection.repository';

/** One bottle: added once per purchase (ids derived from it), opened by exactly one reveal. */
export interface BottleDoc {
  _id: string;
  owner_id: string;
  purchase_id: string;
  opened: boolean;
  created_at: Date;
}

/** The members' bottles (`bottles`). */
@Injectable()
export class BottlesRepository extends CollectionRepository<BottleDoc> {
  constructor(@Inject(MONGO) connection: Connection) {
    super(connection, 'bottles', [
      // A member's unopened bottles, oldest first (a reveal; the count of bottles owned).
      { owner_id: 1, opened: 1, created_at: 1, _id: 1 },
    ]);
  }

  countUnopened(ownerId: string): Promise<number> {
    return this.collection.countDocuments({ owner_id: ownerId, opened: false });
  }

  /** The member's oldest `limit` unopened bottles. */
  unopened(ownerId: string, limit: number): Promise<BottleDoc[]> {
    return this.collection
      .find({ owner_id: ownerId, opened: false })
      .sort({ created_at: 1, _id: 1 })
      .limit(limit)
      .toArray();
  }

  async markOpened(id: string): Promise<void> {
    await this.collection.updateOne({ _id: id }, { $set: { opened: true } });
  }
}
