// Card top-ups and SuperAura against the real local infrastructure: the Stripe SDK against stripe-mock
// (deploy/local) through economy's gRPC calls as the gateway makes them, a signed webhook credited once
// however many times it comes and however it races the status poll, recovery from a crash between the
// a credit that fails half-way, and SuperAura state taking only newer events.
import { Caller } from '@aura/platform';
import { recordTopics, testConfig, waitFor } from '@aura/platform/testing';
import { economy as contract, economyEvents } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import Stripe from 'stripe';
import { AC, createEconomyApp, Harness, refusal, startEconomy } from '../../test/harness';
import { memberAccount } from '../ledger/accounts';
import { StripeCheckoutProvider, stripeClient, TestCheckoutProvider } from './checkout-provider';
import { topUpKey } from './top-up-credit';
import { TopUpsService } from './topups.service';
import { StripeWebhooks } from './webhooks/stripe-webhooks';

const STRIPE_API_BASE = process.env.STRIPE_API_BASE || 'http://127.0.0.1:12111';
const SECRET = 'whsec_topups_int_spec';
const ORIGIN = 'http://localhost:8080/wallet';
const stripe = new StripeCheckoutProvider(stripeClient('sk_test_123', STRIPE_API_BASE));

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('topups', {
    topups: { provider: stripe, webhookSecret: SECRET },
  });
});

afterAll(async () => {
  await h?.stop();
});

const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
const balance = async (member: { id: string }) =>
  Number(((await h.call('getWallet', { userId: '' }, as(member))) as contract.Wallet).balanceMicro);
const checkout = (member: { id: string }, packageId = 'plus') =>
  h.call(
    'createCheckoutSession',
    { packageId, originUrl: ORIGIN },
    as(member),
  ) as Promise<contract.CheckoutSession>;
const statusOf = (member: { id: string }, sessionId: string) =>
  h.call('getCheckoutStatus', { sessionId }, as(member)) as Promise<contract.CheckoutStatus>;

let n = 0;
function signed(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  n += 1;
  const payload = JSON.stringify({
    id: `evt_it_${Date.now().toString(36)}_${n}`,
    object: 'event',
    type,
    created,
    data: { object },
  });
  return {
    payload: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
  };
}
const deliver = (event: { payload: Buffer; signature: string }) =>
  h.call('handleStripeWebhook', event) as Promise<contract.StripeWebhookResult>;
const completed = (sessionId: string, extra: Record<string, unknown> = {}) =>
  signed('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    ...extra,
  });

describe('the Stripe SDK against stripe-mock', () => {
  it('creates payment and subscription sessions, reads them back, cancels a subscription', async () => {
    const payment = await stripe.createSession({
      mode: 'payment',
      userId: 'u1',
      name: 'Plus: 55 AuraCoins',
      usdCents: 4999,
      successUrl: `${ORIGIN}?session_id={CHECKOUT_SESSION_ID}&payment_success=true`,
      cancelUrl: `${ORIGIN}?payment_cancelled=true`,
      metadata: { user_id: 'u1', package_id: 'plus' },
    });
    expect(payment.id).toMatch(/^cs_/);
    expect(payment.url).toMatch(/^https:\/\//);
    const subscription = await stripe.createSession({
      mode: 'subscription',
      userId: 'u1',
      name: 'SuperAura Monthly',
      usdCents: 4500,
      interval: 'month',
      successUrl: ORIGIN,
      cancelUrl: ORIGIN,
      metadata: { user_id: 'u1', plan: 'monthly' },
    });
    expect(subscription.id).not.toBe(payment.id);
    expect(await stripe.retrieveSession(payment.id)).toMatchObject({
      id: payment.id,
      paymentStatus: expect.any(String),
      status: expect.any(String),
    });
    expect(await stripe.retrieveSubscription('sub_123')).toMatchObject({
      id: 'sub_123',
      periodEnd: expect.any(Number),
    });
    await expect(stripe.cancelAtPeriodEnd('sub_123')).resolves.toBeUndefined();
  });

  it('a checkout through economy: Stripe URL, status from Stripe, credited once by the signed webhook', async () => {
    const member = h.identity.add();
    const session = await checkout(member);
    expect(session.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    // stripe-mock's fixture is an unpaid, open session: nothing is credited.
    expect(await statusOf(member, session.sessionId)).toMatchObject({
      paymentStatus: 'unpaid',
      status: 'open',
      amountMicro: 55 * AC,
    });
    expect(await balance(member)).toBe(0);
    const event = completed(session.sessionId);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => deliver(event)),
      statusOf(member, session.sessionId),
      statusOf(member, session.sessionId),
    ]);
    expect(answers).toHaveLength(8);
    expect(await statusOf(member, session.sessionId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'complete',
    });
    expect(await balance(member)).toBe(55 * AC);
    expect((await deliver(event)).handled).toBe(false);
    expect(await balance(member)).toBe(55 * AC);
  });

  it('refuses what is not signed with the secret, and other members’ sessions', async () => {
    const member = h.identity.add();
    const session = await checkout(member, 'starter');
    const event = completed(session.sessionId);
    expect(
      await refusal(deliver({ ...event, signature: event.signature.replace(/v1=../, 'v1=00') })),
    ).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'Invalid signature',
    });
    expect(await refusal(statusOf(h.identity.add(), session.sessionId))).toEqual({
      code: status.NOT_FOUND,
      details: 'Checkout session not found',
    });
    expect(await refusal(h.call('getTestCheckout', { sessionId: session.sessionId }))).toMatchObject({
      code: status.NOT_FOUND,
    });
    expect(await balance(member)).toBe(0);
  });
});

