// The member's saved posts (GET /api/saved-posts) as an infinite query under queryKeys.savedPosts, paged
// by the X-Next-Cursor header. A save or unsave anywhere invalidates it (usePostActions).
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { flattenPages, nextPageParam, type Page } from '../../../api/cursor';
import { postsApi } from '../../posts';
import type { Post } from '../../posts';

export function useSavedPosts() {
  const query = useInfiniteQuery({
    queryKey: queryKeys.savedPosts,
    queryFn: async ({ pageParam, signal }): Promise<Page<Post>> => {
      try {
        return await postsApi.savedPage(pageParam, signal);
      } catch (error) {
        if (!signal.aborted) console.warn('saved posts: could not load', error);
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
  return {
    // An unsaved post stays until the list is read again (it can be saved back meanwhile).
    posts: query.isError && !query.data ? [] : flattenPages(query.data?.pages),
    isLoading: query.isPending && !query.isError,
    isError: query.isError,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}
