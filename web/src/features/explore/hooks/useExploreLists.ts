// The Explore cards: trending tags (fetch 20, show 15) and the top creator lists (fetch 10, show 5).
// Failures are only logged; the card shows its empty state (spec 000 §8).
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { exploreApi } from '../api';
import { TOP_LIST, TRENDING_TAGS, type RisingPeriod, type TipPeriod } from '../explore';

function logged<T>(what: string, read: (signal: AbortSignal) => Promise<T>) {
  return async ({ signal }: { signal: AbortSignal }) => {
    try {
      return await read(signal);
    } catch (error) {
      if (!signal.aborted) console.warn(`explore ${what}: could not load`, error);
      throw error;
    }
  };
}

const EXPLORE_STALE_MS = 60_000;

export function useTrendingTags() {
  const query = useQuery({
    queryKey: queryKeys.trendingTags,
    queryFn: logged('trending tags', (signal) => exploreApi.trendingTags(signal)),
    staleTime: EXPLORE_STALE_MS,
  });
  return {
    tags: (query.data ?? []).slice(0, TRENDING_TAGS.show),
    isLoading: query.isPending && !query.isError,
  };
}

export function useTopTipped(period: TipPeriod) {
  const query = useQuery({
    queryKey: queryKeys.topTipped(period),
    queryFn: logged('top tipped', (signal) => exploreApi.topTipped(period, signal)),
    staleTime: EXPLORE_STALE_MS,
  });
  return {
    creators: (query.data ?? []).slice(0, TOP_LIST.show),
    isLoading: query.isPending && !query.isError,
  };
}

export function useTopRising(period: RisingPeriod) {
  const query = useQuery({
    queryKey: queryKeys.topRising(period),
    queryFn: logged('top rising', (signal) => exploreApi.topRising(period, signal)),
    staleTime: EXPLORE_STALE_MS,
  });
  return {
    creators: (query.data ?? []).slice(0, TOP_LIST.show),
    isLoading: query.isPending && !query.isError,
  };
}
