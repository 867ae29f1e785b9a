// Card top-ups and SuperAura billing through the gateway (issue 7 items 5 and 8): the packages, checkout
// sessions and their rules, the local test checkout page end to end (Pay → the signed webhook → the
// balance rises by exactly the package), signed Stripe events posted to the webhook (a bad signature
// changes nothing; redeliveries, races with the status poll and events out of order credit once), who
// may read a session, and SuperAura from checkout to identity's is_super_aura and back.
import { waitFor } from '@aura/platform/testing';
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { api, baseUrl, newMember } from './support/api';

interface Member {
  id: string;
  token: string;
}

const secret = process.env.STRIPE_WEBHOOK_SECRET || 'whsec_aura_local_webhook_secret';
const origin = `${baseUrl}/wallet`;
const AC = 1_000_000;

async function signUp(prefix = 'pay'): Promise<Member> {
  const answer = await api('POST', '/auth/register', { body: newMember(prefix) });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, token: answer.body.access_token };
}

const balanceMicro = async (member: Member) =>
  (await api('GET', '/wallet', { token: member.token })).body.aura_coin_balance_micro as number;

async function checkout(member: Member, packageId = 'plus') {
  const answer = await api('POST', '/payments/checkout/session', {
    token: member.token,
    body: { package_id: packageId, origin_url: origin },
  });
  expect(answer.status).toBe(200);
  return answer.body as { checkout_url: string; session_id: string };
}

const status = (member: Member, sessionId: string) =>
  api('GET', `/payments/checkout/status/${sessionId}`, { token: member.token });

/** Posts a signed event (its exact bytes) to the webhook, as Stripe does. */
function deliver(event: object, signWith = secret) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: signWith });
  return api('POST', '/payments/webhook', { rawBody: payload, headers: { 'stripe-signature': signature } });
}

let eventCount = 0;
function sessionEvent(
  type: string,
  sessionId: string,
  fields: Record<string, unknown> = {},
  created = Math.floor(Date.now() / 1000),
) {
  eventCount += 1;
  return {
    id: `evt_e2e_${Date.now().toString(36)}_${eventCount}`,
    object: 'event',
    type,
    created,
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: type === 'checkout.session.expired' ? 'expired' : 'complete',
        payment_status: type === 'checkout.session.expired' ? 'unpaid' : 'paid',
        ...fields,
      },
    },
  };
}

/** The test checkout page's form posts, without following the redirect. */
const pagePost = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

describe('packages', () => {
  it('are public (any bearer header is ignored) and include the bonus', async () => {
    const headerSets: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of headerSets) {
      const answer = await api('GET', '/payments/packages', { headers });
      expect(answer.status).toBe(200);
      expect(answer.body).toContainEqual({
        id: 'plus',
        name: 'Plus',
        auracoin_amount: 55,
        usd_price: 49.99,
        bonus_percentage: 10,
        is_popular: true,
      });
      expect(answer.body.map((p: { id: string }) => p.id)).toEqual(['starter', 'plus', 'pro', 'ultra']);
      expect(answer.body.filter((p: { is_popular: boolean }) => p.is_popular)).toHaveLength(1);
    }
  });
});

describe('checkout sessions', () => {
  let member: Member;
  beforeAll(async () => {
    member = await signUp();
  });

  it('need a signed-in member, a known package and an allowed origin', async () => {
    const body = { package_id: 'plus', origin_url: origin };
    expect((await api('POST', '/payments/checkout/session', { body })).status).toBe(401);
    expect(
      await api('POST', '/payments/checkout/session', {
        token: member.token,
        body: { ...body, package_id: 'gold-bars' },
      }),
    ).toMatchObject({ status: 400, body: { detail: 'Package not found' } });
    for (const bad of ['https://evil.example.com/wallet', 'javascript:alert(1)', 'not a url', ''])
      expect(
        await api('POST', '/payments/checkout/session', {
          token: member.token,
          body: { ...body, origin_url: bad },
        }),
      ).toMatchObject({ status: 400, body: { detail: 'origin_url must be an allowed origin' } });
    expect(
      (
        await api('POST', '/payments/checkout/session', {
          token: member.token,
          body: { ...body, package_id: 5 },
        })
      ).status,
    ).toBe(422);
  });

  it('are read by their owner only', async () => {
    const session = await checkout(member);
    expect(await status(member, session.session_id)).toMatchObject({
      status: 200,
      body: { payment_status: 'unpaid', status: 'open', auracoin_amount: 55 },
    });
    const other = await signUp();
    expect(await status(other, session.session_id)).toMatchObject({
      status: 404,
      body: { detail: 'Checkout session not found' },
    });
    expect((await status(member, 'cs_test_unknown')).status).toBe(404);
    expect((await api('GET', `/payments/checkout/status/${session.session_id}`)).status).toBe(401);
  });
});

