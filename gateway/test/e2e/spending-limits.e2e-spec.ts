// Spending that cares (issue 23 item 7, docs/spending.md) through the gateway: who may read and change
// the settings, their validation, a first limit and a lowering at once and a raise or a removal after 24
// hours (time passes by moving the pending change's time in the test stack's economy database), the
// daily limit on tips, transfers, marketplace and genie purchases (nothing moves when it refuses), the
// pause after two low check-ins in identity, the member's yes (confirm_pause), the cooling-off, and the
// ledger check at the end.
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { closeEarnings, earn } from '@aura/platform/testing';
import { api, newMember } from './support/api';

interface Member {
  id: string;
  username: string;
  token: string;
}

let superAdmin: string;
let mongo: MongoClient;
const spendingSettings = () =>
  mongo.db(`aura_economy_${process.env.AURA_DB_SUFFIX || 'test'}`).collection('spending_settings');

beforeAll(async () => {
  const login = await api('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
  });
  expect(login.status).toBe(200);
  superAdmin = login.body.access_token;
  mongo = await MongoClient.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
});

afterAll(async () => {
  closeEarnings();
  await mongo?.close();
});

async function signUp(prefix = 'spend'): Promise<Member> {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', { body: member });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, username: member.username, token: answer.body.access_token };
}

async function funded(amount: number): Promise<Member> {
  const member = await signUp();
  await earn(member.id, amount);
  return member;
}

const settingsOf = (member: Member) => api('GET', '/wallet/spending-settings', { token: member.token });
const change = (member: Member, body: unknown) =>
  api('PUT', '/wallet/spending-settings', { token: member.token, body });
const coolOff = (member: Member) =>
  api('POST', '/wallet/spending-settings/cooling-off', { token: member.token });
const balanceOf = async (member: Member) =>
  (await api('GET', '/wallet', { token: member.token })).body.aura_coin_balance_micro as number;
const tip = (
  from: Member,
  to: Member,
  amount: number,
  extra: Record<string, unknown> = {},
  key = randomUUID(),
) =>
  api('POST', '/tips/send', {
    token: from.token,
    body: { recipient_id: to.id, amount, currency: 'AC', ...extra },
    headers: { 'idempotency-key': key },
  });
const transfer = (from: Member, to: Member, amount: number, extra: Record<string, unknown> = {}) =>
  api('POST', '/payments/transfer', {
    token: from.token,
    body: { recipient_id: to.id, amount, ...extra },
    headers: { 'idempotency-key': randomUUID() },
  });
const bottles = (member: Member, extra: Record<string, unknown> = {}) =>
  api('POST', '/genies/purchase-bottle', {
    token: member.token,
    body: { quantity: 1, ...extra },
    headers: { 'idempotency-key': randomUUID() },
  });
const buy = (member: Member, itemId: string, body?: unknown) =>
  api('POST', `/marketplace/purchase/${itemId}`, {
    token: member.token,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
const checkIn = (member: Member, mood: string, energy_level: number) =>
  api('POST', '/profile/mood-checkin', { token: member.token, body: { mood, energy_level } });

/** A marketplace item of the catalogue costing `price` AC or less. */
async function itemAtMost(
  member: Member,
  price: number,
): Promise<{ id: string; price: number; name: string }> {
  const items = (await api('GET', '/marketplace/items', { token: member.token })).body as {
    id: string;
    price: number;
    name: string;
  }[];
  const item = items.filter((entry) => entry.price <= price).sort((a, b) => b.price - a.price)[0];
  if (!item) throw new Error(`no item of at most ${price} AC`);
  return item;
}

/** Time passes for the member's pending changes: each is now due (as 24 hours later). */
async function passTheDay(member: Member) {
  const past = new Date(Date.now() - 1000);
  const doc = await spendingSettings().findOne({ _id: member.id as never });
  const set: Record<string, unknown> = {};
  if (doc?.pending_daily_limit) set['pending_daily_limit.effective_at'] = past;
  if (doc?.pending_pause_threshold) set['pending_pause_threshold.effective_at'] = past;
  if (Object.keys(set).length > 0)
    await spendingSettings().updateOne({ _id: member.id as never }, { $set: set });
}

describe('who may read and change the settings', () => {
  it.each([
    ['GET', '/wallet/spending-settings'],
    ['PUT', '/wallet/spending-settings'],
    ['POST', '/wallet/spending-settings/cooling-off'],
  ])('%s %s needs a signed-in member', async (method, path) => {
    expect(
      (await api(method, path, { body: method === 'PUT' ? { daily_limit: 5 } : undefined })).status,
    ).toBe(401);
    expect((await api(method, path, { token: 'not-a-token' })).status).toBe(401);
  });

  it('each member reads and changes only their own; a new member has none', async () => {
    const [alice, bob] = [await signUp(), await signUp()];
    const fresh = await settingsOf(bob);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      daily_limit: null,
      pause_threshold: null,
      pending_daily_limit: null,
      pending_pause_threshold: null,
      spent_today: 0,
      left_today: null,
      cooling_off_until: null,
      low_mood: false,
    });
    expect(Date.parse(fresh.body.day_resets_at)).toBeGreaterThan(Date.now());
    expect((await change(alice, { daily_limit: 30, pause_threshold: 5 })).status).toBe(200);
    expect((await settingsOf(bob)).body).toMatchObject({ daily_limit: null, pause_threshold: null });
    expect((await settingsOf(alice)).body).toMatchObject({
      daily_limit: 30,
      pause_threshold: 5,
      left_today: 30,
    });
    // Nothing in the API names another member's settings: even a super admin reads only their own.
    expect(
      (await api('GET', '/wallet/spending-settings', { token: superAdmin })).body.daily_limit,
    ).toBeNull();
  });

  it('validates what it is given (422), and changes nothing then', async () => {
    const member = await signUp();
    for (const body of [
      { daily_limit: 'lots' },
      { daily_limit: -1 },
      { daily_limit: true },
      { pause_threshold: 0.0001 },
      { pause_threshold: 1_000_001 },
      { daily_limit: [5] },
    ]) {
      const answer = await change(member, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 422 });
      expect(typeof answer.body.detail).toBe('string');
    }
    expect((await settingsOf(member)).body.daily_limit).toBeNull();
    expect((await change(member, { daily_limit: '12.5', pause_threshold: 0 })).body).toMatchObject({
      daily_limit: 12.5,
      pause_threshold: 0,
    });
  });
});

