// Genies through the gateway (HTTP), issue 8's rules: the catalogue and its artwork, bottle
// purchases (quantity 1-10, a short wallet, a replayed Idempotency-Key), reveals, ownership of
// nickname / feature / send, claims paying once, permanent gifts, the super admin's bottle price —
// every refused call moves nothing — and the ledger check after all of it.
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { api, newMember } from './support/api';

interface Member {
  id: string;
  username: string;
  token: string;
}

const QUANTITY_RULE = 'Quantity must be a whole number from 1 to 10';
const PRICE_RULE = 'Genie bottle price must be between 50 and 1000 AuraCoin';
const RARITIES = ['general', 'common', 'uncommon', 'rare', 'legendary', 'cosmic'];
const RATES: Record<string, number> = {
  general: 1,
  common: 20,
  uncommon: 50,
  rare: 150,
  legendary: 250,
  cosmic: 300,
};
const DAY_MS = 86_400_000;

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

async function signUp(prefix = 'gen'): Promise<Member> {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', { body: member });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, username: member.username, token: answer.body.access_token };
}

async function funded(amount: number, prefix = 'gen'): Promise<Member> {
  const member = await signUp(prefix);
  const answer = await api('POST', `/admin/wallets/${member.id}/adjust`, {
    token: superAdmin,
    body: { amount, reason: 'test funds' },
  });
  expect(answer.status).toBe(200);
  return member;
}

const balanceOf = async (member: Member) =>
  (await api('GET', '/wallet', { token: member.token })).body.aura_coin_balance_micro as number;
const buy = (member: Member, quantity: unknown, key: string = randomUUID()) =>
  api('POST', '/genies/purchase-bottle', {
    token: member.token,
    body: { quantity },
    headers: { 'idempotency-key': key },
  });
const reveal = (member: Member) => api('POST', '/genies/reveal-bottle', { token: member.token });
const collection = async (member: Member) =>
  (await api('GET', '/genies/collection', { token: member.token })).body;

/** Moves a member's genies' accrual start back by `ms` in the test stack's genies database (time passing). */
async function age(ownerId: string, ms: number) {
  const client = await MongoClient.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
  try {
    const genies = client.db(`aura_genies_${process.env.AURA_DB_SUFFIX || 'test'}`).collection('user_genies');
    for (const doc of await genies.find({ owner_id: ownerId }).toArray())
      await genies.updateOne(
        { _id: doc._id },
        { $set: { accrual_from: new Date(doc.accrual_from.getTime() - ms) } },
      );
  } finally {
    await client.close();
  }
}

/** The first truthy answer of `probe` within 20 s. */
async function eventually<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A gift: genies learns usernames from identity's events, so a brand-new recipient may take a moment. */
async function send(from: Member, userGenieId: string, body: unknown) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await api('POST', `/genies/${userGenieId}/send`, { token: from.token, body });
    if (answer.status !== 404 || answer.body.detail !== 'User not found' || Date.now() > deadline)
      return answer;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('who may call the genie routes', () => {
  const someGenie = randomUUID();
  it.each([
    ['GET', '/genies/available'],
    ['GET', '/genies/bottles'],
    ['POST', '/genies/purchase-bottle'],
    ['POST', '/genies/reveal-bottle'],
    ['GET', '/genies/collection'],
    ['GET', '/genies/stats'],
    ['POST', '/genies/claim-earnings'],
    ['PUT', `/genies/${someGenie}/nickname`],
    ['POST', `/genies/${someGenie}/set-featured`],
    ['POST', `/genies/${someGenie}/send`],
    ['GET', '/genies/0123456789abcdef01234567/featured'],
    ['GET', '/users/0123456789abcdef01234567/genies'],
    ['POST', '/admin/settings/genie-bottle-price'],
  ])('%s %s needs a token (401)', async (method, path) => {
    expect((await api(method, path)).status).toBe(401);
  });
});

