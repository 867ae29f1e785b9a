// Coin market data (spec 001 §4): refreshed every 60 seconds and on auracoin_price_update, whose four
// figures are shown at once while the full market and the chart's new point are fetched again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { useSocketEvent } from '../../messaging';
import { marketApi } from '../api';
import { MARKET_REFRESH_MS, withUpdate } from '../market';
import type { CoinMarket, PriceUpdate } from '../types';

export function useCoinMarket() {
  return useQuery({
    queryKey: queryKeys.coinPrice,
    queryFn: ({ signal }) => marketApi.current(signal),
    refetchInterval: MARKET_REFRESH_MS,
    staleTime: 0,
  });
}

export function usePriceHistory(hours: number) {
  return useQuery({
    queryKey: queryKeys.coinHistoryOf(hours),
    queryFn: ({ signal }) => marketApi.history(hours, signal),
    refetchInterval: MARKET_REFRESH_MS,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** Applies auracoin_price_update while mounted (the app's socket; signed-in members only). */
export function useLivePriceUpdates() {
  const queryClient = useQueryClient();
  const onUpdate = useCallback(
    (update: PriceUpdate) => {
      queryClient.setQueryData<CoinMarket>(queryKeys.coinPrice, (market) => withUpdate(market, update));
      void queryClient.invalidateQueries({ queryKey: queryKeys.coinPrice });
      void queryClient.invalidateQueries({ queryKey: queryKeys.coinHistory });
    },
    [queryClient],
  );
  useSocketEvent<PriceUpdate>('auracoin_price_update', onUpdate);
}
