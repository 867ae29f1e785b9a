// The economy through the gateway (HTTP): wallet, history, tips, transfers, admin adjustments,
// withdrawals and the ledger check — who may call what, every rule with its message, and that a
// refused call moves nothing.
import { MongoClient, ObjectId } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { api, newMember } from './support/api';
import { closeEarnings, earn } from '@aura/platform/testing';

interface Member {
  id: string;
  username: string;
  token: string;
}

async function signUp(prefix = 'eco'): Promise<Member> {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', { body: member });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, username: member.username, token: answer.body.access_token };
}

/**
 * A member with the admin role (no endpoint grants roles yet: the admin issue brings it). The role
 * is set in the test stack's identity database and the new token carries it.
 */
async function signUpAdmin(): Promise<Member> {
  const member = newMember('eco_admin');
  const registered = await api('POST', '/auth/register', { body: member });
  expect(registered.status).toBe(201);
  const client = await MongoClient.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
  try {
    const db = client.db(`aura_identity_${process.env.AURA_DB_SUFFIX || 'test'}`);
    const id = registered.body.user.id as string;
    await db.collection('users').updateOne({ _id: new ObjectId(id) }, { $set: { role: 'admin' } });
  } finally {
    await client.close();
  }
  const login = await api('POST', '/auth/login', { body: member });
  expect(login).toMatchObject({ status: 200, body: { user: { role: 'admin' } } });
  return { id: login.body.user.id, username: member.username, token: login.body.access_token };
}

let superAdmin: string;

beforeAll(async () => {
  const login = await api('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
  });
  expect(login.status).toBe(200);
  superAdmin = login.body.access_token;
});

const wallet = (member: Member) => api('GET', '/wallet', { token: member.token });
const balanceOf = async (member: Member) => (await wallet(member)).body.aura_coin_balance as number;
const adjust = (userId: string, body: unknown, token = superAdmin, headers: Record<string, string> = {}) =>
  api('POST', `/admin/wallets/${userId}/adjust`, { token, body, headers });

/** A new member with `amount` AC of genie earnings (withdrawable, docs/money-rules.md). */
async function funded(amount: number, prefix = 'eco'): Promise<Member> {
  const member = await signUp(prefix);
  await earn(member.id, amount);
  return member;
}

afterAll(closeEarnings);

describe('who may call the economy routes', () => {
  it.each([
    ['GET', '/wallet'],
    ['GET', '/wallet/transactions'],
    ['POST', '/tips/send'],
    ['POST', '/payments/transfer'],
    ['POST', '/admin/wallets/0123456789abcdef01234567/adjust'],
    ['GET', '/admin/wallets/0123456789abcdef01234567'],
    ['GET', '/admin/ledger/verify'],
    ['POST', '/withdrawals/request'],
    ['GET', '/withdrawals'],
    ['GET', '/admin/withdrawals'],
    ['POST', `/admin/withdrawals/${randomUUID()}/process?action=approve`],
  ])('%s %s needs a token (401)', async (method, path) => {
    const answer = await api(method, path, { body: method === 'POST' ? {} : undefined });
    expect(answer).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('an admin who is not a super admin cannot adjust a wallet', async () => {
    const [member, adminMember] = [await signUp(), await signUpAdmin()];
    expect(await adjust(member.id, { amount: 5, reason: 'gift' }, adminMember.token)).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to do this' },
    });
    expect(await balanceOf(member)).toBe(0);
  });

  it('a member reads only their own wallet; only admins read another’s; only super admins adjust', async () => {
    const [alice, bob] = [await signUp(), await signUp()];
    expect(await wallet(alice)).toMatchObject({
      status: 200,
      body: { aura_coin_balance: 0, usd_equivalent: 0, total_earned: 0 },
    });
    expect((await api('GET', `/admin/wallets/${bob.id}`, { token: alice.token })).status).toBe(403);
    expect(await adjust(bob.id, { amount: 5, reason: 'mine now' }, alice.token)).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to do this' },
    });
    expect((await api('GET', '/admin/ledger/verify', { token: alice.token })).status).toBe(403);
    expect(await balanceOf(bob)).toBe(0);
    expect(await api('GET', `/admin/wallets/${bob.id}`, { token: superAdmin })).toMatchObject({
      status: 200,
      body: { aura_coin_balance: 0 },
    });
  });
});

