import { ApiError } from '../../api/errors';
import { recipientSuggestions } from '../../api/recipient-search';
import {
  arrangeCollection,
  CROSS_MARK,
  formatBottlePrice,
  genieDisplayName,
  genieFailureMessage,
  GenieTexts,
  giftError,
  giftRecipientQuery,
  parseQuantity,
  purchaseError,
  RARITY_TABLE,
  rarityDistribution,
  rarityTier,
  sendFailureMessage,
  shopPreview,
  showClaimAll,
  stepQuantity,
  totalPending,
  type CollectionEntry,
} from './genies';

describe('the shop rarity table (spec 001 §9)', () => {
  it('lists every rarity in order with its odds and AC per day', () => {
    expect(RARITY_TABLE.map((t) => [t.rarity, t.odds, t.dailyAc])).toEqual([
      ['general', '78.94%', 1],
      ['common', '15%', 20],
      ['uncommon', '5%', 50],
      ['rare', '1%', 150],
      ['legendary', '0.05%', 250],
      ['cosmic', '0.01%', 300],
    ]);
  });

  it('reads an unknown rarity as general', () => {
    expect(rarityTier('mythic').rarity).toBe('general');
    expect(rarityTier('cosmic').label).toBe('Cosmic');
  });
});

describe('bottle price and quantity (spec 001 §2, §5)', () => {
  it('shows the price to 1 decimal', () => {
    expect(formatBottlePrice(300)).toBe('300.0');
    expect(formatBottlePrice(72.25)).toBe('72.3');
    expect(formatBottlePrice(50)).toBe('50.0');
  });

  it('turns a non-numeric entry into 1 and keeps the quantity an integer 1 to 10', () => {
    expect(parseQuantity('abc')).toBe(1);
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity('  ')).toBe(1);
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('0')).toBe(1);
    expect(parseQuantity('-4')).toBe(1);
    expect(parseQuantity('11')).toBe(10);
    expect(parseQuantity('2.7')).toBe(2);
    expect(parseQuantity(Number.NaN)).toBe(1);
  });

  it('steps within 1 to 10', () => {
    expect(stepQuantity(1, -1)).toBe(1);
    expect(stepQuantity(1, 1)).toBe(2);
    expect(stepQuantity(10, 1)).toBe(10);
  });

  it('blocks a purchase above the balance with the spec message', () => {
    const ac = 1_000_000;
    expect(purchaseError(600 * ac, 300, 2)).toBeNull();
    expect(purchaseError(600 * ac - 1, 300, 2)).toBe('Insufficient AuraCoin balance!');
    expect(purchaseError(0, 50, 1)).toBe(GenieTexts.insufficient);
  });

  it('previews at most 6 genies', () => {
    expect(shopPreview([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(shopPreview([1, 2])).toEqual([1, 2]);
  });
});

const entry = (id: string, rarity: string, rate: number, acquired: string, pending = 0): CollectionEntry => ({
  id,
  nickname: null,
  is_featured: false,
  pending_earnings: pending,
  acquired_at: acquired,
  daily_earning_rate: rate,
  genie: { name: `Genie ${id}`, rarity },
});

describe('the collection (spec 001 §2)', () => {
  const genies = [
    entry('a', 'general', 1, '2026-01-01T00:00:00Z'),
    entry('b', 'rare', 150, '2026-01-03T00:00:00Z'),
    entry('c', 'common', 20, '2026-01-02T00:00:00Z'),
    entry('d', 'rare', 225, '2026-01-04T00:00:00Z'),
  ];

  it('sorts by recently acquired, by rarity and by earnings', () => {
    expect(arrangeCollection(genies, 'all', 'recent').map((g) => g.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(arrangeCollection(genies, 'all', 'rarity').map((g) => g.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(arrangeCollection(genies, 'all', 'earnings').map((g) => g.id)).toEqual(['d', 'b', 'c', 'a']);
    const older = [entry('x', 'cosmic', 300, '2025-01-01T00:00:00Z'), ...genies];
    expect(arrangeCollection(older, 'all', 'recent')[4]!.id).toBe('x');
    expect(arrangeCollection(older, 'all', 'rarity')[0]!.id).toBe('x');
  });

  it('filters by rarity without changing the list it was given', () => {
    expect(arrangeCollection(genies, 'rare', 'recent').map((g) => g.id)).toEqual(['d', 'b']);
    expect(arrangeCollection(genies, 'cosmic', 'recent')).toEqual([]);
    expect(genies.map((g) => g.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shows Claim All only when the pending earnings are above 0', () => {
    expect(showClaimAll(0)).toBe(false);
    expect(showClaimAll(Number.NaN)).toBe(false);
    expect(showClaimAll(0.001)).toBe(true);
    expect(totalPending([{ pending_earnings: 0.5 }, { pending_earnings: 1.25 }])).toBe(1.75);
    expect(showClaimAll(totalPending([{ pending_earnings: 0 }]))).toBe(false);
  });

  it('gives the distribution of every rarity in whole percent', () => {
    const shares = rarityDistribution({ general: 3, rare: 1 });
    expect(shares.map((s) => [s.tier.rarity, s.count, s.percent])).toEqual([
      ['general', 3, 75],
      ['common', 0, 0],
      ['uncommon', 0, 0],
      ['rare', 1, 25],
      ['legendary', 0, 0],
      ['cosmic', 0, 0],
    ]);
    expect(rarityDistribution(undefined).every((s) => s.percent === 0)).toBe(true);
  });

  it('names a genie by its nickname, else its catalogue name', () => {
    expect(genieDisplayName({ nickname: ' Sparky ', genie: { name: 'Ember' } })).toBe('Sparky');
    expect(genieDisplayName({ nickname: '', genie: { name: 'Ember' } })).toBe('Ember');
  });
});

describe('sending a genie (spec 001 §5, §8)', () => {
  it('searches from 2 characters, at most 5 members, never oneself', () => {
    expect(giftRecipientQuery('a')).toBeNull();
    expect(giftRecipientQuery(' @a ')).toBeNull();
    expect(giftRecipientQuery('ab')).toBe('ab');
    const users = ['me', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map((id) => ({ id }));
    expect(recipientSuggestions(users, 'me').map((u) => u.id)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
  });

  it('needs a genie and a recipient, and a message of at most 200 characters', () => {
    const message = 'Please select a genie and enter recipient username';
    expect(giftError({ userGenieId: null, recipientUsername: 'bob', message: '' })).toBe(message);
    expect(giftError({ userGenieId: 'g', recipientUsername: '  ', message: '' })).toBe(message);
    expect(giftError({ userGenieId: 'g', recipientUsername: 'bob', message: 'x'.repeat(200) })).toBeNull();
    expect(giftError({ userGenieId: 'g', recipientUsername: 'bob', message: 'x'.repeat(201) })).toBe(
      GenieTexts.messageTooLong,
    );
  });

  it("prefixes send errors with a cross mark, using the server's detail when there is one", () => {
    const refused = ApiError.fromResponse(400, { detail: 'This genie was a gift and cannot be sent again' });
    expect(sendFailureMessage(refused)).toBe(`${CROSS_MARK} This genie was a gift and cannot be sent again`);
    expect(sendFailureMessage(new Error('boom'))).toBe('❌ Failed to send genie');
    expect(genieFailureMessage(ApiError.fromResponse(500, {}), GenieTexts.revealFailed)).toBe(
      'Failed to reveal Genie',
    );
  });
});
