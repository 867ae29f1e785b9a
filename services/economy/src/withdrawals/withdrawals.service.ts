import { Caller, Conflict, Forbidden, NotFound, RuleViolation } from '@aura/platform';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { memberAccount } from '../ledger/accounts';
import { sha256, uuidFrom } from '../ledger/ids';
import type { Ledger } from '../ledger/ledger';
import { sweepStale } from '../ledger/ledger-maintenance';
import { insertOnce } from '../ledger/ledger.store';
import type { TransferDoc } from '../ledger/ledger.types';
import type { MembersRepository } from '../members/members.repository';
import type { CoinPriceSource } from '../money/coin-price';
import { Messages } from '../payments/messages';
import { moveMoney } from '../payments/payments.service';
import { checkIdempotencyKey } from '../payments/send-rules';
import type { WithdrawalState } from '../wallet/describe';
import {
  acForUsd,
  checkDecision,
  checkStatusFilter,
  checkWithdrawal,
  usdText,
  WithdrawalInput,
  WithdrawalMessages,
} from './withdrawal-rules';
import { DecisionDoc, StepDoc, WithdrawalDoc, WithdrawalsStore } from './withdrawals.store';

const ADMIN_ROLES = new Set(['admin', 'super_admin']);
const DEFAULT_LIST = 100;
const MAX_LIST = 500;
const SETTLE_ATTEMPTS = 5;

export interface WithdrawalView {
  id: string;
  userId: string;
  username: string;
  paypalEmail: string;
  amountUsdMicro: number;
  amountMicro: number;
  coinPriceMicroUsd: number;
  status: string;
  adminNotes: string;
  createdAt: string;
  processedAt: string;
  processedBy: string;
  payoutReference: string;
  replayed: boolean;
}

export interface WithdrawalsOptions {
  /** Steps begun longer ago than this are the sweep's (live calls finish long before). */
  recoverAfterMs?: number;
  /** The super admin's minimum withdrawal (src/settings); absent: $10. */
  minimumUsdMicro?: () => Promise<number>;
}

/** The ledger keys of a withdrawal's three possible transfers (wallet.service.ts reads the hold's). */
export const withdrawalKey = (id: string, step: 'hold' | 'payout' | 'release') => `wd:${id}:${step}`;

/**
 * PayPal withdrawals (spec 001 §4, §5, §9; PRODUCT-DECISIONS.md "Money"). A request holds the AC
 * equivalent of its dollars at the current coin price (member → withdrawals_held); a super admin's
 * approval moves the hold to paid_out and records a payout reference (no PayPal call), a rejection
 * gives it back. Each move is one idempotent ledger transfer keyed by the withdrawal id.
 *
 * Without multi-document transactions or atomic updates (ADR 0003), every "only once" is an insert
 * with a unique _id: the member's one open request (withdrawal_open/{user}), the decision
 * (withdrawal_decisions/{id}: of concurrent approve and reject, one wins). A step that moves money
 * and then writes the status is announced first in withdrawal_steps; a crash between the two is
 * finished by the sweep, which drives the step again (the transfer replays, the status is written).
 */
export class WithdrawalsService {
  readonly store: WithdrawalsStore;

  constructor(
    connection: Connection,
    private readonly ledger: Ledger,
    private readonly members: MembersRepository,
    private readonly price: CoinPriceSource,
    private readonly logger: Logger,
    private readonly options: WithdrawalsOptions = {},
  ) {
    this.store = new WithdrawalsStore(connection);
  }

  get recoverAfterMs(): number {
    return this.options.recoverAfterMs ?? 10_000;
  }

  ensureIndexes(): Promise<void> {
    return this.store.ensureIndexes();
  }

  // ---- a member's request -----------------------------------------------------------------------

