// Demo wallets, through the API exactly as members move money: card top-ups paid on the local test
// checkout page (it sends the same signed webhook Stripe would), tips and transfers between the demo
// members, genie earnings and pending withdrawals for the admin panel (only earned AC can be withdrawn). The rewards for the social seed's posts,
// likes and comments come on their own. Idempotent: a member who already bought AuraCoins is not
// charged again, and every tip, transfer and withdrawal carries a fixed Idempotency-Key, so a second
// run gets the first run's answers without moving money again. The coin price history needs no step:
// the economy service backfills 30 days of it on its first start.
import { payGenieEarnings } from './earnings.mjs';
import { call, ok } from './http.mjs';
import { DEMO_PASSWORD } from './members.mjs';

/** [member, package id]: bought once per member. */
const TOP_UPS = [
  ['luna', 'plus'],
  ['orion', 'starter'],
  ['sage', 'pro'],
  ['nova', 'starter'],
  ['kai', 'plus'],
];

/** [kind, from, to, AC, message]: in order, after the top-ups. */
const MOVES = [
  ['tip', 'luna', 'orion', 2.5, 'For the side-project launch 🎉'],
  ['tip', 'nova', 'luna', 1, 'Thanks for the yoga mornings'],
  ['transfer', 'sage', 'kai', 5, 'Welcome to Aura, Kai!'],
  ['tip', 'kai', 'sage', 0.75, 'Box breathing works 🙏'],
  ['transfer', 'orion', 'nova', 1.2, 'Tea money ☕'],
];

/** [member, USD, PayPal e-mail]: each stays pending until a super admin decides. */
const WITHDRAWALS = [
  ['sage', 10, 'sage.payouts@demo.aura.local'],
  ['kai', 10, 'kai.paypal@demo.aura.local'],
];

/** The member's newest 100 wallet transactions. */
function history(baseUrl, token) {
  return ok(baseUrl, 'GET', '/wallet/transactions?limit=100', token);
}

/** Buys a package on the test checkout page (Pay posts the signed webhook), then waits for the credit. */
async function topUp(baseUrl, session, packageId) {
  const token = session.access_token;
  const { session_id: sessionId } = await ok(baseUrl, 'POST', '/payments/checkout/session', token, {
    package_id: packageId,
    origin_url: `${baseUrl}/`,
  });
  const paid = await fetch(`${baseUrl}/api/payments/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (paid.status >= 400) throw new Error(`seeding the test checkout of ${sessionId} failed: ${paid.status}`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const status = await ok(baseUrl, 'GET', `/payments/checkout/status/${sessionId}`, token);
    if (status.payment_status === 'paid') return status.auracoin_amount;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`seeding: the checkout session ${sessionId} was not paid`);
}

export async function seedWallets(baseUrl, sessions) {
  const byName = new Map(sessions.map((session) => [session.user.username, session]));
  const member = (name) => {
    const session = byName.get(name);
    if (!session) throw new Error(`seeding wallets: no demo member ${name}`);
    return session;
  };

  let topUps = 0;
  for (const [name, packageId] of TOP_UPS) {
    const session = member(name);
    const bought = (await history(baseUrl, session.access_token)).some((t) =>
      String(t.description).startsWith('AuraCoins bought with a card'),
    );
    if (bought) continue;
    await topUp(baseUrl, session, packageId);
    topUps += 1;
  }

  for (const [index, [kind, from, to, amount, message]] of MOVES.entries()) {
    const path = kind === 'tip' ? '/tips/send' : '/payments/transfer';
    await ok(
      baseUrl,
      'POST',
      path,
      member(from).access_token,
      { recipient_id: member(to).user.id, amount, message },
      { 'idempotency-key': `demo-wallet-move-${index}` },
    );
  }

  // Enough earnings for each withdrawal at today's price, and a little more to spend.
  const { current_price: price } = await ok(baseUrl, 'GET', '/auracoin/price/current');
  await payGenieEarnings(
    WITHDRAWALS.map(([name, amount]) => ({
      userId: member(name).user.id,
      ac: Math.ceil(amount / price) + 5,
      key: `demo-genie-earnings-${name}`,
    })),
  );

  for (const [index, [name, amount, email]] of WITHDRAWALS.entries()) {
    const answer = await call(
      baseUrl,
      'POST',
      '/withdrawals/request',
      member(name).access_token,
      // A withdrawal asks for the member's password again (docs/security.md).
      { amount, paypal_email: email, password: DEMO_PASSWORD },
      { 'idempotency-key': `demo-withdrawal-${index}` },
    );
    // A second run may find the request decided by an admin meanwhile and be refused for the
    // key's new body; anything else is a real failure.
    if (answer.status >= 400 && !/pending withdrawal/.test(JSON.stringify(answer.body)))
      throw new Error(
        `seeding a withdrawal for ${name} failed: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
  }

  return { topUps, moneyMoves: MOVES.length, withdrawals: WITHDRAWALS.length };
}
