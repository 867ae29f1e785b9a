import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { TopUpsRepository } from '../topups.repository';
import { StripeEventHandler } from './stripe-event-handler';

/** open → expired; a completed (credited) session stays complete. */
@Injectable()
export class CheckoutExpiredHandler implements StripeEventHandler<'checkout.session.expired'> {
  readonly types = ['checkout.session.expired'] as const;

  constructor(@Inject(TopUpsRepository) private readonly store: TopUpsRepository) {}

  async handle(event: Stripe.CheckoutSessionExpiredEvent): Promise<boolean> {
    const doc = await this.store.sessionOf(event.data.object.id);
    if (doc) await this.store.expire(doc._id);
    return Boolean(doc);
  }
}