describe('the catalogue', () => {
  it('lists at least two genies of every rarity at the shop rates, with artwork served as media', async () => {
    const member = await signUp();
    const answer = await api('GET', '/genies/available', { token: member.token });
    expect(answer.status).toBe(200);
    for (const rarity of RARITIES) {
      const ofRarity = answer.body.filter((g: { rarity: string }) => g.rarity === rarity);
      expect(ofRarity.length).toBeGreaterThanOrEqual(2);
      for (const genie of ofRarity) {
        expect(genie).toMatchObject({
          daily_earning_rate: RATES[rarity],
          animation_type: expect.any(String),
        });
        expect(genie.name && genie.description).toBeTruthy();
      }
    }
    const genie = answer.body[0];
    const image = await fetch(`${process.env.AURA_BASE_URL ?? 'http://127.0.0.1:18080'}${genie.image_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');
    const missing = await fetch(
      `${process.env.AURA_BASE_URL ?? 'http://127.0.0.1:18080'}/api/media/genies/${randomUUID()}.svg`,
    );
    expect(missing.status).toBe(404);
  });
});

describe('bottles', () => {
  it('answers the bottles owned and the price', async () => {
    const member = await signUp();
    expect(await api('GET', '/genies/bottles', { token: member.token })).toMatchObject({
      status: 200,
      body: { bottles_owned: 0, price: 300, bottle_price: 300 },
    });
  });

  it.each([[0], [11], ['abc'], [2.5], [-1], [null]])(
    'refuses quantity %p (400) and charges nothing',
    async (quantity) => {
      const member = await funded(5000);
      expect(await buy(member, quantity)).toMatchObject({ status: 400, body: { detail: QUANTITY_RULE } });
      expect(await balanceOf(member)).toBe(5000_000_000);
    },
  );

  it('refuses a purchase the wallet cannot pay with the spec message, moving nothing', async () => {
    const member = await funded(500);
    expect(await buy(member, 2)).toMatchObject({
      status: 400,
      body: { detail: 'Insufficient AuraCoin balance!' },
    });
    expect(await balanceOf(member)).toBe(500_000_000);
    expect((await api('GET', '/genies/bottles', { token: member.token })).body.bottles_owned).toBe(0);
  });

  it('charges price × quantity once per Idempotency-Key', async () => {
    const member = await funded(1000);
    const key = randomUUID();
    const first = await buy(member, 3, key);
    expect(first).toMatchObject({
      status: 200,
      body: {
        quantity: 3,
        cost: 900,
        bottles_owned: 3,
        message: 'Purchased 3 Genie bottles for 900.0 AuraCoin',
      },
    });
    expect(await buy(member, 3, key)).toMatchObject({ status: 200, body: { bottles_owned: 3 } });
    expect(await balanceOf(member)).toBe(100_000_000);
    const history = await api('GET', '/wallet/transactions', { token: member.token });
    expect(history.body[0]).toMatchObject({ transaction_type: 'spending', amount: -900 });
  });

  it('reveals nothing without a bottle', async () => {
    const member = await signUp();
    expect(await reveal(member)).toMatchObject({
      status: 400,
      body: { detail: 'You have no bottles to reveal' },
    });
  });
});

describe('a genie of one’s own', () => {
  it('is revealed from a bottle, listed, counted, and only its owner may nickname, feature or send it', async () => {
    const owner = await funded(300);
    const other = await signUp();
    expect((await buy(owner, 1)).status).toBe(200);
    const revealed = await reveal(owner);
    expect(revealed.status).toBe(200);
    const genie = revealed.body;
    expect(genie).toMatchObject({
      id: expect.any(String),
      genie: { name: expect.any(String), rarity: expect.any(String) },
      is_featured: false,
      received_as_gift: false,
    });
    expect(RARITIES).toContain(genie.rarity);
    expect(genie.daily_earning_rate).toBe(RATES[genie.rarity]);
    expect((await api('GET', '/genies/bottles', { token: owner.token })).body.bottles_owned).toBe(0);
    expect((await collection(owner)).map((g: { id: string }) => g.id)).toEqual([genie.id]);
    const stats = await api('GET', '/genies/stats', { token: owner.token });
    expect(stats.body).toMatchObject({ total_genies: 1, bottles_owned: 0, bottle_price: 300 });
    expect(stats.body.genies_by_rarity[genie.rarity]).toBe(1);

    // Someone else's genie: 404, and nothing changes.
    expect(
      await api('PUT', `/genies/${genie.id}/nickname`, {
        token: other.token,
        body: { nickname: 'Mine now' },
      }),
    ).toMatchObject({ status: 404, body: { detail: 'Genie not found' } });
    expect(await api('POST', `/genies/${genie.id}/set-featured`, { token: other.token })).toMatchObject({
      status: 404,
    });
    expect(await send(other, genie.id, { recipient_username: owner.username, message: '' })).toMatchObject({
      status: 404,
      body: { detail: 'Genie not found' },
    });
    expect(
      await api('PUT', '/genies/not-a-genie/nickname', { token: owner.token, body: { nickname: 'x' } }),
    ).toMatchObject({
      status: 404,
    });
    expect((await collection(owner))[0]).toMatchObject({ id: genie.id, nickname: null, is_featured: false });

    // The owner may.
    expect(
      await api('PUT', `/genies/${genie.id}/nickname`, { token: owner.token, body: { nickname: 'Sparky' } }),
    ).toMatchObject({ status: 200, body: { nickname: 'Sparky' } });
    expect(await api('POST', `/genies/${genie.id}/set-featured`, { token: owner.token })).toMatchObject({
      status: 200,
      body: { genie: { id: genie.id, is_featured: true } },
    });
    expect(await api('GET', `/genies/${owner.id}/featured`, { token: other.token })).toMatchObject({
      status: 200,
      body: { id: genie.id, nickname: 'Sparky', genie: { name: genie.genie.name, rarity: genie.rarity } },
    });
    expect((await api('GET', `/users/${owner.id}/genies`, { token: other.token })).body).toHaveLength(1);
    // The public profile carries it too.
    expect(await api('GET', `/users/${owner.id}/profile`, { token: other.token })).toMatchObject({
      status: 200,
      body: { featured_genie: { id: genie.id, nickname: 'Sparky', genie: { rarity: genie.rarity } } },
    });
    expect(
      (await api('GET', `/users/${other.id}/profile`, { token: owner.token })).body.featured_genie,
    ).toBeNull();
    expect(await api('GET', `/genies/${other.id}/featured`, { token: owner.token })).toMatchObject({
      status: 404,
    });
  });
});

describe('earnings', () => {
  it('pays a day of earnings once: claiming twice in a row pays the day once', async () => {
    const member = await funded(300);
    await buy(member, 1);
    const genie = (await reveal(member)).body;
    await age(member.id, DAY_MS);
    const before = await balanceOf(member);
    const first = await api('POST', '/genies/claim-earnings', { token: member.token });
    expect(first.status).toBe(200);
    expect(first.body.amount).toBeGreaterThanOrEqual(genie.daily_earning_rate);
    expect(first.body.message).toMatch(/^Claimed /);
    const second = await api('POST', '/genies/claim-earnings', { token: member.token });
    expect(second.status).toBe(200);
    const rateMicro = genie.daily_earning_rate * 1_000_000;
    // The second claim pays only the milliseconds since the first, never the day again.
    const paid = (await balanceOf(member)) - before;
    expect(paid).toBeGreaterThanOrEqual(rateMicro);
    expect(paid).toBeLessThan(rateMicro + rateMicro / 1000);
    expect(second.body.amount).toBeLessThan(genie.daily_earning_rate / 1000 + 0.001);
    const stats = (await api('GET', '/genies/stats', { token: member.token })).body;
    expect(stats.lifetime_earnings).toBeGreaterThanOrEqual(genie.daily_earning_rate);
    const history = await api('GET', '/wallet/transactions', { token: member.token });
    expect(history.body[0]).toMatchObject({ transaction_type: 'earning' });
    // messaging notifies the claim (genie_earning, with the AC earned).
    const notified = await eventually(async () =>
      (await api('GET', '/notifications', { token: member.token })).body.find(
        (n: { type: string; metadata?: { aura_coins_earned?: number } }) =>
          n.type === 'genie_earning' && (n.metadata?.aura_coins_earned ?? 0) >= genie.daily_earning_rate,
      ),
    );
    expect(notified).toMatchObject({ title: 'Genie earnings claimed' });
  });
});

describe('gifts', () => {
  it('are permanent: the recipient owns it, it is unfeatured, and a received genie cannot be sent on', async () => {
    const sender = await funded(300);
    const recipient = await signUp();
    const third = await signUp();
    await buy(sender, 1);
    const genie = (await reveal(sender)).body;
    await api('POST', `/genies/${genie.id}/set-featured`, { token: sender.token });

    expect(await send(sender, genie.id, { recipient_username: '', message: '' })).toMatchObject({
      status: 400,
      body: { detail: 'Please select a genie and enter recipient username' },
    });
    expect(
      await send(sender, genie.id, { recipient_username: recipient.username, message: 'x'.repeat(201) }),
    ).toMatchObject({ status: 400, body: { detail: 'Message must be at most 200 characters' } });
    expect(await send(sender, genie.id, { recipient_username: sender.username, message: '' })).toMatchObject({
      status: 400,
      body: { detail: 'You cannot send a genie to yourself' },
    });

    const sent = await send(sender, genie.id, { recipient_username: recipient.username, message: 'For you' });
    expect(sent).toMatchObject({
      status: 200,
      body: { recipient_id: recipient.id, recipient_username: recipient.username },
    });
    expect(await collection(sender)).toEqual([]);
    expect(await api('GET', `/genies/${sender.id}/featured`, { token: sender.token })).toMatchObject({
      status: 404,
    });
    expect(
      (await api('GET', `/users/${sender.id}/profile`, { token: recipient.token })).body.featured_genie,
    ).toBeNull();
    expect(await collection(recipient)).toEqual([
      expect.objectContaining({ id: genie.id, received_as_gift: true, is_featured: false }),
    ]);
    const gift = await eventually(async () =>
      (await api('GET', '/notifications', { token: recipient.token })).body.find(
        (n: { title: string }) => n.title === 'You received a Genie',
      ),
    );
    expect(gift).toMatchObject({ type: 'system', from_user: { id: sender.id } });

    expect(
      await send(recipient, genie.id, { recipient_username: third.username, message: '' }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'A genie received as a gift cannot be sent again' },
    });
    expect(await collection(third)).toEqual([]);
    // Nor can the first owner send it again: it is not theirs any more.
    expect(await send(sender, genie.id, { recipient_username: third.username, message: '' })).toMatchObject({
      status: 404,
    });
  }, 60_000);
});

describe('the bottle price', () => {
  it('is set by a super admin only, 50-1000 AC, and persists', async () => {
    const member = await funded(1000);
    expect(
      await api('POST', '/admin/settings/genie-bottle-price', { token: member.token, body: { price: 100 } }),
    ).toMatchObject({ status: 403 });
    for (const price of [49, 1001, 0, 'abc', null])
      expect(
        await api('POST', '/admin/settings/genie-bottle-price', { token: superAdmin, body: { price } }),
      ).toMatchObject({ status: 400, body: { detail: PRICE_RULE } });
    expect((await api('GET', '/genies/bottles', { token: member.token })).body.price).toBe(300);
    try {
      expect(
        await api('POST', '/admin/settings/genie-bottle-price', { token: superAdmin, body: { price: 250 } }),
      ).toMatchObject({ status: 200, body: { price: 250 } });
      expect((await api('GET', '/genies/bottles', { token: member.token })).body.price).toBe(250);
      expect(await buy(member, 2)).toMatchObject({ status: 200, body: { cost: 500 } });
      expect(await balanceOf(member)).toBe(500_000_000);
    } finally {
      await api('POST', '/admin/settings/genie-bottle-price', { token: superAdmin, body: { price: 300 } });
    }
  });
});

describe('ledger check', () => {
  it('passes after every genie purchase, claim and refusal above', async () => {
    const answer = await api('GET', '/admin/ledger/verify', { token: superAdmin });
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, sum_micro: 0, mismatches: [], negative_balances: [] },
    });
  });
});
