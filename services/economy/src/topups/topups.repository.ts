import { insertOnce, MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { LedgerSession } from '../ledger/ledger.repository';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';

/**
 * checkout_sessions/{session id}: a Checkout Session a member started (a top-up, mode payment, or
 * SuperAura, mode subscription). The facts never change; `status` / `payment_status` only move forward
 * (open → complete | expired; a completed session is never expired again). In test mode this record is
 * the session; with Stripe it mirrors what the webhooks and status polls have seen.
 */
export interface CheckoutSessionDoc {
  _id: string;
  user_id: string;
  username: string;
  mode: 'payment' | 'subscription';
  /** Top-ups: the package and what it credits. */
  package_id: string;
  amount_micro: number;
  /** SuperAura: monthly | annual. */
  plan: string;
  usd_cents: number;
  description: string;
  success_url: string;
  cancel_url: string;
  provider: 'stripe' | 'test';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  created_at: Date;
  /** Stripe's PaymentIntent of a paid top-up: refunds and disputes name it (reversals.ts). */
  payment_intent?: string;
  /** micro-AC taken back so far (refunds and disputes), and what each open dispute took. */
  reversed_micro?: number;
  disputes?: Record<string, number>;
}

/** stripe_events/{event id}: an event handled to its end (a redelivery finds it and does nothing). */
export interface StripeEventDoc {
  _id: string;
  type: string;
  /** The event's `created` (seconds). */
  created: number;
  object_id: string;
  handled_at: Date;
}

/**
 * Checkout sessions and handled Stripe events; TopUpsService creates their indexes in onModuleInit (after
 * the ledger's).
 */
@Injectable()
export class TopUpsRepository {
  private readonly sessionModel: IndexedModel;
  private readonly eventModel: IndexedModel;

  constructor(@Inject(MONGO) connection: Connection) {
    this.sessionModel = indexedModel(connection, 'CheckoutSession', 'checkout_sessions', [
      { fields: { user_id: 1, created_at: -1 } },
      { fields: { payment_intent: 1 } },
    ]);
    this.eventModel = indexedModel(connection, 'StripeEvent', 'stripe_events');
  }

  get sessions(): Collection<CheckoutSessionDoc> {
    return collectionOf(this.sessionModel);
  }
  get events(): Collection<StripeEventDoc> {
    return collectionOf(this.eventModel);
  }

  // ---- checkout sessions ------------------------------------------------------------------------

  async insertSession(doc: CheckoutSessionDoc): Promise<void> {
    await this.sessions.insertOne(doc);
  }

  /** A checkout session (inside a transaction, as it sees it). */
  sessionOf(id: string, session?: LedgerSession): Promise<CheckoutSessionDoc | null> {
    return session ? this.sessions.findOne({ _id: id }, { session }) : this.sessions.findOne({ _id: id });
  }

  /** The top-up (mode payment) session paid by a Stripe PaymentIntent. */
  sessionPaidBy(paymentIntent: string): Promise<CheckoutSessionDoc | null> {
    return this.sessions.findOne({ payment_intent: paymentIntent, mode: 'payment' });
  }

  /** Marks a session complete and paid (a complete one stays as it is). */
  async markComplete(id: string, session?: LedgerSession): Promise<void> {
    const filter = { _id: id, status: { $ne: 'complete' as const } };
    const update = { $set: { status: 'complete' as const, payment_status: 'paid' as const } };
    if (session) await this.sessions.updateOne(filter, update, { session });
    else await this.sessions.updateOne(filter, update);
  }

  async setPaymentIntent(id: string, paymentIntent: string, session: LedgerSession): Promise<void> {
    await this.sessions.updateOne({ _id: id }, { $set: { payment_intent: paymentIntent } }, { session });
  }

  /** open → expired; a complete session stays complete. */
  async expire(id: string): Promise<void> {
    await this.sessions.updateOne({ _id: id, status: 'open' }, { $set: { status: 'expired' } });
  }

  /** Adds `amount` to what was taken back of the top-up (and records it as what a dispute took). */
  async addReversed(id: string, amount: number, disputeId: string | undefined, session: LedgerSession) {
    await this.sessions.updateOne(
      { _id: id },
      {
        $inc: { reversed_micro: amount },
        ...(disputeId ? { $set: { [`disputes.${disputeId}`]: amount } } : {}),
      },
      { session },
    );
  }

  /** A won dispute gave back the `amount` it took. */
  async disputeGivenBack(id: string, disputeId: string, amount: number, session: LedgerSession) {
    await this.sessions.updateOne(
      { _id: id },
      {
        $inc: { reversed_micro: -amount },
        $set: { [`disputes.${disputeId}`]: 0 },
      },
      { session },
    );
  }

  // ---- Stripe events ------------------------------------------------------------------------------

  async eventHandled(id: string): Promise<boolean> {
    return (await this.events.findOne({ _id: id })) !== null;
  }

  /** Records a Stripe event handled to its end, once (a concurrent handling of it found it first: nothing). */
  async recordEvent(doc: StripeEventDoc): Promise<void> {
    await insertOnce(this.events, doc);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.sessionModel, this.eventModel].map((m) => m.init()));
  }
}
