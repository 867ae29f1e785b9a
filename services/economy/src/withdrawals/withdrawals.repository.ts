import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';
import type { WithdrawalStatus } from './withdrawal-rules';

/**
 * withdrawals/{id}: one request, stored pending with the hold of its AC (one transaction), then
 * approved or rejected with the payout or the release (one transaction). The facts never change.
 */
export interface WithdrawalDoc {
  _id: string;
  user_id: string;
  username: string;
  paypal_email: string;
  amount_usd_micro: number;
  /** The AC held (micro-AC), at `price_micro_usd`. */
  amount_micro: number;
  price_micro_usd: number;
  /** sha256 of the member's request: an Idempotency-Key reused with another body is refused. */
  fingerprint: string;
  status: WithdrawalStatus;
  admin_notes: string;
  processed_at: Date | null;
  processed_by: string;
  payout_reference: string;
  created_at: Date;
}

/**
 * withdrawal_open/{user id}: the member's one pending request, stored and removed in the same
 * transactions as the request's status. (Not a partial unique index on pending withdrawals: SecantusDB
 * 0.5.3 keeps a document's entry in a partial index after an update takes it out of the filter.)
 */
export interface OpenDoc {
  _id: string;
  withdrawal_id: string;
  created_at: Date;
}

/** The withdrawals' collections; WithdrawalsService creates their indexes in onModuleInit (after the ledger's). */
@Injectable()
export class WithdrawalsStore {
  private readonly withdrawalModel: IndexedModel;
  private readonly openModel: IndexedModel;

  constructor(@Inject(MONGO) connection: Connection) {
    this.withdrawalModel = indexedModel(connection, 'Withdrawal', 'withdrawals', [
      { fields: { user_id: 1, created_at: -1 } },
      { fields: { status: 1, created_at: -1 } },
      { fields: { created_at: -1 } },
    ]);
    this.openModel = indexedModel(connection, 'WithdrawalOpen', 'withdrawal_open');
  }

  get withdrawals(): Collection<WithdrawalDoc> {
    return collectionOf(this.withdrawalModel);
  }

  get open(): Collection<OpenDoc> {
    return collectionOf(this.openModel);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.withdrawalModel.init(), this.openModel.init()]);
  }
}