describe('the test checkout page', () => {
  it('pays through the signed webhook: the balance rises by exactly the package, once', async () => {
    const member = await signUp();
    const before = await balanceMicro(member);
    const session = await checkout(member);
    expect(session.session_id).toMatch(/^cs_test_local_[0-9a-f]{32}$/);
    expect(session.checkout_url).toBe(`${baseUrl}/api/payments/test-checkout/${session.session_id}`);

    const page = await fetch(session.checkout_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Plus: 55 AuraCoins');
    expect(html).toContain('$49.99');
    expect(html).toContain('id="pay"');
    expect(html).toContain('id="cancel"');

    const paid = await pagePost(`${session.checkout_url}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${origin}?session_id=${session.session_id}&payment_success=true`,
    );
    expect(await balanceMicro(member)).toBe(before + 55 * AC);
    expect(await status(member, session.session_id)).toMatchObject({
      status: 200,
      body: { payment_status: 'paid', status: 'complete', auracoin_amount: 55 },
    });

    // Pay again, poll again: nothing more.
    expect((await pagePost(`${session.checkout_url}/pay`)).status).toBe(303);
    await status(member, session.session_id);
    expect(await balanceMicro(member)).toBe(before + 55 * AC);

    const history = await api('GET', '/wallet/transactions', { token: member.token });
    const topUps = history.body.filter((t: { description: string }) =>
      t.description.startsWith('AuraCoins bought'),
    );
    expect(topUps).toEqual([
      expect.objectContaining({
        description: 'AuraCoins bought with a card: Plus: 55 AuraCoins for $49.99',
        transaction_type: 'other',
        amount: 55,
      }),
    ]);
  });

  it('cancels back to the cancel URL, and is unknown for unknown sessions', async () => {
    const member = await signUp();
    const session = await checkout(member, 'starter');
    const cancelled = await pagePost(`${session.checkout_url}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${origin}?payment_cancelled=true`);
    expect(await status(member, session.session_id)).toMatchObject({
      body: { payment_status: 'unpaid', status: 'open' },
    });
    expect((await fetch(`${baseUrl}/api/payments/test-checkout/cs_test_local_nope`)).status).toBe(404);
  });
});

describe('signed webhook events', () => {
  it('refuse a bad signature and change nothing', async () => {
    const member = await signUp();
    const session = await checkout(member);
    const event = sessionEvent('checkout.session.completed', session.session_id);
    expect(await deliver(event, 'whsec_wrong')).toMatchObject({
      status: 400,
      body: { detail: 'Invalid signature' },
    });
    // The right signature over other bytes is refused too.
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(
      await api('POST', '/payments/webhook', {
        rawBody: payload.replace('"paid"', '"paid" '),
        headers: { 'stripe-signature': signature },
      }),
    ).toMatchObject({ status: 400, body: { detail: 'Invalid signature' } });
    expect((await api('POST', '/payments/webhook', { rawBody: payload })).status).toBe(400);
    expect(await balanceMicro(member)).toBe(0);
    expect((await status(member, session.session_id)).body.payment_status).toBe('unpaid');
  });

  it('credit once when the same event comes three times at once', async () => {
    const member = await signUp();
    const session = await checkout(member, 'pro');
    const event = sessionEvent('checkout.session.completed', session.session_id);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await deliver(event)).toMatchObject({ status: 200, body: { received: true } });
    expect(await balanceMicro(member)).toBe(115 * AC);
  });

  it('credit once when the webhook and status polls race', async () => {
    const member = await signUp();
    const session = await checkout(member, 'starter');
    const completed = sessionEvent('checkout.session.completed', session.session_id);
    const again = sessionEvent('checkout.session.completed', session.session_id);
    const answers = await Promise.all([
      status(member, session.session_id),
      deliver(completed),
      status(member, session.session_id),
      deliver(again),
      status(member, session.session_id),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await status(member, session.session_id)).toMatchObject({
      body: { payment_status: 'paid', status: 'complete', auracoin_amount: 10 },
    });
    expect(await balanceMicro(member)).toBe(10 * AC);
  });

  it('out of order: an expiry after the payment never un-credits; an expiry alone credits nothing', async () => {
    const member = await signUp();
    const paid = await checkout(member, 'starter');
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(sessionEvent('checkout.session.completed', paid.session_id, {}, now))).status).toBe(
      200,
    );
    expect(
      (await deliver(sessionEvent('checkout.session.expired', paid.session_id, {}, now - 60))).status,
    ).toBe(200);
    expect(
      (await deliver(sessionEvent('checkout.session.expired', paid.session_id, {}, now + 60))).status,
    ).toBe(200);
    expect(await status(member, paid.session_id)).toMatchObject({
      body: { payment_status: 'paid', status: 'complete' },
    });

    const expired = await checkout(member, 'plus');
    expect((await deliver(sessionEvent('checkout.session.expired', expired.session_id))).status).toBe(200);
    expect(await status(member, expired.session_id)).toMatchObject({
      body: { payment_status: 'unpaid', status: 'expired', auracoin_amount: 55 },
    });
    // A completion that is not paid (an async payment method, still pending) credits nothing either.
    const pending = await checkout(member, 'pro');
    const unpaid = sessionEvent('checkout.session.completed', pending.session_id, {
      payment_status: 'unpaid',
    });
    expect((await deliver(unpaid)).status).toBe(200);
    expect(await balanceMicro(member)).toBe(10 * AC);
    // Unknown sessions and event types are acknowledged and ignored.
    expect((await deliver(sessionEvent('checkout.session.completed', 'cs_test_someone_else'))).status).toBe(
      200,
    );
    expect(
      (await deliver({ ...sessionEvent('charge.refunded', 'ch_1'), type: 'charge.refunded' })).status,
    ).toBe(200);
  });
});