describe('admin adjustments', () => {
  it('credits and debits a member (never below zero), shown in their history with the reason', async () => {
    const member = await signUp();
    expect(await adjust(member.id, { amount: 12.5, reason: 'Welcome gift' })).toMatchObject({
      status: 200,
      body: { message: `Credited 12.5 AC to @${member.username}`, amount: 12.5, balance: 12.5 },
    });
    expect(await adjust(member.id, { amount: '-2.25', reason: 'Correction' })).toMatchObject({
      status: 200,
      body: { message: `Debited 2.25 AC from @${member.username}`, amount: -2.25, balance: 10.25 },
    });
    expect(await adjust(member.id, { amount: -11, reason: 'Too much' })).toMatchObject({
      status: 400,
      body: { detail: 'Insufficient balance' },
    });
    expect(await adjust(member.id, { amount: 1 })).toMatchObject({
      status: 400,
      body: { detail: 'Please enter a reason' },
    });
    expect(await adjust(member.id, { amount: 0, reason: 'nothing' })).toMatchObject({
      status: 400,
      body: { detail: 'Please enter a valid amount' },
    });
    expect((await adjust('not-a-member', { amount: 1, reason: 'x' })).status).toBe(404);
    expect(await adjust('ffffffffffffffffffffffff', { amount: 1, reason: 'x' })).toMatchObject({
      status: 404,
      body: { detail: 'User not found' },
    });
    const history = await api('GET', '/wallet/transactions', { token: member.token });
    expect(history.status).toBe(200);
    expect(
      history.body.map((t: { description: string; amount: number; transaction_type: string }) => [
        t.description,
        t.amount,
        t.transaction_type,
      ]),
    ).toEqual([
      ['Correction by the Aura team: Correction', -2.25, 'other'],
      ['Credit from the Aura team: Welcome gift', 12.5, 'other'],
    ]);
    expect(await balanceOf(member)).toBe(10.25);
  });
});

describe('Send Energy (POST /tips/send)', () => {
  it('tips a member: the answer names amount, currency and recipient; both wallets and histories show it', async () => {
    const alice = await funded(10);
    const bob = await signUp();
    const answer = await api('POST', '/tips/send', {
      token: alice.token,
      body: { recipient_id: bob.id, amount: 1.5, currency: 'AC', message: 'Loved your post ✨' },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: `Sent 1.5 AC to @${bob.username}`,
        amount: 1.5,
        currency: 'AC',
        recipient: { id: bob.id, username: bob.username },
        balance: 8.5,
      },
    });
    expect((await wallet(alice)).body).toMatchObject({ aura_coin_balance: 8.5, usd_equivalent: 8.5 });
    expect((await wallet(bob)).body).toMatchObject({ aura_coin_balance: 1.5, total_earned: 1.5 });
    const [received] = (await api('GET', '/wallet/transactions', { token: bob.token })).body;
    expect(received).toMatchObject({
      id: answer.body.transfer_id,
      description: `Energy received from @${alice.username}`,
      transaction_type: 'earning',
      amount: 1.5,
      counterparty: { id: alice.id, username: alice.username },
      memo: 'Loved your post ✨',
    });
    const [sent] = (await api('GET', '/wallet/transactions', { token: alice.token })).body;
    expect(sent).toMatchObject({ description: `Energy sent to @${bob.username}`, amount: -1.5 });
  });

  it.each([
    ['USD', { currency: 'USD' }, 400, 'USD is coming soon: only AC can be sent for now'],
    ['no recipient', { recipient_id: undefined }, 400, 'Please select a recipient'],
    ['an empty recipient', { recipient_id: '' }, 400, 'Please select a recipient'],
    ['an amount of 0', { amount: 0 }, 400, 'Please enter a valid amount'],
    ['a negative amount', { amount: -1 }, 400, 'Please enter a valid amount'],
    ['no amount', { amount: undefined }, 400, 'Please enter a valid amount'],
    ['a text amount', { amount: 'lots' }, 400, 'Please enter a valid amount'],
    ['less than 0.001', { amount: 0.0005 }, 400, 'The minimum amount is 0.001 AC'],
    ['more than the balance', { amount: 3.001 }, 400, 'Insufficient balance'],
    ['a 201-character message', { message: 'x'.repeat(201) }, 400, 'Message must be at most 200 characters'],
    ['an unknown member', { recipient_id: 'ffffffffffffffffffffffff' }, 404, 'User not found'],
    ['an amount object', { amount: { ac: 1 } }, 422, 'amount must be a number'],
    ['a number recipient', { recipient_id: 42 }, 422, 'recipient_id must be a string'],
  ])('refuses %s (%p) with %p and moves nothing', async (_label, change, status, detail) => {
    const alice = await funded(3);
    const bob = await signUp();
    const body = { recipient_id: bob.id, amount: 1, currency: 'AC', message: '', ...change };
    expect(await api('POST', '/tips/send', { token: alice.token, body })).toMatchObject({
      status,
      body: { detail },
    });
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([3, 0]);
  });

  it('refuses a tip to yourself', async () => {
    const alice = await funded(3);
    const answer = await api('POST', '/tips/send', {
      token: alice.token,
      body: { recipient_id: alice.id, amount: 1 },
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: 'You cannot send AuraCoins to yourself' } });
  });

  it('sends exactly 0.001 AC and amounts written as strings', async () => {
    const alice = await funded(1);
    const bob = await signUp();
    for (const amount of [0.001, '0.25'])
      expect(
        (await api('POST', '/tips/send', { token: alice.token, body: { recipient_id: bob.id, amount } }))
          .status,
      ).toBe(200);
    expect((await wallet(bob)).body.aura_coin_balance_micro).toBe(251_000);
  });
});

