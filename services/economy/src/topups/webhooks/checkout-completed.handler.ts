import { LOGGER } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { SuperAuraService } from '../../superaura/superaura.service';
import { idOf } from '../checkout-provider';
import { TopUpCredit } from '../top-up-credit';
import { TopUpsRepository } from '../topups.repository';
import { StripeEventHandler, versionOf } from './stripe-event-handler';

type Completed = 'checkout.session.completed' | 'checkout.session.async_payment_succeeded';

/** A checkout paid for: a top-up is credited, a subscription starts SuperAura. */
@Injectable()
export class CheckoutCompletedHandler implements StripeEventHandler<Completed> {
  readonly types = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'] as const;

  constructor(
    @Inject(TopUpsRepository) private readonly store: TopUpsRepository,
    @Inject(TopUpCredit) private readonly topUps: TopUpCredit,
    @Inject(SuperAuraService) private readonly superAura: SuperAuraService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(event: Extract<Stripe.Event, { type: Completed }>): Promise<boolean> {
    const session = event.data.object;
    const doc = await this.store.sessionOf(session.id);
    if (!doc) {
      this.logger.warn(
        { sessionId: session.id, eventId: event.id },
        'webhook for an unknown checkout session ignored',
      );
      return false;
    }
    if (doc.mode === 'payment') {
      if (session.payment_status !== 'paid') return false;
      await this.topUps.credit(doc, idOf(session.payment_intent));
      return true;
    }
    await this.store.markComplete(doc._id);
    await this.superAura.started(doc, idOf(session.subscription), idOf(session.customer), versionOf(event));
    return true;
  }
}