describe('SuperAura', () => {
  const me = async (member: Member) => (await api('GET', '/auth/me', { token: member.token })).body;
  const superAura = async (member: Member) =>
    (await api('GET', '/superaura/status', { token: member.token })).body;

  it('checkout → webhook → is_super_aura; already SuperAura; cancel; deleted → not SuperAura', async () => {
    const member = await signUp('sa');
    expect(await superAura(member)).toEqual({
      is_super_aura: false,
      plan: null,
      current_period_end: null,
      cancel_at_period_end: false,
    });
    expect(
      await api('POST', '/superaura/checkout', {
        token: member.token,
        body: { plan: 'weekly', origin_url: origin },
      }),
    ).toMatchObject({ status: 400, body: { detail: 'Please choose a plan: monthly or annual' } });
    expect(await api('POST', '/superaura/cancel', { token: member.token })).toMatchObject({
      status: 400,
      body: { detail: "You don't have an active SuperAura subscription" },
    });

    const started = await api('POST', '/superaura/checkout', {
      token: member.token,
      body: { plan: 'monthly', origin_url: origin },
    });
    expect(started.status).toBe(200);
    const { checkout_url: url, session_id: sessionId } = started.body;
    const page = await (await fetch(url)).text();
    expect(page).toContain('SuperAura Monthly');
    expect(page).toContain('$45.00');
    const paid = await pagePost(`${url}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${origin}?session_id=${sessionId}&payment_success=true`);

    const status = await superAura(member);
    expect(status).toMatchObject({ is_super_aura: true, plan: 'monthly', cancel_at_period_end: false });
    const end = new Date(status.current_period_end).getTime();
    expect(end - Date.now()).toBeGreaterThan(27 * 86400_000);
    expect(end - Date.now()).toBeLessThan(32 * 86400_000);
    await waitFor(async () => (await me(member)).is_super_aura === true, {
      timeoutMs: 30_000,
      intervalMs: 300,
      what: 'identity to make the member SuperAura',
    });

    for (const plan of ['monthly', 'annual'])
      expect(
        await api('POST', '/superaura/checkout', { token: member.token, body: { plan, origin_url: origin } }),
      ).toMatchObject({ status: 400, body: { detail: "You're Already SuperAura!" } });

    expect(await api('POST', '/superaura/cancel', { token: member.token })).toMatchObject({
      status: 200,
      body: { is_super_aura: true, plan: 'monthly', cancel_at_period_end: true },
    });
    expect(await superAura(member)).toMatchObject({ is_super_aura: true, cancel_at_period_end: true });

    // Stripe ends the subscription at the period end: customer.subscription.deleted.
    const subscriptionId = `sub_local_${createHash('sha256').update(sessionId).digest('hex').slice(0, 24)}`;
    const now = Math.floor(Date.now() / 1000) + 5;
    const subscriptionEvent = (type: string, subscriptionStatus: string, created: number) => ({
      id: `evt_e2e_sub_${type}_${created}_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      created,
      data: {
        object: {
          id: subscriptionId,
          object: 'subscription',
          status: subscriptionStatus,
          cancel_at_period_end: true,
          metadata: { user_id: member.id },
          items: { data: [{ current_period_end: now + 30 * 86400 }] },
        },
      },
    });
    const deleted = subscriptionEvent('customer.subscription.deleted', 'canceled', now);
    expect((await deliver(deleted)).status).toBe(200);
    expect((await deliver(deleted)).status).toBe(200);
    // An older update arriving late changes nothing.
    expect(
      (await deliver(subscriptionEvent('customer.subscription.updated', 'active', now - 30))).status,
    ).toBe(200);
    expect(await superAura(member)).toMatchObject({ is_super_aura: false, plan: null });
    await waitFor(async () => (await me(member)).is_super_aura === false, {
      timeoutMs: 30_000,
      intervalMs: 300,
      what: 'identity to end SuperAura',
    });
  });
});
