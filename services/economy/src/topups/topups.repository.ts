import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel, insertOnce } from '../indexed-model.schema';

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
 * superaura/{user id}: the member's subscription as the newest billing event left it. `version` is that
 * event's time (ms): an older event never overwrites a newer state.
 */
export interface SuperAuraDoc {
  _id: string;
  plan: string;
  subscription_id: string;
  customer_id: string;
  active: boolean;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  version: number;
  updated_at: Date;
}

/** The top-ups' collections; TopUpsService creates their indexes in onModuleInit (after the ledger's). */
@Injectable()
export class TopUpsStore {
  private readonly sessionModel: IndexedModel;
  private readonly eventModel: IndexedModel;
  private readonly superAuraModel: IndexedModel;

  constructor(@Inject(MONGO) connection: Connection) {
    this.sessionModel = indexedModel(connection, 'CheckoutSession', 'checkout_sessions', [
      { fields: { user_id: 1, created_at: -1 } },
      { fields: { payment_intent: 1 } },
    ]);
    this.eventModel = indexedModel(connection, 'StripeEvent', 'stripe_events');
    this.superAuraModel = indexedModel(connection, 'SuperAura', 'superaura', [
      { fields: { subscription_id: 1 } },
    ]);
  }

  get sessions(): Collection<CheckoutSessionDoc> {
    return collectionOf(this.sessionModel);
  }
  get events(): Collection<StripeEventDoc> {
    return collectionOf(this.eventModel);
  }
  get superAura(): Collection<SuperAuraDoc> {
    return collectionOf(this.superAuraModel);
  }

  /** Records a Stripe event handled to its end, once (a concurrent handling of it found it first: nothing). */
  async recordEvent(doc: StripeEventDoc): Promise<void> {
    await insertOnce(this.events, doc);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.sessionModel, this.eventModel, this.superAuraModel].map((m) => m.init()));
  }
}
