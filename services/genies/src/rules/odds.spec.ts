import { CATALOGUE } from '../catalogue/catalogue.data';
import {
  cryptoRandomInt,
  DAILY_RATE_AC,
  drawRarity,
  ODDS_BPS,
  pickOne,
  RARITIES,
  rarityAt,
  TOTAL_BPS,
} from './odds';

describe('the shop odds table', () => {
  it('is spec 001 §9: 78.94 / 15 / 5 / 1 / 0.05 / 0.01 % at 1 / 20 / 50 / 150 / 250 / 300 AC a day', () => {
    expect(RARITIES.map((r) => [r, ODDS_BPS[r] / 100, DAILY_RATE_AC[r]])).toEqual([
      ['general', 78.94, 1],
      ['common', 15, 20],
      ['uncommon', 5, 50],
      ['rare', 1, 150],
      ['legendary', 0.05, 250],
      ['cosmic', 0.01, 300],
    ]);
    expect(RARITIES.reduce((sum, r) => sum + ODDS_BPS[r], 0)).toBe(TOTAL_BPS);
  });

  it('maps every roll to the rarity whose band holds it (boundaries included)', () => {
    expect([0, 7893, 7894, 9393, 9394, 9893, 9894, 9993, 9994, 9998, 9999].map(rarityAt)).toEqual([
      'general',
      'general',
      'common',
      'common',
      'uncommon',
      'uncommon',
      'rare',
      'rare',
      'legendary',
      'legendary',
      'cosmic',
    ]);
    const counts = Object.fromEntries(RARITIES.map((r) => [r, 0]));
    for (let roll = 0; roll < TOTAL_BPS; roll += 1) counts[rarityAt(roll)] += 1;
    expect(counts).toEqual(ODDS_BPS);
  });

  it('refuses rolls outside 0..9999', () => {
    for (const roll of [-1, 10_000, 0.5, Number.NaN]) expect(() => rarityAt(roll)).toThrow(RangeError);
  });

  it('draws with the given random source over the whole table', () => {
    const asked: number[] = [];
    expect(drawRarity((max) => (asked.push(max), 9999))).toBe('cosmic');
    expect(drawRarity(() => 0)).toBe('general');
    expect(asked).toEqual([TOTAL_BPS]);
  });

  it('uses node crypto.randomInt by default, within bounds', () => {
    for (let i = 0; i < 1000; i += 1) {
      const value = cryptoRandomInt(7);
      expect(Number.isInteger(value) && value >= 0 && value < 7).toBe(true);
    }
  });

  it('picks within a rarity uniformly by index, and refuses an empty list', () => {
    expect(pickOne(['a', 'b', 'c'], () => 2)).toBe('c');
    expect(() => pickOne([], () => 0)).toThrow(RangeError);
  });
});

describe('the catalogue', () => {
  it('holds at least two genies of every rarity, with unique slugs and names', () => {
    for (const rarity of RARITIES)
      expect(CATALOGUE.filter((g) => g.rarity === rarity).length).toBeGreaterThanOrEqual(2);
    expect(new Set(CATALOGUE.map((g) => g.slug)).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map((g) => g.name)).size).toBe(CATALOGUE.length);
  });
});