describe('changing a limit', () => {
  it('a first limit and a lower one take effect at once; a raise and a removal after 24 hours', async () => {
    const member = await signUp();
    expect((await change(member, { daily_limit: 50 })).body).toMatchObject({
      daily_limit: 50,
      pending_daily_limit: null,
    });
    expect((await change(member, { daily_limit: 20 })).body).toMatchObject({
      daily_limit: 20,
      pending_daily_limit: null,
    });
    const asked = Date.now();
    const raised = await change(member, { daily_limit: 80, pause_threshold: 10 });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({
      daily_limit: 20,
      pause_threshold: 10,
      pending_daily_limit: { value: 80 },
    });
    const due = Date.parse(raised.body.pending_daily_limit.effective_at);
    expect(due - asked).toBeGreaterThan(24 * 3600_000 - 5_000);
    expect(due - asked).toBeLessThan(24 * 3600_000 + 60_000);
    const removal = await change(member, { pause_threshold: null });
    expect(removal.body).toMatchObject({ pause_threshold: 10, pending_pause_threshold: { value: null } });

    await passTheDay(member);
    expect((await settingsOf(member)).body).toMatchObject({
      daily_limit: 80,
      pause_threshold: null,
      pending_daily_limit: null,
      pending_pause_threshold: null,
    });
  });
});

describe('the daily limit, enforced on the server', () => {
  it('refuses a tip, a transfer or a purchase over it, with the limit and what is left; nothing moves', async () => {
    const alice = await funded(400);
    const bob = await signUp();
    await change(alice, { daily_limit: 30 });
    expect((await tip(alice, bob, 10)).status).toBe(200);
    expect((await transfer(alice, bob, 5)).status).toBe(200);
    expect((await settingsOf(alice)).body).toMatchObject({ spent_today: 15, left_today: 15 });
    const before = await balanceOf(alice);

    const refusal = await tip(alice, bob, 20);
    expect(refusal).toMatchObject({
      status: 400,
      body: {
        detail: 'This would go over your daily spending limit of 30 AC: 15 AC left today.',
        code: 'daily_limit_reached',
      },
    });
    expect((await transfer(alice, bob, 16)).body).toMatchObject({ code: 'daily_limit_reached' });
    const pricey = await itemAtMost(alice, 400);
    expect(pricey.price).toBeGreaterThan(15);
    expect(await buy(alice, pricey.id)).toMatchObject({ status: 400, body: { code: 'daily_limit_reached' } });
    expect(await bottles(alice)).toMatchObject({ status: 400, body: { code: 'daily_limit_reached' } });
    expect(await balanceOf(alice)).toBe(before);

    // A raise waits 24 hours: until then the limit holds; after it, the same tip goes through.
    expect((await change(alice, { daily_limit: 100 })).body).toMatchObject({ daily_limit: 30 });
    expect((await tip(alice, bob, 20)).status).toBe(400);
    await passTheDay(alice);
    expect((await tip(alice, bob, 20)).status).toBe(200);
    expect((await settingsOf(alice)).body).toMatchObject({
      daily_limit: 100,
      spent_today: 35,
      left_today: 65,
    });
  });

  it('counts purchases: a marketplace item and genie bottles are spending too', async () => {
    const alice = await funded(400);
    const item = await itemAtMost(alice, 50);
    const bottlePrice = (await api('GET', '/genies/bottles', { token: alice.token })).body.price as number;
    await change(alice, { daily_limit: item.price + bottlePrice });
    expect((await buy(alice, item.id)).status).toBe(200);
    expect((await bottles(alice)).status).toBe(200);
    expect((await settingsOf(alice)).body).toMatchObject({
      spent_today: item.price + bottlePrice,
      left_today: 0,
    });
    expect(await tip(alice, await signUp(), 0.001)).toMatchObject({
      status: 400,
      body: {
        detail: `You have reached your daily spending limit of ${item.price + bottlePrice} AC. It starts again at midnight UTC.`,
      },
    });
  });
});

