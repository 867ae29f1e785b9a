// The coin market's shapes, from the generated API schema (GET /api/auracoin/price/current and /history).
import type { components } from '../../api/schema';

export type CoinMarket = components['schemas']['CoinMarketResponse'];
export type PricePoint = components['schemas']['PricePointResponse'];
export type PriceHistory = components['schemas']['PriceHistoryResponse'];

/** auracoin_price_update (spec 001 §7): the four figures that changed. */
export type PriceUpdate = Pick<
  CoinMarket,
  'current_price' | 'price_change_24h' | 'price_change_7d' | 'market_cap'
>;
