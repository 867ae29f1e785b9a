import { LOGGER } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { memberAccount } from '../ledger/accounts';
import { Ledger } from '../ledger/ledger';
import { moveIn } from '../payments/payments.service';
import { idOf } from './checkout-provider';
import { CheckoutSessionDoc, TopUpsRepository } from './topups.repository';

/**
 * Card payments taken back (docs/money-rules.md "Refunds and disputes"). A refund or a dispute of a
 * top-up's card payment takes its AuraCoins back from the member (member → card_topups), even below
 * zero: the member then owes it, and a balance below zero can pay for nothing until it is made good.
 * A dispute the member wins gives back what it took. Each change is one transaction with the session's
 * record of what was taken, keyed so that a redelivered event moves nothing twice.
 */
@Injectable()
export class TopUpReversals {
  constructor(
    @Inject(TopUpsRepository) private readonly store: TopUpsRepository,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** charge.refunded: the AC of the refunded share of the payment (amount_refunded is a running total). */
  async refunded(charge: Stripe.Charge): Promise<boolean> {
    const doc = await this.sessionOf(idOf(charge.payment_intent));
    if (!doc || charge.amount <= 0) return false;
    const share = Math.min(1, charge.amount_refunded / charge.amount);
    const target = Math.floor(doc.amount_micro * share);
    return this.takeBack(doc, target, `refund:${target}`, `refunded: ${doc.description}`);
  }

  /** charge.dispute.created: the whole top-up, until the dispute is decided. */
  async disputed(dispute: Stripe.Dispute): Promise<boolean> {
    const doc = await this.sessionOf(idOf(dispute.payment_intent));
    if (!doc) return false;
    return this.takeBack(
      doc,
      doc.amount_micro,
      `dispute:${dispute.id}`,
      `disputed: ${doc.description}`,
      dispute.id,
    );
  }

  /** charge.dispute.closed: won by the member's side (status won) gives back what the dispute took. */
  async disputeClosed(dispute: Stripe.Dispute): Promise<boolean> {
    if (dispute.status !== 'won') return false;
    const doc = await this.sessionOf(idOf(dispute.payment_intent));
    const taken = doc?.disputes?.[dispute.id] ?? 0;
    if (!doc || taken <= 0) return false;
    const account = memberAccount(doc.user_id);
    await this.ledger.transaction([account], async (tx) => {
      const current = await this.store.sessionOf(doc._id, tx.session);
      if (!current || (current.disputes?.[dispute.id] ?? 0) <= 0) return;
      await moveIn(tx, {
        key: `topup-restore:${doc._id}:${dispute.id}`,
        kind: 'topup_restore',
        from: 'card_topups',
        to: account,
        amount: current.disputes![dispute.id],
        memo: `dispute won: ${doc.description}`,
        meta: { to_name: doc.username, session_id: doc._id, user_id: doc.user_id },
      });
      await this.store.disputeGivenBack(doc._id, dispute.id, current.disputes![dispute.id], tx.session);
    });
    this.logger.info(
      { sessionId: doc._id, disputeId: dispute.id },
      'disputed top-up given back (dispute won)',
    );
    return true;
  }

  /** Takes back what is needed for `target` micro-AC of the top-up to be reversed in all. */
  private async takeBack(
    doc: CheckoutSessionDoc,
    target: number,
    reason: string,
    memo: string,
    disputeId?: string,
  ): Promise<boolean> {
    const account = memberAccount(doc.user_id);
    const taken = await this.ledger.transaction([account], async (tx) => {
      const current = await this.store.sessionOf(doc._id, tx.session);
      const amount = Math.max(0, target - (current?.reversed_micro ?? 0));
      // Only a credited top-up has anything to take back.
      if (!current || current.status !== 'complete' || amount === 0) return 0;
      await moveIn(tx, {
        key: `topup-reversal:${doc._id}:${reason}`,
        kind: 'topup_reversal',
        from: account,
        to: 'card_topups',
        amount,
        memo,
        meta: { from_name: doc.username, session_id: doc._id, user_id: doc.user_id },
      });
      await this.store.addReversed(doc._id, amount, disputeId, tx.session);
      return amount;
    });
    if (taken > 0)
      this.logger.warn(
        { sessionId: doc._id, userId: doc.user_id, amountMicro: taken, reason },
        'card top-up taken back (refund or dispute)',
      );
    return taken > 0;
  }

  private async sessionOf(paymentIntent: string): Promise<CheckoutSessionDoc | null> {
    if (!paymentIntent) return null;
    const doc = await this.store.sessionPaidBy(paymentIntent);
    if (!doc) this.logger.warn({ paymentIntent }, 'refund or dispute of an unknown card payment ignored');
    return doc;
  }
}
