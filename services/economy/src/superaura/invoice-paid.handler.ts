import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { idOf } from '../topups/checkout-provider';
import { StripeEventHandler, versionOf } from '../topups/webhooks/stripe-event-handler';
import { SuperAuraService } from './superaura.service';

/** A subscription's invoice paid (a renewal): SuperAura until the end of the period it paid for. */
@Injectable()
export class InvoicePaidHandler implements StripeEventHandler<'invoice.paid'> {
  readonly types = ['invoice.paid'] as const;

  constructor(@Inject(SuperAuraService) private readonly superAura: SuperAuraService) {}

  async handle(event: Stripe.InvoicePaidEvent): Promise<boolean> {
    const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } };
    // Current API versions name the subscription under parent; older ones on the invoice itself.
    const parent = invoice.parent as {
      subscription_details?: {
        subscription?: string | { id: string };
        metadata?: Record<string, string>;
      };
    } | null;
    const subscriptionId = idOf(parent?.subscription_details?.subscription ?? invoice.subscription ?? null);
    if (!subscriptionId) return false;
    const end = invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end;
    return this.superAura.apply(
      subscriptionId,
      parent?.subscription_details?.metadata?.user_id ?? '',
      versionOf(event),
      {
        active: true,
        ...(end ? { current_period_end: new Date(end * 1000) } : {}),
      },
      { extendOnly: true },
    );
  }
}
