// The marketplace through gRPC as the gateway calls it, against the real local infrastructure: the
// catalogue (seeded once, every category in every price band), purchases through the ledger (short
// balance, owning twice, concurrent purchases, idempotency keys), apply / remove (one item per
// category), the applied-items read, recovery of an interrupted purchase, and the ledger check.
import { Caller } from '@aura/platform';
import { economy as contract } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { AC, Harness, objectId, refusal, startEconomy, superAdmin } from '../../test/harness';
import { verifyLedger } from '../ledger/ledger-verifier';
import { CATALOGUE, itemIdOf } from './catalogue';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('marketplace');
});

afterAll(async () => {
  await h?.stop();
});

const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
const items = async (caller: Caller) =>
  ((await h.call('listMarketplaceItems', {}, caller)) as contract.MarketplaceItemList).items;
const buy = (caller: Caller | undefined, itemId: string, key?: string) =>
  h.call('purchaseMarketplaceItem', { itemId }, caller, key) as Promise<contract.MarketplacePurchase>;
const purchases = async (caller: Caller) =>
  ((await h.call('listMarketplacePurchases', {}, caller)) as contract.MarketplacePurchaseList).purchases;
const apply = (caller: Caller, itemId: string) =>
  h.call('applyMarketplaceItem', { itemId }, caller) as Promise<contract.MarketplaceItem>;
const remove = (caller: Caller, itemId: string) =>
  h.call('removeMarketplaceItem', { itemId }, caller) as Promise<contract.MarketplaceItem>;
const applied = async (caller: Caller, userId: string) =>
  ((await h.call('listAppliedItems', { userId }, caller)) as contract.MarketplaceItemList).items;
const balanceOf = async (member: { id: string }) =>
  ((await h.call('getWallet', { userId: '' }, as(member))) as contract.Wallet).balanceMicro;
const marketplaceRevenue = async () =>
  (await h.economy.ledger.store.entries.find({ account: 'marketplace' }).toArray()).reduce(
    (sum, entry) => sum + entry.delta,
    0,
  );

const GOLDEN_RING = itemIdOf('golden-ring'); // 120 AC, ring_colors
const ROSE_RING = itemIdOf('rose-ring'); // 45 AC, ring_colors
const RISING_STAR = itemIdOf('rising-star'); // 15 AC, badges

async function funded(amount: number) {
  const member = h.identity.add();
  if (amount > 0)
    await h.call('adminAdjust', { userId: member.id, amountMicro: amount, reason: 'test funds' }, superAdmin);
  return member;
}

async function expectLedgerSound() {
  const report = await verifyLedger(h.economy.ledger.store);
  expect({ mismatches: report.mismatches, negative: report.negativeBalances, sum: report.sumMicro }).toEqual({
    mismatches: [],
    negative: [],
    sum: 0,
  });
}

describe('catalogue', () => {
  it('answers the seven categories in order, without a caller', async () => {
    const { categories } = (await h.call(
      'listMarketplaceCategories',
      {},
    )) as contract.MarketplaceCategoryList;
    expect(categories.map((c) => c.id)).toEqual([
      'animations',
      'color_schemes',
      'banner_packs',
      'badges',
      'profile_fonts',
      'ring_colors',
      'profile_effects',
    ]);
  });

  it('holds items of every category in every price band, seeded once however often it starts', async () => {
    await h.economy.marketplace.init();
    await h.economy.marketplace.init();
    expect(await h.runtime.mongo.collection('marketplace_items').countDocuments()).toBe(CATALOGUE.length);
    const list = await items(as(h.identity.add()));
    for (const category of [
      'animations',
      'color_schemes',
      'banner_packs',
      'badges',
      'profile_fonts',
      'ring_colors',
      'profile_effects',
    ]) {
      const prices = list.filter((item) => item.category === category).map((item) => item.priceMicro / AC);
      expect(prices.some((p) => p < 50)).toBe(true);
      expect(prices.some((p) => p >= 50 && p <= 100)).toBe(true);
      expect(prices.some((p) => p > 100)).toBe(true);
    }
    expect(list.every((item) => !item.isOwned && !item.isActiveOnProfile)).toBe(true);
    expect(list.every((item) => item.previewImageUrl.startsWith('data:image/svg+xml'))).toBe(true);
    expect(list.find((item) => item.id === GOLDEN_RING)).toMatchObject({
      name: 'Golden Ring',
      priceMicro: 120 * AC,
      isPremium: true,
      appearance: '#f59e0b',
    });
  });

  it('needs a caller for the items', async () => {
    expect(await refusal(h.call('listMarketplaceItems', {}))).toMatchObject({ code: status.UNAUTHENTICATED });
  });
});

