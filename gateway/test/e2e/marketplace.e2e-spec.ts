// The marketplace through the gateway (HTTP): the public categories, the items with the caller's flags,
// purchases (a short balance, owning twice, concurrent purchases, Idempotency-Key), My Purchases,
// apply/remove and a member's applied items — who may call what, every rule with its message, that a
// refused call moves nothing, and that the ledger check passes after all of it.
import { randomUUID } from 'node:crypto';
import { api, newMember } from './support/api';

interface Member {
  id: string;
  username: string;
  token: string;
}

interface Item {
  id: string;
  name: string;
  category: string;
  price: number;
  is_owned: boolean;
  is_active_on_profile: boolean;
}

async function signUp(prefix = 'mkt'): Promise<Member> {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', { body: member });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, username: member.username, token: answer.body.access_token };
}

let superAdmin: string;
let catalogue: Item[];

beforeAll(async () => {
  const login = await api('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
  });
  expect(login.status).toBe(200);
  superAdmin = login.body.access_token;
  const someone = await signUp();
  catalogue = (await api('GET', '/marketplace/items', { token: someone.token })).body as Item[];
});

const byName = (name: string) => {
  const item = catalogue.find((entry) => entry.name === name);
  if (!item) throw new Error(`no item ${name}`);
  return item;
};
const balanceOf = async (member: Member) =>
  (await api('GET', '/wallet', { token: member.token })).body.aura_coin_balance as number;
const items = async (member: Member) =>
  (await api('GET', '/marketplace/items', { token: member.token })).body as Item[];
const purchase = (member: Member, id: string, key?: string) =>
  api('POST', `/marketplace/purchase/${id}`, {
    token: member.token,
    headers: key ? { 'idempotency-key': key } : {},
  });
const apply = (member: Member, id: string) =>
  api('POST', `/marketplace/items/${id}/apply`, { token: member.token });
const remove = (member: Member, id: string) =>
  api('DELETE', `/marketplace/items/${id}/apply`, { token: member.token });
const applied = (viewer: Member, userId: string) =>
  api('GET', `/users/${userId}/applied-items`, { token: viewer.token });

async function funded(amount: number): Promise<Member> {
  const member = await signUp();
  const answer = await api('POST', `/admin/wallets/${member.id}/adjust`, {
    token: superAdmin,
    body: { amount, reason: 'test funds' },
  });
  expect(answer.status).toBe(200);
  return member;
}

describe('who may call the marketplace routes', () => {
  it('the categories are public (the seven, in order), and tolerate an invalid bearer header', async () => {
    const expected = [
      { id: 'animations', name: 'Animations' },
      { id: 'color_schemes', name: 'Color Schemes' },
      { id: 'banner_packs', name: 'Banner Packs' },
      { id: 'badges', name: 'Badges' },
      { id: 'profile_fonts', name: 'Profile Fonts' },
      { id: 'ring_colors', name: 'Ring Colors' },
      { id: 'profile_effects', name: 'Profile Effects' },
    ];
    expect(await api('GET', '/marketplace/categories')).toMatchObject({ status: 200, body: expected });
    expect(await api('GET', '/marketplace/categories', { token: 'not-a-token' })).toMatchObject({
      status: 200,
      body: expected,
    });
  });

  it.each([
    ['GET', '/marketplace/items'],
    ['GET', '/marketplace/purchases'],
    ['POST', `/marketplace/purchase/${randomUUID()}`],
    ['POST', `/marketplace/items/${randomUUID()}/apply`],
    ['DELETE', `/marketplace/items/${randomUUID()}/apply`],
    ['GET', '/users/0123456789abcdef01234567/applied-items'],
  ])('%s %s needs a token (401)', async (method, path) => {
    expect(await api(method, path)).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });
});

describe('the catalogue', () => {
  it('lists items of every category in every price band, with the spec fields', async () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(21);
    for (const item of catalogue)
      expect(Object.keys(item).sort()).toEqual(
        [
          'appearance',
          'category',
          'description',
          'id',
          'is_active_on_profile',
          'is_owned',
          'is_premium',
          'name',
          'preview_image_url',
          'price',
        ].sort(),
      );
    const categories = new Set(catalogue.map((item) => item.category));
    expect(categories.size).toBe(7);
    for (const category of categories) {
      const prices = catalogue.filter((item) => item.category === category).map((item) => item.price);
      expect([
        prices.some((p) => p < 50),
        prices.some((p) => p >= 50 && p <= 100),
        prices.some((p) => p > 100),
      ]).toEqual([true, true, true]);
    }
  });
});

