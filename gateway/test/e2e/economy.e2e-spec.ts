// The economy through the gateway (HTTP): wallet, history, tips, transfers, admin adjustments and the
// ledger check — who may call what, every rule with its message, and that a refused call moves nothing.
import { randomUUID } from 'node:crypto';
import { api, newMember } from './support/api';

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

async function funded(amount: number, prefix = 'eco'): Promise<Member> {
  const member = await signUp(prefix);
  const answer = await adjust(member.id, { amount, reason: 'test funds' });
  expect(answer.status).toBe(200);
  return member;
}

describe('who may call the economy routes', () => {
  it.each([
    ['GET', '/wallet'],
    ['GET', '/wallet/transactions'],
    ['POST', '/tips/send'],
    ['POST', '/payments/transfer'],
    ['POST', '/admin/wallets/0123456789abcdef01234567/adjust'],
    ['GET', '/admin/wallets/0123456789abcdef01234567'],
    ['GET', '/admin/ledger/verify'],
  ])('%s %s needs a token (401)', async (method, path) => {
    const answer = await api(method, path, { body: method === 'POST' ? {} : undefined });
    expect(answer).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
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
