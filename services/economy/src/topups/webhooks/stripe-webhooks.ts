import { RuleViolation, Unavailable } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { InvoicePaidHandler } from '../../superaura/invoice-paid.handler';
import { SubscriptionChangedHandler } from '../../superaura/subscription-changed.handler';
import { TOPUPS_OPTIONS } from '../../tokens';
import { idOf } from '../checkout-provider';
import { TopUpMessages } from '../packages';
import { TopUpsRepository } from '../topups.repository';
import type { TopUpsOptions } from '../topups.service';
import { ChargeDisputeClosedHandler } from './charge-dispute-closed.handler';
import { ChargeDisputeCreatedHandler } from './charge-dispute-created.handler';
import { ChargeRefundedHandler } from './charge-refunded.handler';
import { CheckoutCompletedHandler } from './checkout-completed.handler';
import { CheckoutExpiredHandler } from './checkout-expired.handler';
import type { StripeEventHandler } from './stripe-event-handler';

/**
 * Stripe's webhook endpoint. A delivery is verified on its exact bytes, handled by the handler of its
 * event type (another type is acknowledged and ignored) and recorded in stripe_events once handled, so a
 * redelivery does nothing; handling twice concurrently is harmless (every effect is keyed). Out of order:
 * a session is never expired once complete, a credit is never undone, and SuperAura state only takes an
 * event newer than the one it was last written from.
 */
@Injectable()
export class StripeWebhooks {
  private readonly handlers = new Map<string, StripeEventHandler>();

  constructor(
    @Inject(TopUpsRepository) private readonly store: TopUpsRepository,
    @Inject(TOPUPS_OPTIONS) private readonly options: TopUpsOptions,
    @Inject(CheckoutCompletedHandler) checkoutCompleted: CheckoutCompletedHandler,
    @Inject(CheckoutExpiredHandler) checkoutExpired: CheckoutExpiredHandler,
    @Inject(ChargeRefundedHandler) chargeRefunded: ChargeRefundedHandler,
    @Inject(ChargeDisputeCreatedHandler) disputeCreated: ChargeDisputeCreatedHandler,
    @Inject(ChargeDisputeClosedHandler) disputeClosed: ChargeDisputeClosedHandler,
    @Inject(SubscriptionChangedHandler) subscriptionChanged: SubscriptionChangedHandler,
    @Inject(InvoicePaidHandler) invoicePaid: InvoicePaidHandler,
  ) {
    const handlers: StripeEventHandler[] = [
      checkoutCompleted,
      checkoutExpired,
      chargeRefunded,
      disputeCreated,
      disputeClosed,
      subscriptionChanged,
      invoicePaid,
    ];
    for (const handler of handlers) for (const type of handler.types) this.handlers.set(type, handler);
  }

  async receive(
    payload: Buffer,
    signature: string,
  ): Promise<{ eventId: string; type: string; handled: boolean }> {
    const secret = this.options.webhookSecret;
    if (!secret) throw new Unavailable(TopUpMessages.unavailable);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      throw new RuleViolation(TopUpMessages.invalidSignature);
    }
    if (await this.store.eventHandled(event.id))
      return { eventId: event.id, type: event.type, handled: false };
    const handler = this.handlers.get(event.type);
    const handled = handler ? await handler.handle(event) : false;
    await this.store.recordEvent({
      _id: event.id,
      type: event.type,
      created: event.created,
      object_id: idOf(event.data.object as { id: string }),
      handled_at: new Date(),
    });
    return { eventId: event.id, type: event.type, handled };
  }
}