describe('Send AuraCoins (POST /payments/transfer)', () => {
  it('transfers, answers a message, and is a transfer in both histories', async () => {
    const alice = await funded(5);
    const bob = await signUp();
    const answer = await api('POST', '/payments/transfer', {
      token: alice.token,
      body: { recipient_id: bob.id, amount: 2, message: 'rent' },
    });
    expect(answer).toMatchObject({ status: 200, body: { message: `Sent 2 AC to @${bob.username}` } });
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([3, 2]);
    const [received] = (await api('GET', '/wallet/transactions', { token: bob.token })).body;
    expect(received).toMatchObject({ transaction_type: 'transfer', amount: 2, memo: 'rent' });
  });

  it('honours Idempotency-Key: a retry moves money once and answers the same; another body is 409', async () => {
    const alice = await funded(5);
    const bob = await signUp();
    const headers = { 'Idempotency-Key': randomUUID() };
    const body = { recipient_id: bob.id, amount: 1 };
    const first = await api('POST', '/payments/transfer', { token: alice.token, body, headers });
    const again = await api('POST', '/payments/transfer', { token: alice.token, body, headers });
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([4, 1]);
    const other = await api('POST', '/payments/transfer', {
      token: alice.token,
      body: { ...body, amount: 2 },
      headers,
    });
    expect(other).toMatchObject({
      status: 409,
      body: { detail: 'This Idempotency-Key was already used for a different request' },
    });
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([4, 1]);
  });

  it('concurrent transfers never take a balance below zero', async () => {
    const alice = await funded(3);
    const bob = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api('POST', '/payments/transfer', { token: alice.token, body: { recipient_id: bob.id, amount: 1 } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(
      answers.filter((a) => a.status === 400).every((a) => a.body.detail === 'Insufficient balance'),
    ).toBe(true);
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([0, 3]);
  });
});

describe('history', () => {
  it('is a JSON array, newest first, paged with X-Next-Cursor', async () => {
    const member = await signUp();
    for (const amount of [1, 2, 3]) await adjust(member.id, { amount, reason: `credit ${amount}` });
    const first = await api('GET', '/wallet/transactions?limit=2', { token: member.token });
    expect(first.body.map((t: { amount: number }) => t.amount)).toEqual([3, 2]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await api('GET', `/wallet/transactions?limit=2&cursor=${cursor}`, { token: member.token });
    expect(second.body.map((t: { amount: number }) => t.amount)).toEqual([1]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await api('GET', '/wallet/transactions?limit=0', { token: member.token })).status).toBe(422);
  });
});

describe('rewards', () => {
  it('a new post earns its author +0.01 AC, through social’s event', async () => {
    const author = await signUp();
    const post = await api('POST', '/posts', {
      token: author.token,
      body: {
        content: 'Sunrise gratitude #calm',
        content_type: 'text',
        category: 'general',
        is_story: false,
      },
    });
    expect(post.status).toBe(201);
    // The economy may still be reading the topic's history (events from before its ledger pay nothing).
    const deadline = Date.now() + 110_000;
    while ((await balanceOf(author)) === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await wallet(author)).body).toMatchObject({ aura_coin_balance: 0.01, total_earned: 0.01 });
    const [reward] = (await api('GET', '/wallet/transactions', { token: author.token })).body;
    expect(reward).toMatchObject({ description: 'Reward for sharing a post', transaction_type: 'earning' });
  }, 150_000);
});

describe('withdrawals', () => {
  // Every request re-asks for the member's password (newMember's); security.e2e-spec tests its absence.
  const ask = (member: Member, body: object, headers: Record<string, string> = {}) =>
    api('POST', '/withdrawals/request', {
      token: member.token,
      body: { password: newMember().password, ...body },
      headers,
    });
  const processIt = (id: string, query: string, token = superAdmin) =>
    api('POST', `/admin/withdrawals/${id}/process?${query}`, { token });
  const ONE_PENDING = 'You already have a pending withdrawal request. Only one pending request at a time.';

  it('refuses every broken rule with the spec’s message, and moves nothing', async () => {
    const member = await funded(12);
    for (const [body, status, detail] of [
      [{ paypal_email: 'me@example.com' }, 400, 'Please enter a valid amount'],
      [{ amount: 'ten', paypal_email: 'me@example.com' }, 400, 'Please enter a valid amount'],
      [{ amount: 9.99, paypal_email: 'me@example.com' }, 400, 'Minimum withdrawal amount is $10'],
      [{ amount: 10, paypal_email: '' }, 400, 'Please enter a valid PayPal email'],
      [{ amount: 10, paypal_email: 'paypal' }, 400, 'Please enter a valid PayPal email'],
      [{ amount: 12.01, paypal_email: 'me@example.com' }, 400, 'Insufficient balance'],
      [{ amount: [10], paypal_email: 'me@example.com' }, 422, 'amount must be a number'],
      [{ amount: 10, paypal_email: 5 }, 422, 'paypal_email must be a string'],
    ] as const)
      expect(await ask(member, body)).toMatchObject({ status, body: { detail } });
    expect(await balanceOf(member)).toBe(12);
    expect(await api('GET', '/withdrawals', { token: member.token })).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it('holds the AC, one pending request at a time, shown in the wallet’s history', async () => {
    const member = await funded(30);
    const asked = await ask(member, { amount: 25, paypal_email: 'me@example.com' });
    expect(asked).toMatchObject({
      status: 200,
      body: {
        message: 'Withdrawal request submitted. It will be processed in 1 to 3 business days.',
        withdrawal: {
          user: { id: member.id, username: member.username },
          paypal_email: 'me@example.com',
          amount: 25,
          amount_ac: 25,
          status: 'pending',
          admin_notes: '',
          processed_at: null,
        },
      },
    });
    expect(await balanceOf(member)).toBe(5);
    expect(await ask(member, { amount: 10, paypal_email: 'me@example.com' })).toMatchObject({
      status: 400,
      body: { detail: ONE_PENDING },
    });
    const mine = await api('GET', '/withdrawals', { token: member.token });
    expect(mine.body).toEqual([
      expect.objectContaining({ id: asked.body.withdrawal.id, amount: 25, status: 'pending' }),
    ]);
    const [hold] = (await api('GET', '/wallet/transactions', { token: member.token })).body;
    expect(hold).toMatchObject({
      description:
        'Withdrawal requested: $25.00 to PayPal (me@example.com) (AuraCoins held until it is processed)',
      transaction_type: 'other',
      amount: -25,
    });
  });

  it('two requests at once: one is pending, the other is told there is one already', async () => {
    const member = await funded(40);
    const answers = await Promise.all([
      ask(member, { amount: 10, paypal_email: 'a@example.com' }),
      ask(member, { amount: 20, paypal_email: 'b@example.com' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body).toEqual({ detail: ONE_PENDING });
    const held = answers.find((a) => a.status === 200)!.body.withdrawal.amount_ac as number;
    expect(await balanceOf(member)).toBe(40 - held);
  });

  it('admins list requests; only super admins process them, pending ones only', async () => {
    const [member, adminMember] = [await funded(25), await signUpAdmin()];
    const { id } = (await ask(member, { amount: 20, paypal_email: 'me@example.com' })).body.withdrawal;
    expect(await api('GET', '/admin/withdrawals', { token: member.token })).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to do this' },
    });
    for (const token of [adminMember.token, superAdmin]) {
      const list = await api('GET', '/admin/withdrawals', { token });
      expect(list.status).toBe(200);
      expect(list.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id,
            user: { id: member.id, username: member.username },
            paypal_email: 'me@example.com',
            amount: 20,
            status: 'pending',
            admin_notes: '',
            created_at: expect.any(String),
          }),
        ]),
      );
    }
    expect((await api('GET', '/admin/withdrawals?status=done', { token: superAdmin })).status).toBe(422);
    for (const token of [member.token, adminMember.token])
      expect(await processIt(id, 'action=approve', token)).toMatchObject({
        status: 403,
        body: { detail: 'You do not have permission to do this' },
      });
    expect(await processIt(id, 'action=accept')).toMatchObject({
      status: 422,
      body: { detail: 'action must be approve or reject' },
    });
    expect(await processIt(id, '')).toMatchObject({ status: 422 });
    expect(await processIt(randomUUID(), 'action=approve')).toMatchObject({
      status: 404,
      body: { detail: 'Withdrawal request not found' },
    });
    expect((await processIt('not-an-id', 'action=approve')).status).toBe(404);
    expect(await balanceOf(member)).toBe(5);

    const approved = await processIt(id, 'action=approve&admin_notes=Paid%20via%20PayPal');
    expect(approved).toMatchObject({
      status: 200,
      body: {
        message: 'Withdrawal approved',
        withdrawal: {
          id,
          status: 'approved',
          admin_notes: 'Paid via PayPal',
          payout_reference: expect.any(String),
        },
      },
    });
    expect(await processIt(id, 'action=reject')).toMatchObject({
      status: 400,
      body: { detail: 'This withdrawal request has already been processed' },
    });
    expect(await balanceOf(member)).toBe(5);
    const [paid] = (await api('GET', '/wallet/transactions', { token: member.token })).body;
    expect(paid.description).toBe('Withdrawal paid out: $20.00 to PayPal (me@example.com)');
  });

  it('a rejection gives the AC back; the member is notified either way', async () => {
    const member = await funded(15);
    const { id } = (await ask(member, { amount: 15, paypal_email: 'me@example.com' })).body.withdrawal;
    expect(await balanceOf(member)).toBe(0);
    expect(await processIt(id, 'action=reject&admin_notes=PayPal%20account%20not%20found')).toMatchObject({
      status: 200,
      body: { message: 'Withdrawal rejected', withdrawal: { status: 'rejected' } },
    });
    expect(await balanceOf(member)).toBe(15);
    const history = (await api('GET', '/wallet/transactions', { token: member.token })).body;
    expect(
      history.slice(0, 2).map((t: { description: string; amount: number }) => [t.description, t.amount]),
    ).toEqual([
      ['Withdrawal rejected: AuraCoins returned to your wallet (PayPal account not found)', 15],
      ['Withdrawal rejected: $15.00 to PayPal (me@example.com)', -15],
    ]);
    const deadline = Date.now() + 60_000;
    let notification: { type: string; title: string; message: string } | undefined;
    while (!notification && Date.now() < deadline) {
      const list = await api('GET', '/notifications?limit=20', { token: member.token });
      notification = (list.body ?? []).find((n: { type: string }) => n.type === 'withdrawal');
      if (!notification) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(notification).toMatchObject({
      title: 'Withdrawal rejected',
      message:
        'Your withdrawal of $15.00 was rejected: PayPal account not found. The 15 AC held for it are back in your wallet.',
    });
    // Decided: a new request may be made.
    expect((await ask(member, { amount: 10, paypal_email: 'me@example.com' })).status).toBe(200);
  }, 90_000);
});

describe('ledger check', () => {
  it('passes for the super admin after everything above', async () => {
    const answer = await api('GET', '/admin/ledger/verify', { token: superAdmin });
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, sum_micro: 0, mismatches: [], negative_balances: [] },
    });
    expect(answer.body.transfers).toBeGreaterThan(10);
  });
});