  async request(caller: Caller, input: WithdrawalInput, idempotencyKey?: string): Promise<WithdrawalView> {
    checkIdempotencyKey(idempotencyKey);
    const paypalEmail = checkWithdrawal(input, await this.options.minimumUsdMicro?.());
    const userId = caller.userId;
    const id = idempotencyKey ? uuidFrom(`withdrawal:${userId}:${sha256(idempotencyKey)}`) : randomUUID();
    const fingerprint = sha256(JSON.stringify([userId, input.amountUsdMicro, paypalEmail]));
    if (idempotencyKey) {
      const earlier = await this.store.withdrawals.findOne({ _id: id });
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) throw new Conflict(Messages.keyReused);
        const driven = earlier.status === 'holding' ? await this.driveHold(earlier) : earlier;
        if (!driven) throw new RuleViolation(WithdrawalMessages.insufficient);
        return toView(driven, true);
      }
    }
    // Quick answers before anything is written (the slot and the ledger decide races).
    const open = await this.store.open.findOne({ _id: userId });
    if (open && open.withdrawal_id !== id) throw new RuleViolation(WithdrawalMessages.onePending);
    const priceMicroUsd = await this.price.currentPriceMicroUsd();
    const amountMicro = acForUsd(input.amountUsdMicro, priceMicroUsd);
    // (Unless this very request holds the slot already: its hold may be what the balance lacks.)
    const head = await this.ledger.balance(memberAccount(userId));
    if (head.balance < amountMicro && !open) throw new RuleViolation(WithdrawalMessages.insufficient);
    const member = await this.members.find(userId);
    const doc: WithdrawalDoc = {
      _id: id,
      user_id: userId,
      username: member?.username ?? '',
      paypal_email: paypalEmail,
      amount_usd_micro: input.amountUsdMicro,
      amount_micro: amountMicro,
      price_micro_usd: priceMicroUsd,
      fingerprint,
      status: 'holding',
      admin_notes: '',
      processed_at: null,
      processed_by: '',
      payout_reference: '',
      created_at: new Date(),
    };
    await this.beginStep(doc, 'hold');
    await this.takeSlot(doc);
    const held = await this.driveHold(doc);
    if (!held) throw new RuleViolation(WithdrawalMessages.insufficient);
    if (held.fingerprint !== fingerprint) throw new Conflict(Messages.keyReused);
    this.logger.info(
      { withdrawalId: id, userId, amountUsdMicro: doc.amount_usd_micro, amountMicro },
      'withdrawal requested; its AC are held',
    );
    return toView(held, held.created_at.getTime() !== doc.created_at.getTime());
  }

  /** The member's one open request: ours, or "one pending request at a time". */
  private async takeSlot(doc: WithdrawalDoc): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const slot = { _id: doc.user_id, withdrawal_id: doc._id, created_at: new Date() };
      if (await insertOnce(this.store.open, slot)) return;
      const open = await this.store.open.findOne({ _id: doc.user_id });
      if (open?.withdrawal_id === doc._id) return; // a retry of the same request
      if (open) {
        await this.store.steps.deleteOne({ _id: `${doc._id}:hold` });
        throw new RuleViolation(WithdrawalMessages.onePending);
      }
      // The other request ended a moment ago: try again.
    }
    await this.store.steps.deleteOne({ _id: `${doc._id}:hold` });
    throw new RuleViolation(WithdrawalMessages.onePending);
  }

  /**
   * From the slot on: records the withdrawal, holds its AC, marks it pending, ends the step. A hold
   * refused for the balance removes the request (it never was). Answers the stored withdrawal, or
   * null when the hold was refused.
   */
  private async driveHold(doc: WithdrawalDoc): Promise<WithdrawalDoc | null> {
    const inserted = await insertOnce(this.store.withdrawals, doc);
    const stored = inserted ? doc : await this.store.withdrawals.findOne({ _id: doc._id });
    if (!stored || stored.fingerprint !== doc.fingerprint) return stored;
    if (stored.status === 'holding') {
      const result = await moveMoney(this.ledger, {
        key: withdrawalKey(stored._id, 'hold'),
        kind: 'withdrawal_hold',
        from: memberAccount(stored.user_id),
        to: 'withdrawals_held',
        amount: stored.amount_micro,
        memo: holdMemo(stored),
        meta: { ...withdrawalMeta(stored), from_name: stored.username },
      });
      if (result.status === 'rejected') {
        await this.store.withdrawals.deleteOne({ _id: stored._id });
        await this.store.open.deleteOne({ _id: stored.user_id, withdrawal_id: stored._id });
        await this.store.steps.deleteOne({ _id: `${stored._id}:hold` });
        return null;
      }
    }
    const pending = await this.settle(stored._id, { status: 'pending' }, ['holding']);
    await this.store.steps.deleteOne({ _id: `${stored._id}:hold` });
    return pending;
  }

  // ---- a super admin's decision -----------------------------------------------------------------

  async process(
    caller: Caller,
    input: { withdrawalId: string; action: string; adminNotes: string },
  ): Promise<WithdrawalView> {
    if (caller.role !== 'super_admin') throw new Forbidden(Messages.notAllowed);
    const { action, notes } = checkDecision(input.action, input.adminNotes);
    let doc = await this.store.withdrawals.findOne({ _id: input.withdrawalId });
    // A request still holding its AC (a moment old, or interrupted): finish it first.
    if (doc?.status === 'holding') doc = await this.driveHold(doc);
    if (!doc) throw new NotFound(WithdrawalMessages.notFound);
    if (doc.status !== 'pending') throw new RuleViolation(WithdrawalMessages.notPending);
    const decision: DecisionDoc = {
      _id: doc._id,
      action,
      admin_id: caller.userId,
      admin_notes: notes,
      payout_reference: action === 'approve' ? payoutReference(doc._id) : '',
      decided_at: new Date(),
    };
    await this.beginStep(doc, 'decide');
    if (!(await insertOnce(this.store.decisions, decision))) {
      // Another admin decided first. Should that decision have been left half-applied (its call
      // died), apply it now; either way this one is refused.
      const winner = await this.store.decisions.findOne({ _id: doc._id });
      if (winner && Date.now() - winner.decided_at.getTime() > this.recoverAfterMs)
        await this.applyDecision(doc, winner);
      throw new RuleViolation(WithdrawalMessages.notPending);
    }
    const decided = await this.applyDecision(doc, decision);
    this.logger.info(
      {
        audit: `withdrawal.${action}`,
        actorId: caller.userId,
        withdrawalId: doc._id,
        userId: doc.user_id,
        amountUsdMicro: doc.amount_usd_micro,
        amountMicro: doc.amount_micro,
        adminNotes: notes,
        payoutReference: decision.payout_reference,
      },
      action === 'approve' ? 'a super admin approved a withdrawal' : 'a super admin rejected a withdrawal',
    );
    return toView(decided);
  }

  /** Announces a step in the sweep's work list (a second announcement of the same step is a no-op). */
  private async beginStep(withdrawal: WithdrawalDoc, step: StepDoc['step']): Promise<void> {
    const doc: StepDoc = { _id: `${withdrawal._id}:${step}`, step, withdrawal, created_at: new Date() };
    await insertOnce(this.store.steps, doc);
  }

  /** Moves the hold (paid out, or back to the member), records the audit, writes the status. */
  private async applyDecision(doc: WithdrawalDoc, decision: DecisionDoc): Promise<WithdrawalDoc> {
    const approve = decision.action === 'approve';
    const meta = {
      ...withdrawalMeta(doc),
      actor_id: decision.admin_id,
      admin_notes: decision.admin_notes,
      payout_reference: decision.payout_reference,
    };
    const result = await moveMoney(this.ledger, {
      key: withdrawalKey(doc._id, approve ? 'payout' : 'release'),
      kind: approve ? 'withdrawal_payout' : 'withdrawal_release',
      from: 'withdrawals_held',
      to: approve ? 'paid_out' : memberAccount(doc.user_id),
      amount: doc.amount_micro,
      memo: approve ? holdMemo(doc) : decision.admin_notes,
      meta: approve ? meta : { ...meta, to_name: doc.username },
    });
    await insertOnce(this.ledger.store.audit, {
      _id: `wd:${doc._id}:decision`,
      action: `withdrawal.${decision.action}`,
      actor_id: decision.admin_id,
      target: memberAccount(doc.user_id),
      amount: doc.amount_micro,
      reason: decision.admin_notes,
      transfer_id: result.transfer.id,
      created_at: decision.decided_at,
    });
    const decided = await this.settle(
      doc._id,
      {
        status: approve ? 'approved' : 'rejected',
        admin_notes: decision.admin_notes,
        processed_at: decision.decided_at,
        processed_by: decision.admin_id,
        payout_reference: decision.payout_reference,
      },
      ['holding', 'pending'],
    );
    await this.store.open.deleteOne({ _id: doc.user_id, withdrawal_id: doc._id });
    await this.store.steps.deleteOne({ _id: `${doc._id}:decide` });
    if (!decided) throw new Error(`withdrawal ${doc._id} vanished while it was decided`);
    return decided;
  }

  /**
   * Writes a status (and its fields) unless the withdrawal has moved past `from`, and reads it back
   * until it holds: FerretDB writes whole documents back without a version check, so a late writer
   * of an older state could otherwise undo it (every writer of a state writes the same values).
   */
  private async settle(
    id: string,
    change: Partial<WithdrawalDoc> & { status: WithdrawalDoc['status'] },
    from: WithdrawalDoc['status'][],
  ): Promise<WithdrawalDoc | null> {
    for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt += 1) {
      const doc = await this.store.withdrawals.findOne({ _id: id });
      if (!doc || doc.status === change.status || !from.includes(doc.status)) return doc;
      await this.store.withdrawals.updateOne({ _id: id, status: doc.status }, { $set: change });
    }
    throw new Error(`withdrawal ${id}: status ${change.status} did not hold`);
  }

  // ---- recovery ---------------------------------------------------------------------------------

  /** Finishes the steps begun more than `olderThanMs` ago (a crash between the money and the status). */
  sweep(olderThanMs = this.recoverAfterMs, limit = 100): Promise<number> {
    const options = { olderThanMs, limit, what: 'withdrawal step', logger: this.logger };
    return sweepStale(this.store.steps, options, (step) => this.recover(step));
  }

  private async recover(step: StepDoc): Promise<void> {
    const id = step.withdrawal._id;
    const stored = await this.store.withdrawals.findOne({ _id: id });
    if (step.step === 'hold') {
      const open = await this.store.open.findOne({ _id: step.withdrawal.user_id });
      // Never recorded and without the member's slot: it lost the slot (or its refused hold was
      // cleaned up) — nothing was moved.
      if (!stored && open?.withdrawal_id !== id) {
        await this.store.steps.deleteOne({ _id: step._id });
        return;
      }
      await this.driveHold(stored ?? step.withdrawal);
      return;
    }
    const decision = await this.store.decisions.findOne({ _id: id });
    // The decision never got in (the call died first, or lost to another): nothing to apply.
    if (!decision || !stored) {
      await this.store.steps.deleteOne({ _id: step._id });
      return;
    }
    await this.applyDecision(stored, decision);
  }

  // ---- reads ------------------------------------------------------------------------------------

  /** The caller's own requests, newest first. */
  async listMine(caller: Caller): Promise<WithdrawalView[]> {
    const docs = await this.store.withdrawals
      .find({ user_id: caller.userId, status: { $ne: 'holding' } })
      .sort({ created_at: -1 })
      .limit(MAX_LIST)
      .toArray();
    return docs.map((doc) => toView(doc));
  }

  /** Admins: every request (or those of one status), newest first. */
  async listAll(caller: Caller, request: { status: string; limit: number }): Promise<WithdrawalView[]> {
    if (!ADMIN_ROLES.has(caller.role)) throw new Forbidden(Messages.notAllowed);
    const status = checkStatusFilter(request.status);
    const limit = request.limit > 0 ? Math.min(request.limit, MAX_LIST) : DEFAULT_LIST;
    const docs = await this.store.withdrawals
      .find(status ? { status } : { status: { $ne: 'holding' } })
      .sort({ created_at: -1 })
      .limit(limit)
      .toArray();
    return docs.map((doc) => toView(doc));
  }

  /** Where the withdrawals of these ids stand (for the descriptions of their holds in histories). */
  async statesOf(ids: string[]): Promise<Map<string, WithdrawalState>> {
    const docs = await Promise.all(
      [...new Set(ids)].map((id) => this.store.withdrawals.findOne({ _id: id })),
    );
    const states = new Map<string, WithdrawalState>();
    for (const doc of docs) if (doc && doc.status !== 'holding') states.set(doc._id, doc.status);
    return states;
  }
}

