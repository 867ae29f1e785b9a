import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { LedgerSession } from '../ledger/ledger.repository';
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
export class WithdrawalsRepository {
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

  /** A request (inside a transaction, as it sees it). */
  find(id: string, session?: LedgerSession): Promise<WithdrawalDoc | null> {
    return session
      ? this.withdrawals.findOne({ _id: id }, { session })
      : this.withdrawals.findOne({ _id: id });
  }

  /** Stores a pending request and the member's open slot (the slot first: a second one conflicts). */
  async insertPending(doc: WithdrawalDoc, session: LedgerSession): Promise<void> {
    await this.open.insertOne(
      { _id: doc.user_id, withdrawal_id: doc._id, created_at: doc.created_at },
      { session },
    );
    await this.withdrawals.insertOne(doc, { session });
  }

  /** Whether the member has a pending request, as the transaction sees it. */
  async hasOpen(userId: string, session: LedgerSession): Promise<boolean> {
    return (await this.open.findOne({ _id: userId }, { session })) !== null;
  }

  /**
   * Decides a pending request and frees the member's slot, in the transaction: the request after, or
   * null when it is no longer pending (a concurrent decision committed first).
   */
  async decide(
    doc: WithdrawalDoc,
    decision: Pick<
      WithdrawalDoc,
      'status' | 'admin_notes' | 'processed_at' | 'processed_by' | 'payout_reference'
    >,
    session: LedgerSession,
  ): Promise<WithdrawalDoc | null> {
    const updated = await this.withdrawals.findOneAndUpdate(
      { _id: doc._id, status: 'pending' },
      { $set: decision },
      { session, returnDocument: 'after' },
    );
    if (!updated) return null;
    await this.open.deleteOne({ _id: doc.user_id, withdrawal_id: doc._id }, { session });
    return updated as WithdrawalDoc;
  }

  /** Requests newest first: a member's, or everyone's (of one status). */
  list(filter: { user_id: string } | { status?: WithdrawalStatus }, limit: number): Promise<WithdrawalDoc[]> {
    return this.withdrawals.find(filter).sort({ created_at: -1 }).limit(limit).toArray();
  }

  /** The status of each of these requests that exists. */
  statuses(ids: string[]): Promise<Pick<WithdrawalDoc, '_id' | 'status'>[]> {
    return this.withdrawals.find({ _id: { $in: ids } }, { projection: { status: 1 } }).toArray();
  }
}
