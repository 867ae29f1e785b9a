import type Stripe from 'stripe';

/** Handles the Stripe event types it names; StripeWebhooks dispatches each verified event to one. */
export interface StripeEventHandler<T extends Stripe.Event.Type = Stripe.Event.Type> {
  readonly types: readonly T[];
  /** false: nothing to do for it (an unknown session, an unpaid one, older news). */
  handle(event: Extract<Stripe.Event, { type: T }>): Promise<boolean>;
}

/** The time of an event in ms: SuperAura state takes only events newer than the one it was written from. */
export const versionOf = (event: Stripe.Event) => event.created * 1000;
