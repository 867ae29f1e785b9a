import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { TopUpReversals } from '../reversals';
import { StripeEventHandler } from './stripe-event-handler';

@Injectable()
export class ChargeRefundedHandler implements StripeEventHandler<'charge.refunded'> {
  readonly types = ['charge.refunded'] as const;

  constructor(@Inject(TopUpReversals) private readonly reversals: TopUpReversals) {}

  handle(event: Stripe.ChargeRefundedEvent): Promise<boolean> {
    return this.reversals.refunded(event.data.object);
  }
}
