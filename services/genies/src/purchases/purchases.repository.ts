import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { CollectionRepository } from '../store/collection.repository';

export interface PurchaseDoc {
  _id: string;
  user_id: string;
  quantity: number;
  price_micro: number;
  cost_micro: number;
  /** charging → credited (bottles added) | rejected (short wallet) */
  status: 'charging' | 'credited' | 'rejected';
  transfer_id: string;
  /** The member said yes to economy's spending pause (docs/spending.md): the sweep keeps it. */
  confirm_pause?: boolean;
  created_at: Date;
}

/** Bottle purchases (`purchases`), keyed by the caller's idempotency key. */
@Injectable()
export class PurchasesRepository extends CollectionRepository<PurchaseDoc> {
  constructor(@Inject(MONGO) connection: Connection) {
    super(connection, 'purchases', [
      // Purchases a crash left charging (the sweep).
      { status: 1, created_at: 1 },
    ]);
  }

  /** Forgets a purchase still charging (nothing was charged). */
  async forgetCharging(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id, status: 'charging' });
  }

  /** Marks a purchase still charging as rejected. */
  async rejectCharging(id: string): Promise<void> {
    await this.collection.updateOne({ _id: id, status: 'charging' }, { $set: { status: 'rejected' } });
  }

  /**
   * Marks the purchase credited with its transfer. Upserted: a concurrent retry of the same request
   * refused by the spending pause may have removed the record in the meantime; the charge went
   * through, so the purchase stands.
   */
  credit(purchase: PurchaseDoc, transferId: string): Promise<PurchaseDoc | null> {
    const { _id, status: _charging, transfer_id: _none, ...rest } = purchase;
    return this.collection.findOneAndUpdate(
      { _id },
      { $set: { status: 'credited', transfer_id: transferId }, $setOnInsert: rest },
      { returnDocument: 'after', upsert: true },
    );
  }

  /** Up to `limit` purchases still charging, recorded before `before`. */
  chargingSince(before: Date, limit: number): Promise<PurchaseDoc[]> {
    return this.collection
      .find({ status: 'charging', created_at: { $lt: before } })
      .limit(limit)
      .toArray();
  }
}
