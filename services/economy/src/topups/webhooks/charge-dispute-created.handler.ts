import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { TopUpReversals } from '../reversals';
import { StripeEventHandler } from './stripe-event-handler';

@Injectable()
export class ChargeDisputeCreatedHandler implements StripeEventHandler<'charge.dispute.created'> {
  readonly types = ['charge.dispute.created'] as const;

  constructor(@Inject(TopUpReversals) private readonly reversals: TopUpReversals) {}

  handle(event: Stripe.ChargeDisputeCreatedEvent): Promise<boolean> {
    return this.reversals.disputed(event.data.object);
  }
}
