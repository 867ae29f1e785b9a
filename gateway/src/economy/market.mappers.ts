import type { economy } from '@aura/proto';
import { toPriceUpdate } from '../realtime/price-update';
import type { CoinMarketResponse, PriceHistoryResponse } from './market.dto';

const usd3 = (micro: number) => Math.round(micro / 1000) / 1000;

/** The four figures of auracoin_price_update are rounded exactly as the socket event rounds them. */
export function toCoinMarket(market: economy.CoinMarket): CoinMarketResponse {
  return {
    ...toPriceUpdate(market as unknown as Record<string, unknown>),
    volume_24h: usd3(market.volume24hMicroUsd),
    active_users_24h: market.activeUsers24h,
    total_users: market.totalUsers,
    total_engagements_24h: market.totalEngagements24h,
    total_engagements: market.totalEngagements,
    current_price_micro_usd: market.currentPriceMicroUsd,
    updated_at: market.updatedAt,
  };
}

export function toPriceHistory(history: economy.PriceHistory): PriceHistoryResponse {
  return {
    hours: history.hours,
    chart_data: history.points.map((point) => ({
      timestamp: point.timestamp,
      price: point.priceMicroUsd / 1_000_000,
      active_users: point.activeUsers,
      engagements: point.engagements,
    })),
  };
}
