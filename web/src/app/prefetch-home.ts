// The signed-in home's first data, asked for while the session is being restored: with a stored token
// (the session hint) GET /api/auth/me, the default feed tab and the stories go out together, instead of
// the feed waiting for /auth/me to answer and the home to mount (issue 19: LCP of the signed-in home).
// The queries are the ones the home reads (same keys, same pages), so it renders from the cache. If
// /auth/me ends the session, SessionProvider clears the cache with it.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../api/query-keys';
import { feedApi } from '../features/feed/api';
import { nextPageParam } from '../api/cursor';
import { DEFAULT_FEED_TAB } from '../features/feed/feed-tabs';
import { storiesApi } from '../features/stories/api';

export function usePrefetchHome(restoring: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!restoring) return;
    void queryClient.prefetchInfiniteQuery({
      queryKey: queryKeys.feed(DEFAULT_FEED_TAB),
      queryFn: ({ pageParam, signal }) => feedApi.page(DEFAULT_FEED_TAB, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
    });
    void queryClient.prefetchQuery({
      queryKey: queryKeys.stories,
      queryFn: ({ signal }) => storiesApi.list(signal),
    });
  }, [restoring, queryClient]);
}
