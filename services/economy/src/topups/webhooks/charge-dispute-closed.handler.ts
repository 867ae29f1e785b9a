import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { TopUpReversals } from '../reversals';
import { StripeEventHandler } from './stripe-event-handler';

@Injectable()
export class ChargeDisputeClosedHandler implements StripeEventHandler<'charge.dispute.closed'> {
  readonly types = ['charge.dispute.closed'] as const;

  constructor(@Inject(TopUpReversals) private readonly reversals: TopUpReversals) {}

  handle(event: Stripe.ChargeDisputeClosedEvent): Promise<boolean> {
    return this.reversals.disputeClosed(event.data.object);
  }
}
