import Stripe from 'stripe';
import { TestCheckoutProvider } from '../checkout-provider';
import type { TopUpsRepository } from '../topups.repository';
import type { TopUpsOptions } from '../topups.service';
import type { StripeEventHandler } from './stripe-event-handler';
import { StripeWebhooks } from './stripe-webhooks';

const SECRET = 'whsec_stripe_webhooks_spec';

function signed(type: string, id = `evt_${type}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: 1,
    data: { object: { id: 'obj_1' } },
  });
  return {
    payload: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
  };
}

function setup(webhookSecret: string | null = SECRET, handled = new Set<string>()) {
  const calls: string[] = [];
  const handler = (name: string, types: Stripe.Event.Type[]) =>
    ({
      types,
      handle: async (event: Stripe.Event) => {
        calls.push(`${name} ${event.type}`);
        return true;
      },
    }) satisfies StripeEventHandler as never;
  const recorded: string[] = [];
  const store = {
    eventHandled: async (id: string) => handled.has(id),
    recordEvent: async (doc: { _id: string }) => void recorded.push(doc._id),
  } as unknown as TopUpsRepository;
  const options: TopUpsOptions = {
    provider: new TestCheckoutProvider(),
    webhookSecret,
    allowedOrigins: [],
    production: false,
    testCheckout: true,
  };
  const webhooks = new StripeWebhooks(
    store,
    options,
    handler('completed', ['checkout.session.completed', 'checkout.session.async_payment_succeeded']),
    handler('expired', ['checkout.session.expired']),
    handler('refunded', ['charge.refunded']),
    handler('disputeCreated', ['charge.dispute.created']),
    handler('disputeClosed', ['charge.dispute.closed']),
    handler('subscription', [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]),
    handler('invoicePaid', ['invoice.paid']),
  );
  const receive = (event: { payload: Buffer; signature: string }) =>
    webhooks.receive(event.payload, event.signature);
  return { receive, calls, recorded };
}

describe('the Stripe webhook endpoint', () => {
  it('hands each event type to its handler and records the event', async () => {
    const { receive, calls, recorded } = setup();
    const routes: [string, string][] = [
      ['checkout.session.completed', 'completed'],
      ['checkout.session.async_payment_succeeded', 'completed'],
      ['checkout.session.expired', 'expired'],
      ['charge.refunded', 'refunded'],
      ['charge.dispute.created', 'disputeCreated'],
      ['charge.dispute.closed', 'disputeClosed'],
      ['customer.subscription.created', 'subscription'],
      ['customer.subscription.updated', 'subscription'],
      ['customer.subscription.deleted', 'subscription'],
      ['invoice.paid', 'invoicePaid'],
    ];
    for (const [type, name] of routes) {
      expect(await receive(signed(type))).toEqual({ eventId: `evt_${type}`, type, handled: true });
      expect(calls.pop()).toBe(`${name} ${type}`);
      expect(recorded.pop()).toBe(`evt_${type}`);
    }
  });

  it('acknowledges another event type, handling nothing', async () => {
    const { receive, calls, recorded } = setup();
    expect(await receive(signed('payment_intent.succeeded'))).toEqual({
      eventId: 'evt_payment_intent.succeeded',
      type: 'payment_intent.succeeded',
      handled: false,
    });
    expect(calls).toEqual([]);
    expect(recorded).toEqual(['evt_payment_intent.succeeded']);
  });

  it('answers a redelivered event without handling it again', async () => {
    const { receive, calls, recorded } = setup(SECRET, new Set(['evt_again']));
    expect(await receive(signed('charge.refunded', 'evt_again'))).toEqual({
      eventId: 'evt_again',
      type: 'charge.refunded',
      handled: false,
    });
    expect(calls).toEqual([]);
    expect(recorded).toEqual([]);
  });

  it('refuses a bad signature, and every delivery without a secret', async () => {
    const event = signed('charge.refunded');
    await expect(setup().receive({ ...event, signature: 't=1,v1=00' })).rejects.toThrow('Invalid signature');
    await expect(setup(null).receive(event)).rejects.toThrow('Card payments are not available right now');
  });
});