describe('production without Stripe keys', () => {
  it('refuses checkouts (unavailable), the test checkout (not found) and webhooks (no secret)', async () => {
    // A second instance on the same database, configured as production without Stripe keys.
    const app = await createEconomyApp(h.runtime, h.config, {
      identity: h.identity,
      mood: h.mood,
      topups: {
        provider: new TestCheckoutProvider(),
        webhookSecret: null,
        allowedOrigins: ['https://aura.example.com'],
        production: true,
        testCheckout: false,
      },
    });
    const production = app.get(TopUpsService);
    try {
      const member = h.identity.add();
      await expect(
        production.createCheckout(as(member), 'plus', 'https://aura.example.com/wallet'),
      ).rejects.toThrow('Card payments are not available right now');
      await expect(
        production.createCheckout(as(member), 'plus', 'http://localhost:8080/wallet'),
      ).rejects.toThrow('origin_url must be an allowed origin');
      const session = await checkout(member);
      await expect(production.testCheckout(session.sessionId)).rejects.toThrow('Checkout session not found');
      await expect(production.payTestCheckout(session.sessionId)).rejects.toThrow(
        'Checkout session not found',
      );
      await expect(
        app.get(StripeWebhooks).receive(completed(session.sessionId).payload, 'x'),
      ).rejects.toThrow('Card payments are not available right now');
    } finally {
      await app.close();
    }
  });
});

describe('a failure in the middle of a credit', () => {
  it('leaves the session open and nothing credited; the next delivery credits once', async () => {
    const member = h.identity.add();
    const session = await checkout(member, 'pro');
    const outbox = h.economy.ledger.store.outbox;
    const spy = jest.spyOn(outbox, 'insertOne').mockRejectedValueOnce(new Error('process died') as never);
    const event = completed(session.sessionId);
    await expect(h.economy.stripeWebhooks.receive(event.payload, event.signature)).rejects.toThrow(
      'process died',
    );
    spy.mockRestore();
    expect(await balance(member)).toBe(0);
    expect(await h.economy.topups.store.sessions.findOne({ _id: session.sessionId })).toMatchObject({
      status: 'open',
    });
    expect(await h.economy.ledger.findTransfer(topUpKey(session.sessionId))).toBeNull();
    // Stripe delivers again (and the member's page polls): credited once.
    await deliver(completed(session.sessionId));
    await deliver(completed(session.sessionId));
    expect(await statusOf(member, session.sessionId)).toMatchObject({ paymentStatus: 'paid' });
    expect(await balance(member)).toBe(115 * AC);
    const transfer = await h.economy.ledger.findTransfer(topUpKey(session.sessionId));
    expect(transfer).toMatchObject({
      kind: 'topup',
      from: 'card_topups',
      to: memberAccount(member.id),
      amount: 115 * AC,
    });
  });
});