describe('purchases', () => {
  it('charges the price once, member → marketplace, and marks the item owned', async () => {
    const member = await funded(200 * AC);
    const revenue = await marketplaceRevenue();
    const purchase = await buy(as(member), GOLDEN_RING);
    expect(purchase).toMatchObject({ balanceAfterMicro: 80 * AC, replayed: false });
    expect(purchase.item).toMatchObject({ id: GOLDEN_RING, isOwned: true, isActiveOnProfile: false });
    expect(await balanceOf(member)).toBe(80 * AC);
    expect((await marketplaceRevenue()) - revenue).toBe(120 * AC);
    expect((await items(as(member))).find((item) => item.id === GOLDEN_RING)?.isOwned).toBe(true);
    expect((await purchases(as(member))).map((p) => p.item?.id)).toEqual([GOLDEN_RING]);
    const page = (await h.call(
      'listTransactions',
      { userId: '', cursor: '', limit: 0 },
      as(member),
    )) as contract.TransactionPage;
    expect(page.transactions[0]).toMatchObject({
      description: 'Marketplace purchase: Golden Ring',
      transactionType: 'spending',
      amountMicro: -120 * AC,
    });
    await expectLedgerSound();
  });

  it('refuses a short balance with "Insufficient balance" and changes nothing; a later purchase works', async () => {
    const member = await funded(100 * AC);
    expect(await refusal(buy(as(member), GOLDEN_RING))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'Insufficient balance',
    });
    expect(await balanceOf(member)).toBe(100 * AC);
    expect(await purchases(as(member))).toEqual([]);
    expect((await items(as(member))).find((item) => item.id === GOLDEN_RING)?.isOwned).toBe(false);
    await h.call('adminAdjust', { userId: member.id, amountMicro: 20 * AC, reason: 'more' }, superAdmin);
    await buy(as(member), GOLDEN_RING);
    expect(await balanceOf(member)).toBe(0);
    await expectLedgerSound();
  });

  it('refuses a member with no wallet at all', async () => {
    const member = await funded(0);
    expect(await refusal(buy(as(member), RISING_STAR))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'Insufficient balance',
    });
  });

  it('never sells an item twice: "You already own this item"', async () => {
    const member = await funded(100 * AC);
    await buy(as(member), ROSE_RING);
    expect(await refusal(buy(as(member), ROSE_RING))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'You already own this item',
    });
    expect(await balanceOf(member)).toBe(55 * AC);
  });

  it('charges once for ten concurrent purchases of one item', async () => {
    const member = await funded(500 * AC);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => buy(as(member), GOLDEN_RING, `race-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect((r.reason as { details: string }).details).toBe('You already own this item');
    expect(await balanceOf(member)).toBe(380 * AC);
    expect(await purchases(as(member))).toHaveLength(1);
    await expectLedgerSound();
  });

  it('answers a retry with the same Idempotency-Key again without charging', async () => {
    const member = await funded(50 * AC);
    const first = await buy(as(member), RISING_STAR, 'buy-star');
    const again = await buy(as(member), RISING_STAR, 'buy-star');
    expect(again).toMatchObject({ transferId: first.transferId, replayed: true });
    expect(await balanceOf(member)).toBe(35 * AC);
  });

  it('refuses unknown items with "Item not found"', async () => {
    const member = await funded(50 * AC);
    expect(await refusal(buy(as(member), '00000000-0000-5000-8000-000000000000'))).toEqual({
      code: status.NOT_FOUND,
      details: 'Item not found',
    });
    expect(await refusal(buy(undefined, RISING_STAR))).toMatchObject({ code: status.UNAUTHENTICATED });
    expect(await balanceOf(member)).toBe(50 * AC);
  });

  it('stores neither the charge nor the item when the purchase fails half-way', async () => {
    const member = await funded(50 * AC);
    const owned = h.runtime.mongo.collection<{ _id: string }>('marketplace_owned');
    // The item's record is the last write of the purchase's transaction, after the charge.
    const ownedOfService = (h.economy.marketplace as unknown as { repository: { owned: typeof owned } })
      .repository.owned;
    const spy = jest
      .spyOn(ownedOfService, 'insertOne')
      .mockRejectedValueOnce(new Error('process died') as never);
    const key = randomUUID();
    await expect(h.economy.marketplace.purchase(as(member), RISING_STAR, key)).rejects.toThrow(
      'process died',
    );
    spy.mockRestore();
    expect(await owned.findOne({ _id: `${member.id}:${RISING_STAR}` })).toBeNull();
    expect(await balanceOf(member)).toBe(50 * AC);
    // The retry with the same key buys it once.
    expect(await buy(as(member), RISING_STAR, key)).toMatchObject({ replayed: false });
    expect(await balanceOf(member)).toBe(35 * AC);
    await expectLedgerSound();
  });
});

describe('applied items', () => {
  it('applies an owned item, one per category, removes it, and shows it to other members', async () => {
    const member = await funded(300 * AC);
    const viewer = as(h.identity.add());
    await buy(as(member), GOLDEN_RING);
    await buy(as(member), ROSE_RING);
    await buy(as(member), RISING_STAR);
    expect(await applied(viewer, member.id)).toEqual([]);
    expect(await apply(as(member), GOLDEN_RING)).toMatchObject({ isActiveOnProfile: true });
    await apply(as(member), RISING_STAR);
    expect((await applied(viewer, member.id)).map((i) => i.id).sort()).toEqual(
      [GOLDEN_RING, RISING_STAR].sort(),
    );
    // Another ring replaces the first: one item per category.
    await apply(as(member), ROSE_RING);
    expect((await applied(viewer, member.id)).map((i) => i.id).sort()).toEqual(
      [ROSE_RING, RISING_STAR].sort(),
    );
    const flags = await items(as(member));
    expect(flags.find((i) => i.id === GOLDEN_RING)).toMatchObject({
      isOwned: true,
      isActiveOnProfile: false,
    });
    expect(flags.find((i) => i.id === ROSE_RING)).toMatchObject({ isOwned: true, isActiveOnProfile: true });
    expect(await remove(as(member), ROSE_RING)).toMatchObject({ isActiveOnProfile: false });
    expect((await applied(viewer, member.id)).map((i) => i.id)).toEqual([RISING_STAR]);
  });

  it('refuses to apply or remove an item the caller does not own', async () => {
    const member = await funded(0);
    for (const call of [apply(as(member), GOLDEN_RING), remove(as(member), GOLDEN_RING)])
      expect(await refusal(call)).toEqual({
        code: status.FAILED_PRECONDITION,
        details: 'You do not own this item',
      });
    expect(await applied(as(member), member.id)).toEqual([]);
  });

  it('answers "User not found" for an unknown member, and needs a caller', async () => {
    const viewer = as(h.identity.add());
    expect(await refusal(applied(viewer, objectId()))).toEqual({
      code: status.NOT_FOUND,
      details: 'User not found',
    });
    expect(await refusal(h.call('listAppliedItems', { userId: viewer.userId }))).toMatchObject({
      code: status.UNAUTHENTICATED,
    });
  });
});