/** The facts a withdrawal's transfers carry for their events. */
function withdrawalMeta(doc: WithdrawalDoc): TransferDoc['meta'] {
  return { withdrawal_id: doc._id, user_id: doc.user_id, amount_usd_micro: String(doc.amount_usd_micro) };
}

/** The memo of a hold (shown in the member's history): "$25.00 to PayPal (me@example.com)". */
const holdMemo = (doc: WithdrawalDoc) => `${usdText(doc.amount_usd_micro)} to PayPal (${doc.paypal_email})`;

/** The payout reference recorded at approval (derived from the id: every driver records the same). */
const payoutReference = (id: string) => `AURA-PO-${sha256(`payout:${id}`).slice(0, 12).toUpperCase()}`;

function toView(doc: WithdrawalDoc, replayed = false): WithdrawalView {
  return {
    id: doc._id,
    userId: doc.user_id,
    username: doc.username,
    paypalEmail: doc.paypal_email,
    amountUsdMicro: doc.amount_usd_micro,
    amountMicro: doc.amount_micro,
    coinPriceMicroUsd: doc.price_micro_usd,
    status: doc.status === 'holding' ? 'pending' : doc.status,
    adminNotes: doc.admin_notes,
    createdAt: doc.created_at.toISOString(),
    processedAt: doc.processed_at ? doc.processed_at.toISOString() : '',
    processedBy: doc.processed_by,
    payoutReference: doc.payout_reference,
    replayed,
  };
}