describe('the pause after two low check-ins', () => {
  async function lowMember() {
    const member = await funded(800);
    expect((await change(member, { pause_threshold: 10 })).status).toBe(200);
    expect((await checkIn(member, 'sad', 6)).status).toBe(201);
    expect((await settingsOf(member)).body.low_mood).toBe(false);
    expect((await checkIn(member, 'happy', 2)).status).toBe(201);
    expect((await settingsOf(member)).body.low_mood).toBe(true);
    return member;
  }

  it('asks before a tip, a transfer or a purchase above the threshold; the member’s yes sends it', async () => {
    const alice = await lowMember();
    const bob = await signUp();
    const before = await balanceOf(alice);
    const key = randomUUID();
    expect(await tip(alice, bob, 25, {}, key)).toMatchObject({
      status: 409,
      body: { detail: 'Take a breath — still want to send 25 AC?', code: 'pause_required' },
    });
    expect(await transfer(alice, bob, 12.5)).toMatchObject({
      status: 409,
      body: { detail: 'Take a breath — still want to send 12.5 AC?', code: 'pause_required' },
    });
    const item = (await api('GET', '/marketplace/items', { token: alice.token })).body.find(
      (entry: { price: number }) => entry.price > 10,
    ) as { id: string; price: number };
    expect(await buy(alice, item.id)).toMatchObject({
      status: 409,
      body: { detail: `Take a breath — still want to spend ${item.price} AC?`, code: 'pause_required' },
    });
    expect(await bottles(alice)).toMatchObject({ status: 409, body: { code: 'pause_required' } });
    expect(await balanceOf(alice)).toBe(before);

    // Yes: the same tip (even under the same key: nothing was stored), the transfer, the purchases.
    expect((await tip(alice, bob, 25, { confirm_pause: true }, key)).status).toBe(200);
    expect((await transfer(alice, bob, 12.5, { confirm_pause: true })).status).toBe(200);
    expect((await buy(alice, item.id, { confirm_pause: true })).status).toBe(200);
    expect((await bottles(alice, { confirm_pause: true })).status).toBe(200);
    // At or below the threshold nothing asks.
    expect((await tip(alice, bob, 10)).status).toBe(200);
    // A check-in that is not low ends it: the last two are no longer both low.
    expect((await checkIn(alice, 'excited', 8)).status).toBe(201);
    expect((await tip(alice, bob, 25)).status).toBe(200);
    expect(await buy(alice, item.id, { confirm_pause: 'yes' })).toMatchObject({ status: 422 });
  });

  it('“Wait 10 minutes”: spends above the threshold are refused until then, even confirmed', async () => {
    const alice = await lowMember();
    const bob = await signUp();
    const started = await coolOff(alice);
    expect(started.status).toBe(200);
    const until = Date.parse(started.body.cooling_off_until);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const waiting = await tip(alice, bob, 25, { confirm_pause: true });
    expect(waiting).toMatchObject({ status: 409, body: { code: 'cooling_off' } });
    const hhmm = new Date(until).toISOString().slice(11, 16);
    expect(waiting.body.detail).toMatch(
      new RegExp(
        `^You chose to wait: spending over 10 AC is paused until ${hhmm} UTC \\((10|9) more minutes\\)\\.$`,
      ),
    );
    expect((await tip(alice, bob, 5)).status).toBe(200);
    // The ten minutes pass.
    await spendingSettings().updateOne(
      { _id: alice.id as never },
      { $set: { cooling_off_until: new Date(Date.now() - 1000) } },
    );
    expect((await settingsOf(alice)).body.cooling_off_until).toBeNull();
    expect((await tip(alice, bob, 25)).body.code).toBe('pause_required');
    expect((await tip(alice, bob, 25, { confirm_pause: true })).status).toBe(200);
  });
});

describe('afterwards', () => {
  it('the ledger is sound', async () => {
    const report = await api('GET', '/admin/ledger/verify', { token: superAdmin });
    expect(report).toMatchObject({ status: 200, body: { ok: true, sum_micro: 0, mismatches: [] } });
  });
});
