import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { LedgerSession } from '../ledger/ledger.repository';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';

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

/** Members' subscriptions; SuperAuraService creates the index in onModuleInit (after the ledger's). */
@Injectable()
export class SuperAuraRepository {
  private readonly model: IndexedModel;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model = indexedModel(connection, 'SuperAura', 'superaura', [{ fields: { subscription_id: 1 } }]);
  }

  get states(): Collection<SuperAuraDoc> {
    return collectionOf(this.model);
  }

  /** A member's subscription state (inside a transaction, as it sees it). */
  stateOf(userId: string, session?: LedgerSession): Promise<SuperAuraDoc | null> {
    return session ? this.states.findOne({ _id: userId }, { session }) : this.states.findOne({ _id: userId });
  }

  stateBySubscription(subscriptionId: string): Promise<SuperAuraDoc | null> {
    return this.states.findOne({ subscription_id: subscriptionId });
  }

  async setCancelAtPeriodEnd(userId: string): Promise<void> {
    await this.states.updateOne({ _id: userId }, { $set: { cancel_at_period_end: true } });
  }

  /** Keeps the facts of the checkout (plan, customer) on a state a newer event wrote. */
  async setCheckoutFacts(userId: string, plan: string, customerId: string, session: LedgerSession) {
    await this.states.updateOne({ _id: userId }, { $set: { plan, customer_id: customerId } }, { session });
  }

  async replace(next: SuperAuraDoc, session: LedgerSession): Promise<void> {
    await this.states.replaceOne({ _id: next._id }, next, { session, upsert: true });
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }
}