describe('purchases', () => {
  it('a purchase with a short balance is refused with "Insufficient balance" and moves nothing', async () => {
    const ring = byName('Golden Ring'); // 120 AC
    const member = await funded(100);
    expect(await purchase(member, ring.id)).toMatchObject({
      status: 400,
      body: { detail: 'Insufficient balance' },
    });
    expect(await balanceOf(member)).toBe(100);
    expect((await api('GET', '/marketplace/purchases', { token: member.token })).body).toEqual([]);
    expect((await items(member)).find((item) => item.id === ring.id)?.is_owned).toBe(false);
    const history = await api('GET', '/wallet/transactions', { token: member.token });
    expect(history.body.map((t: { description: string }) => t.description)).toEqual([
      'Credit from the Aura team: test funds',
    ]);
  });

  it('buys an item once: charged, owned, in My Purchases and the history; never twice', async () => {
    const ring = byName('Golden Ring');
    const member = await funded(150);
    const answer = await purchase(member, ring.id);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: 'Golden Ring purchased successfully!',
        item: { id: ring.id, is_owned: true, is_active_on_profile: false },
        balance_after: 30,
      },
    });
    expect(await balanceOf(member)).toBe(30);
    expect((await items(member)).find((item) => item.id === ring.id)?.is_owned).toBe(true);
    const mine = await api('GET', '/marketplace/purchases', { token: member.token });
    expect(mine.body).toEqual([
      expect.objectContaining({ id: ring.id, is_owned: true, transfer_id: answer.body.transfer_id }),
    ]);
    const history = await api('GET', '/wallet/transactions', { token: member.token });
    expect(history.body[0]).toMatchObject({
      description: 'Marketplace purchase: Golden Ring',
      transaction_type: 'spending',
      amount: -120,
    });
    await api('POST', `/admin/wallets/${member.id}/adjust`, {
      token: superAdmin,
      body: { amount: 200, reason: 'more funds' },
    });
    expect(await purchase(member, ring.id)).toMatchObject({
      status: 400,
      body: { detail: 'You already own this item' },
    });
    expect(await balanceOf(member)).toBe(230);
  });

  it('concurrent purchases of one item charge once', async () => {
    const star = byName('Rising Star Badge'); // 15 AC
    const member = await funded(100);
    const answers = await Promise.all(Array.from({ length: 6 }, () => purchase(member, star.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toMatchObject({ status: 400, body: { detail: 'You already own this item' } });
    expect(await balanceOf(member)).toBe(85);
  });

  it('a retry with the same Idempotency-Key answers the purchase again and charges once', async () => {
    const font = byName('Elegant Serif'); // 25 AC
    const member = await funded(50);
    const key = randomUUID();
    const first = await purchase(member, font.id, key);
    const again = await purchase(member, font.id, key);
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: { transfer_id: first.body.transfer_id } });
    expect(await balanceOf(member)).toBe(25);
  });

  it('an unknown or malformed item id is 404 "Item not found" and moves nothing', async () => {
    const member = await funded(50);
    for (const id of [randomUUID(), 'golden-ring', '123'])
      expect(await purchase(member, id)).toMatchObject({ status: 404, body: { detail: 'Item not found' } });
    expect(await balanceOf(member)).toBe(50);
  });
});

describe('applied items', () => {
  it('apply and remove owned items (one per category), seen by other members on the profile', async () => {
    const [golden, rose, crown] = [
      byName('Golden Ring'),
      byName('Rose Ring'),
      byName('Crown of Light Badge'),
    ];
    const member = await funded(400);
    const viewer = await signUp();
    for (const item of [golden, rose, crown]) expect((await purchase(member, item.id)).status).toBe(200);
    expect(await applied(viewer, member.id)).toMatchObject({ status: 200, body: [] });
    expect(await apply(member, golden.id)).toMatchObject({
      status: 200,
      body: { message: 'Golden Ring applied to your profile', item: { is_active_on_profile: true } },
    });
    expect((await apply(member, crown.id)).status).toBe(200);
    let shown = (await applied(viewer, member.id)).body as Item[];
    expect(shown.map((item) => item.name).sort()).toEqual(['Crown of Light Badge', 'Golden Ring']);
    expect(shown.every((item) => item.is_active_on_profile)).toBe(true);
    // A second ring replaces the first.
    expect((await apply(member, rose.id)).status).toBe(200);
    shown = (await applied(viewer, member.id)).body as Item[];
    expect(shown.map((item) => item.name).sort()).toEqual(['Crown of Light Badge', 'Rose Ring']);
    const flags = await items(member);
    expect(flags.find((item) => item.id === golden.id)).toMatchObject({
      is_owned: true,
      is_active_on_profile: false,
    });
    expect(flags.find((item) => item.id === rose.id)).toMatchObject({
      is_owned: true,
      is_active_on_profile: true,
    });
    // The viewer's own flags are theirs, not the member's.
    expect((await items(viewer)).find((item) => item.id === rose.id)).toMatchObject({
      is_owned: false,
      is_active_on_profile: false,
    });
    expect(await remove(member, rose.id)).toMatchObject({
      status: 200,
      body: { message: 'Rose Ring removed from your profile', item: { is_active_on_profile: false } },
    });
    shown = (await applied(viewer, member.id)).body as Item[];
    expect(shown.map((item) => item.name)).toEqual(['Crown of Light Badge']);
  });

  it('an item the caller does not own cannot be applied or removed', async () => {
    const member = await signUp();
    const ring = byName('Golden Ring');
    expect(await apply(member, ring.id)).toMatchObject({
      status: 400,
      body: { detail: 'You do not own this item' },
    });
    expect(await remove(member, ring.id)).toMatchObject({
      status: 400,
      body: { detail: 'You do not own this item' },
    });
    expect(await apply(member, randomUUID())).toMatchObject({
      status: 404,
      body: { detail: 'Item not found' },
    });
  });

  it('applied items of an unknown member are 404 "User not found"', async () => {
    const viewer = await signUp();
    expect(await applied(viewer, '0123456789abcdef01234567')).toMatchObject({
      status: 404,
      body: { detail: 'User not found' },
    });
    expect(await applied(viewer, 'not-an-id')).toMatchObject({
      status: 404,
      body: { detail: 'User not found' },
    });
  });
});

describe('ledger check', () => {
  it('passes for the super admin after everything above', async () => {
    const answer = await api('GET', '/admin/ledger/verify', { token: superAdmin });
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, sum_micro: 0, mismatches: [], negative_balances: [] },
    });
  });
});
