import { randomInt } from 'node:crypto';

/** The rarities, rarest last (spec 001 §9's shop table). */
export const RARITIES = ['general', 'common', 'uncommon', 'rare', 'legendary', 'cosmic'] as const;
export type Rarity = (typeof RARITIES)[number];

/** Basis points (1/10,000) of each rarity at the shop: 78.94 / 15 / 5 / 1 / 0.05 / 0.01 %. */
export const ODDS_BPS: Readonly<Record<Rarity, number>> = {
  general: 7894,
  common: 1500,
  uncommon: 500,
  rare: 100,
  legendary: 5,
  cosmic: 1,
};
export const TOTAL_BPS = 10_000;

/** AC per day of a genie of each rarity (the catalogue's daily_earning_rate). */
export const DAILY_RATE_AC: Readonly<Record<Rarity, number>> = {
  general: 1,
  common: 20,
  uncommon: 50,
  rare: 150,
  legendary: 250,
  cosmic: 300,
};

export const isRarity = (value: string): value is Rarity => (RARITIES as readonly string[]).includes(value);

/** A random integer in [0, max): node's crypto.randomInt (a CSPRNG, no modulo bias). */
export type RandomInt = (max: number) => number;
export const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/** The rarity at a roll of 0..9999 on the cumulative table (general first). */
export function rarityAt(roll: number): Rarity {
  if (!Number.isInteger(roll) || roll < 0 || roll >= TOTAL_BPS)
    throw new RangeError(`roll ${roll} out of range`);
  let upTo = 0;
  for (const rarity of RARITIES) {
    upTo += ODDS_BPS[rarity];
    if (roll < upTo) return rarity;
  }
  /* istanbul ignore next: the table sums to TOTAL_BPS */
  throw new Error('odds table does not cover every roll');
}

/** Draws a rarity at the shop odds. */
export function drawRarity(random: RandomInt = cryptoRandomInt): Rarity {
  return rarityAt(random(TOTAL_BPS));
}

/** Draws one of `items` uniformly (the genie within a drawn rarity). */
export function pickOne<T>(items: readonly T[], random: RandomInt = cryptoRandomInt): T {
  if (items.length === 0) throw new RangeError('nothing to pick from');
  return items[random(items.length)];
}