const startSuperAura = (member: { id: string }, plan: string) =>
  h.call(
    'createSuperAuraCheckout',
    { plan, originUrl: ORIGIN },
    as(member),
  ) as Promise<contract.CheckoutSession>;
/** The completion of a subscription-mode checkout (the subscription is then read from stripe-mock). */
const subscriptionCompleted = (sessionId: string, subscription: string, created: number) =>
  signed(
    'checkout.session.completed',
    { id: sessionId, object: 'checkout.session', mode: 'subscription', subscription, customer: 'cus_1' },
    created,
  );

describe('SuperAura events', () => {
  it('apply the newest state only, and announce superaura.changed', async () => {
    const recorder = await recordTopics(testConfig().KAFKA_BROKERS, ['aura.economy.ledger']);
    try {
      const member = h.identity.add();
      const started = await startSuperAura(member, 'annual');
      const t = Math.floor(Date.now() / 1000);
      const sub = (type: string, subStatus: string, created: number, periodEnd: number) =>
        signed(
          type,
          {
            id: 'sub_123',
            object: 'subscription',
            status: subStatus,
            cancel_at_period_end: false,
            metadata: { user_id: member.id },
            items: { data: [{ current_period_end: periodEnd }] },
          },
          created,
        );
      // The completion finds the subscription in Stripe (stripe-mock's sub_123) for its period end.
      await deliver(subscriptionCompleted(started.sessionId, 'sub_123', t));
      // stripe-mock's fixture period ended long ago: the update brings the real one.
      const end = t + 365 * 86400;
      await deliver(sub('customer.subscription.updated', 'active', t + 1, end));
      const status1 = (await h.call('getSuperAuraStatus', {}, as(member))) as contract.SuperAuraStatus;
      expect(status1).toMatchObject({
        isSuperAura: true,
        plan: 'annual',
        currentPeriodEnd: new Date(end * 1000).toISOString(),
      });
      // Deleted, then an older update arrives late: still not SuperAura.
      await deliver(sub('customer.subscription.deleted', 'canceled', t + 10, end));
      await deliver(sub('customer.subscription.updated', 'active', t + 5, end));
      expect(await h.call('getSuperAuraStatus', {}, as(member))).toMatchObject({
        isSuperAura: false,
        plan: '',
      });
      await waitFor(
        () => {
          const changes = recorder.records
            .filter((r) => r.headers['aura-event-type'] === 'superaura.changed')
            .map((r) => economyEvents.SuperAuraChanged.decode(r.value))
            .filter((c) => c.userId === member.id);
          return changes.length >= 2 && changes[changes.length - 1].isSuperAura === false;
        },
        { timeoutMs: 20_000, what: 'superaura.changed events' },
      );
    } finally {
      await recorder.stop();
    }
  });

  it('an invoice paid before the checkout completion: SuperAura with the plan of the checkout', async () => {
    const member = h.identity.add();
    const started = await startSuperAura(member, 'monthly');
    const t = Math.floor(Date.now() / 1000);
    const end = t + 31 * 86400;
    await deliver(
      signed(
        'invoice.paid',
        {
          id: 'in_1',
          object: 'invoice',
          parent: { subscription_details: { subscription: 'sub_456', metadata: { user_id: member.id } } },
          lines: { data: [{ period: { start: t, end } }] },
        },
        t + 2,
      ),
    );
    await deliver(subscriptionCompleted(started.sessionId, 'sub_456', t));
    expect(await h.call('getSuperAuraStatus', {}, as(member))).toEqual({
      isSuperAura: true,
      plan: 'monthly',
      currentPeriodEnd: new Date(end * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    expect(
      await refusal(h.call('createSuperAuraCheckout', { plan: 'annual', originUrl: ORIGIN }, as(member))),
    ).toEqual({
      code: status.FAILED_PRECONDITION,
      details: "You're Already SuperAura!",
    });
  });
});
