import type { Connection } from 'mongoose';
import { AnyModel, Collection, collectionOf, indexedModel } from '../db';
import type { WithdrawalAction, WithdrawalStatus } from './withdrawal-rules';

/**
 * withdrawals/{id}: one request. `holding` while its AC are being held (not listed; the request
 * call or the sweep moves it on), then pending, then approved or rejected (terminal). The facts
 * never change; status and the decision's fields are written once the ledger has moved the money.
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
  status: 'holding' | WithdrawalStatus;
  admin_notes: string;
  processed_at: Date | null;
  processed_by: string;
  payout_reference: string;
  created_at: Date;
}

/** withdrawal_open/{user id}: the member's one open request (the unique _id lets only one in). */
export interface OpenDoc {
  _id: string;
  withdrawal_id: string;
  created_at: Date;
}

/** withdrawal_decisions/{withdrawal id}: an admin's decision, inserted once (the first one wins). */
export interface DecisionDoc {
  _id: string;
  action: WithdrawalAction;
  admin_id: string;
  admin_notes: string;
  payout_reference: string;
  decided_at: Date;
}

/**
 * withdrawal_steps/{id}:{hold|decide}: a step begun and not finished (the sweep's work list, kept
 * small: deleted when the step's status is written). A hold carries the request's facts, so a crash
 * before the withdrawal was recorded can still be finished.
 */
export interface StepDoc {
  _id: string;
  step: 'hold' | 'decide';
  withdrawal: WithdrawalDoc;
  created_at: Date;
}

export class WithdrawalsStore {
  private readonly models: AnyModel[];
  private readonly withdrawalModel: AnyModel;
  private readonly openModel: AnyModel;
  private readonly decisionModel: AnyModel;
  private readonly stepModel: AnyModel;

  constructor(connection: Connection) {
    this.withdrawalModel = indexedModel(connection, 'Withdrawal', 'withdrawals', [
      { fields: { user_id: 1, created_at: -1 } },
      { fields: { status: 1, created_at: -1 } },
      { fields: { created_at: -1 } },
    ]);
    this.openModel = indexedModel(connection, 'WithdrawalOpen', 'withdrawal_open');
    this.decisionModel = indexedModel(connection, 'WithdrawalDecision', 'withdrawal_decisions');
    this.stepModel = indexedModel(connection, 'WithdrawalStep', 'withdrawal_steps', [
      { fields: { created_at: 1 } },
    ]);
    this.models = [this.withdrawalModel, this.openModel, this.decisionModel, this.stepModel];
  }

  get withdrawals(): Collection<WithdrawalDoc> {
    return collectionOf(this.withdrawalModel);
  }
  get open(): Collection<OpenDoc> {
    return collectionOf(this.openModel);
  }
  get decisions(): Collection<DecisionDoc> {
    return collectionOf(this.decisionModel);
  }
  get steps(): Collection<StepDoc> {
    return collectionOf(this.stepModel);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all(this.models.map((model) => model.init()));
  }
}
