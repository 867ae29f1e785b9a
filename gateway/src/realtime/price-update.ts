import type { PriceUpdate } from './realtime.emitter';

/** The event economy publishes with each coin price snapshot (wired here; see README of messaging). */
export const PRICE_EVENT = 'auracoin.price_updated';

const micro = (value: unknown) => (typeof value === 'number' ? value / 1_000_000 : undefined);
const plain = (value: unknown) => (typeof value === 'number' ? value : undefined);

/**
 * The socket payload from economy's price event, whichever of the agreed spellings it uses: USD either
 * as numbers (currentPrice, marketCap) or integer micro-USD (currentPriceMicroUsd, marketCapMicroUsd),
 * changes as percentages. Prices show 3 decimals (ARCHITECTURE.md §3), so they are rounded to that.
 */
export function toPriceUpdate(payload: Record<string, unknown>): PriceUpdate {
  const round3 = (value: number) => Math.round(value * 1000) / 1000;
  const price = plain(payload.currentPrice) ?? micro(payload.currentPriceMicroUsd) ?? 0;
  const cap = plain(payload.marketCap) ?? micro(payload.marketCapMicroUsd) ?? 0;
  return {
    current_price: round3(price),
    price_change_24h: round3(plain(payload.priceChange24h) ?? 0),
    price_change_7d: round3(plain(payload.priceChange7d) ?? 0),
    market_cap: round3(cap),
  };
}
