// Explore calls (spec 000 §7 "Explore", ADR 0004). GET /api/tags/trending is public (sent without a token).
import type { ApiClient } from '../../../api/client';
import { asList } from '../../../api/request';
import {
  normalizeResults,
  searchParams,
  TOP_LIST,
  TRENDING_TAGS,
  type RisingPeriod,
  type SearchCategory,
  type SearchTab,
  type TipPeriod,
} from '../explore';

export function createExploreApi(api: ApiClient) {
  return {
    search: async (text: string, tab: SearchTab, category: SearchCategory, signal?: AbortSignal) =>
      normalizeResults(
        await api.call((c) =>
          c.GET('/api/search', { params: { query: searchParams(text, tab, category) }, signal }),
        ),
      ),
    trendingTags: async (signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/tags/trending', {
            params: { query: { period: TRENDING_TAGS.period, limit: TRENDING_TAGS.fetch } },
            signal,
          }),
        ),
      ),
    topTipped: async (period: TipPeriod, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/creators/top-tipped', { params: { query: { period, limit: TOP_LIST.fetch } }, signal }),
        ),
      ),
    topRising: async (period: RisingPeriod, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/creators/top-rising', { params: { query: { period, limit: TOP_LIST.fetch } }, signal }),
        ),
      ),
  };
}

export type ExploreApi = ReturnType<typeof createExploreApi>;
