import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { periodEndOf } from '../topups/checkout-provider';
import { StripeEventHandler, versionOf } from '../topups/webhooks/stripe-event-handler';
import { SuperAuraService } from './superaura.service';

type SubscriptionChanged =
  'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';

const ACTIVE_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due']);

/** The subscription as Stripe now has it; deleted = not SuperAura. */
@Injectable()
export class SubscriptionChangedHandler implements StripeEventHandler<SubscriptionChanged> {
  readonly types = [
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
  ] as const;

  constructor(@Inject(SuperAuraService) private readonly superAura: SuperAuraService) {}

  handle(event: Extract<Stripe.Event, { type: SubscriptionChanged }>): Promise<boolean> {
    const subscription = event.data.object;
    const deleted = event.type === 'customer.subscription.deleted';
    const periodEnd = periodEndOf(subscription);
    return this.superAura.apply(subscription.id, subscription.metadata?.user_id ?? '', versionOf(event), {
      active: !deleted && ACTIVE_SUBSCRIPTION.has(subscription.status),
      cancel_at_period_end: deleted ? false : subscription.cancel_at_period_end,
      ...(periodEnd ? { current_period_end: new Date(periodEnd * 1000) } : {}),
    });
  }
}
