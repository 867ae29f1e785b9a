// The marketplace's rules on the client (spec 001 §2, §5, §8, §9): search on name or description
// (case-insensitive), the category filter, the price bands under 50 / 50 to 100 inclusive / over 100,
// and when the purchase button is disabled. Pure module (no DOM); money compared in integer micro-AC.
import { ApiError } from '../../api/errors';
import { MICRO_PER_AC } from '../../api/money';
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

/** A small whole-number hash of a text (stable across runs), for generated artwork. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/**
 * Artwork of its own for an item whose preview is missing or the same as another item's (issue 22: four
 * "Animations" items shared one placeholder): colours, a pattern and the item's initials from its name.
 */
export function generatedPreview(item: Pick<MarketplaceItem, 'name' | 'category'>): string {
  const hash = hashOf(`${item.category}:${item.name}`);
  const hue = hash % 360;
  const hue2 = (hue + 40 + ((hash >>> 9) % 120)) % 360;
  const rays = 5 + ((hash >>> 5) % 6);
  const initials = item.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .replace(/[^A-Z0-9]/g, '');
  const spokes = Array.from({ length: rays }, (_, i) => {
    const angle = (i / rays) * 2 * Math.PI + (hash % 7) / 7;
    const x = (60 + 46 * Math.cos(angle)).toFixed(1);
    const y = (60 + 46 * Math.sin(angle)).toFixed(1);
    return `<line x1="60" y1="60" x2="${x}" y2="${y}" stroke="#fff" stroke-opacity="0.35" stroke-width="3" stroke-linecap="round"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0%" stop-color="hsl(${hue} 70% 55%)"/><stop offset="100%" stop-color="hsl(${hue2} 75% 38%)"/>` +
    `</linearGradient></defs><rect width="120" height="120" rx="16" fill="url(#g)"/>${spokes}` +
    `<circle cx="60" cy="60" r="26" fill="#0b0a1a" fill-opacity="0.55"/>` +
    `<text x="60" y="69" font-size="24" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">${initials}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** What a preview looks like: an SVG data URL without its <title> (which names the item, unseen). */
function lookOf(url: string): string {
  if (!url.startsWith('data:image/svg+xml')) return url;
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // not URL-encoded: compare as it is
  }
  return text.replace(/<title>[\s\S]*?<\/title>/g, '');
}

/** Each item's preview: its own, or generated artwork when it has none or looks like another's. */
export function distinctPreviews(
  items: readonly Pick<MarketplaceItem, 'id' | 'name' | 'category' | 'preview_image_url'>[],
): Map<string, string> {
  const uses = new Map<string, number>();
  for (const item of items) {
    const look = lookOf(item.preview_image_url);
    uses.set(look, (uses.get(look) ?? 0) + 1);
  }
  return new Map(
    items.map((item) => [
      item.id,
      item.preview_image_url && uses.get(lookOf(item.preview_image_url)) === 1
        ? item.preview_image_url
        : generatedPreview(item),
    ]),
  );
}
