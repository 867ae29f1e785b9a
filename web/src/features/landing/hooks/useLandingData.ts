// The landing page's data (spec 000 §2, §9): GET /api/public/stats, /api/public/feed/preview and
// /api/auracoin/price/current, refreshed every 15 seconds. The spec's defaults show until data arrives
// and after a failure (failures are only logged).
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { marketApi } from '../../market';
import { publicApi } from '../api';
import { DEFAULT_COIN_PRICE, LANDING_REFRESH_MS } from '../constants';
import { statsOrDefaults } from '../stats';
import type { PreviewPost, PublicStats } from '../types';

export type { PreviewPost, PublicStats } from '../types';

function logged<T>(what: string, read: (signal: AbortSignal) => Promise<T>) {
  return async ({ signal }: { signal: AbortSignal }) => {
    try {
      return await read(signal);
    } catch (error) {
      if (!signal.aborted) console.warn(`landing ${what}: could not load`, error);
      throw error;
    }
  };
}

export function usePublicStats(): { stats: PublicStats; isLive: boolean } {
  const query = useQuery({
    queryKey: queryKeys.publicStats,
    queryFn: logged('stats', (signal) => publicApi.stats(signal)),
    refetchInterval: LANDING_REFRESH_MS,
    staleTime: 0,
  });
  const live = query.isSuccess;
  return { stats: statsOrDefaults(live ? query.data : undefined), isLive: live };
}

export function useCoinPrice(): { price: number; isLive: boolean } {
  const query = useQuery({
    queryKey: queryKeys.coinPrice,
    queryFn: logged('coin price', (signal) => marketApi.current(signal)),
    refetchInterval: LANDING_REFRESH_MS,
    staleTime: 0,
  });
  const live = query.isSuccess;
  return { price: live ? query.data.current_price : DEFAULT_COIN_PRICE, isLive: live };
}

export function useFeedPreview(): { posts: PreviewPost[]; isLive: boolean; isLoading: boolean } {
  const query = useQuery({
    queryKey: queryKeys.publicFeedPreview,
    queryFn: logged('feed preview', (signal) => publicApi.feedPreview(signal)),
    refetchInterval: LANDING_REFRESH_MS,
    staleTime: 0,
  });
  const live = query.isSuccess;
  return {
    posts: live ? query.data : [],
    isLive: live,
    isLoading: query.isPending && query.fetchStatus !== 'idle',
  };
}
