import type { genies } from '@aura/proto';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { MICRO_PER_AC, microToAc } from '../common/amounts';
import type {
  BottlesResponse,
  FeaturedGenieResponse,
  GenieResponse,
  GenieStatsResponse,
  Rarity,
  UserGenieResponse,
} from './genies.dto';

export const GENIE_NOT_FOUND = 'Genie not found';
export const QUANTITY_RULE = 'Quantity must be a whole number from 1 to 10';
export const PRICE_RULE = 'Genie bottle price must be between 50 and 1000 AuraCoin';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UserGenie id in a path: a UUID, anything else names no genie (404). */
export function userGenieIdOf(value: string): string {
  if (!UUID.test(value ?? '')) throw new NotFoundException({ detail: GENIE_NOT_FOUND });
  return value.toLowerCase();
}

/** The bottle quantity: a whole number 1-10 (as a JSON number or a digit string), else 400. */
export function quantityOf(value: unknown): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  if (!Number.isInteger(number) || number < 1 || number > 10)
    throw new BadRequestException({ detail: QUANTITY_RULE });
  return number;
}

/** The bottle price: whole AC 50-1000 (a number or a decimal string), else 400 with the spec's message. */
export function priceMicroOf(value: unknown): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(number) || number < 50 || number > 1000)
    throw new BadRequestException({ detail: PRICE_RULE });
  return Math.round(number * MICRO_PER_AC);
}

export function toGenie(genie: genies.Genie | undefined): GenieResponse {
  return {
    id: genie?.id ?? '',
    name: genie?.name ?? '',
    description: genie?.description ?? '',
    rarity: (genie?.rarity ?? 'general') as Rarity,
    image_url: genie?.imageUrl ?? '',
    animation_type: genie?.animationType ?? '',
    daily_earning_rate: microToAc(genie?.dailyEarningRateMicro ?? 0),
    special_ability: genie?.specialAbility || null,
  };
}

export function toUserGenie(userGenie: genies.UserGenie): UserGenieResponse {
  const genie = toGenie(userGenie.genie);
  return {
    id: userGenie.id,
    owner_id: userGenie.ownerId,
    genie,
    rarity: genie.rarity,
    image_url: genie.image_url,
    nickname: userGenie.nickname || null,
    is_featured: userGenie.isFeatured,
    pending_earnings: microToAc(userGenie.pendingEarningsMicro),
    acquired_at: userGenie.acquiredAt,
    daily_earning_rate: microToAc(userGenie.dailyEarningRateMicro),
    received_as_gift: userGenie.receivedAsGift,
    lifetime_earnings: microToAc(userGenie.lifetimeEarningsMicro),
  };
}

export function toBottles(bottles: genies.Bottles): BottlesResponse {
  const price = microToAc(bottles.priceMicro);
  return { bottles_owned: bottles.bottlesOwned, price, bottle_price: price };
}

export function toStats(stats: genies.GenieStats): GenieStatsResponse {
  return {
    total_genies: stats.totalGenies,
    total_daily_earnings: microToAc(stats.totalDailyEarningsMicro),
    lifetime_earnings: microToAc(stats.lifetimeEarningsMicro),
    genies_by_rarity: Object.fromEntries(stats.geniesByRarity.map((r) => [r.rarity, r.count])),
    featured_genie: stats.featuredGenie ? toUserGenie(stats.featuredGenie) : null,
    bottles_owned: stats.bottlesOwned,
    bottle_price: microToAc(stats.bottlePriceMicro),
    pending_earnings: microToAc(stats.pendingEarningsMicro),
  };
}

export function toFeatured(userGenie: genies.UserGenie): FeaturedGenieResponse {
  const genie = toGenie(userGenie.genie);
  return {
    id: userGenie.id,
    nickname: userGenie.nickname || null,
    genie: {
      name: genie.name,
      rarity: genie.rarity,
      image_url: genie.image_url,
      animation_type: genie.animation_type,
      daily_earning_rate: microToAc(userGenie.dailyEarningRateMicro),
    },
  };
}

/** AC to one decimal, as the shop shows it. */
export function acText(micro: number): string {
  return (micro / MICRO_PER_AC).toFixed(1);
}
