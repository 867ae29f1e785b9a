// One home feed tab (GET /api/posts/feed/{tab}) as an infinite query under queryKeys.feed(tab), paged by
// the X-Next-Cursor header. Spec 000 §8: a failed feed is only logged and the list is empty.
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import type { Post } from '../../posts';
import { feedApi } from '../api';
import { flattenPages, nextPageParam, type Page } from '../../../api/cursor';
import type { FeedTab } from '../feed-tabs';

export function useFeed(tab: FeedTab) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.feed(tab),
    queryFn: async ({ pageParam, signal }): Promise<Page<Post>> => {
      try {
        return await feedApi.page(tab, pageParam, signal);
      } catch (error) {
        if (!signal.aborted) console.warn(`feed ${tab}: could not load`, error);
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
  return {
    posts: query.isError && !query.data ? [] : flattenPages(query.data?.pages),
    isLoading: query.isPending,
    isError: query.isError,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}
