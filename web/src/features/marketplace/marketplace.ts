// The marketplace's rules on the client (spec 001 §2, §5, §8, §9): search on name or description
// (case-insensitive), the category filter, the price bands under 50 / 50 to 100 inclusive / over 100,
// and when the purchase button is disabled. Pure module (no DOM); money compared in integer micro-AC.
import { ApiError } from '../../api/errors';
import { MICRO_PER_AC } from '../wallet/wallet';
import type { MarketplaceItem } from './types';

export const MarketplaceTexts = {
  insufficient: 'Insufficient balance!',
  purchaseFailed: 'Failed to purchase item',
  applyFailed: 'Failed to apply item',
  removeFailed: 'Failed to remove item',
} as const;

export type PriceBand = 'all' | 'under50' | '50to100' | 'over100';

export const PRICE_BANDS: readonly { id: PriceBand; label: string }[] = [
  { id: 'all', label: 'All prices' },
  { id: 'under50', label: 'Under 50 AC' },
  { id: '50to100', label: '50 – 100 AC' },
  { id: 'over100', label: 'Over 100 AC' },
];

/** All categories (the filter's first choice). */
export const ALL_CATEGORIES = 'all';

const microOf = (ac: number) => Math.round(ac * MICRO_PER_AC);

export function inPriceBand(price: number, band: PriceBand): boolean {
  const micro = microOf(price);
  const fifty = 50 * MICRO_PER_AC;
  const hundred = 100 * MICRO_PER_AC;
  switch (band) {
    case 'under50':
      return micro < fifty;
    case '50to100':
      return micro >= fifty && micro <= hundred;
    case 'over100':
      return micro > hundred;
    default:
      return true;
  }
}

export function matchesSearch(item: Pick<MarketplaceItem, 'name' | 'description'>, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return item.name.toLowerCase().includes(text) || item.description.toLowerCase().includes(text);
}

export interface MarketplaceFilter {
  search: string;
  category: string;
  band: PriceBand;
}

export const NO_FILTER: MarketplaceFilter = { search: '', category: ALL_CATEGORIES, band: 'all' };

export function filterItems<T extends MarketplaceItem>(items: readonly T[], filter: MarketplaceFilter): T[] {
  return items.filter(
    (item) =>
      (filter.category === ALL_CATEGORIES || item.category === filter.category) &&
      inPriceBand(item.price, filter.band) &&
      matchesSearch(item, filter.search),
  );
}

/** Spec 001 §5: the balance covers the price (balance in micro-AC). */
export const canAfford = (balanceMicro: number, price: number) => balanceMicro >= microOf(price);

/** Why the purchase button is disabled, or null when it is enabled (spec 001 §4, §5). */
export function purchaseBlock(
  item: Pick<MarketplaceItem, 'is_owned' | 'price'>,
  balanceMicro: number | undefined,
): 'owned' | 'insufficient' | null {
  if (item.is_owned) return 'owned';
  if (balanceMicro !== undefined && !canAfford(balanceMicro, item.price)) return 'insufficient';
  return null;
}

/** Spec 001 §8: the server's detail, or the fallback. */
export function marketplaceFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

/** "120 AC", "12.5 AC". */
export const formatPrice = (price: number) =>
  `${Number.isInteger(price) ? price : price.toFixed(3).replace(/0+$/, '').replace(/\.$/, '')} AC`;

/** The category's label, from the categories list or the id itself ("ring_colors" → "Ring Colors"). */
export function categoryLabel(id: string, categories: readonly { id: string; name: string }[] = []): string {
  return (
    categories.find((category) => category.id === id)?.name ??
    id
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}
