// A post's comments: top-level ones (spec 001 §7), each with its replies (issue 23), oldest first, 50 at
// a time with "Load more comments". A failed read is only logged; the list is empty. The pages live under
// queryKeys.postComments; `updateComments` changes every page at once (likes, edits, new and deleted
// comments).
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../../api/query-keys';
import { flattenPages, nextPageParam, type Page } from '../../../../api/cursor';
import { commentsApi } from '../api';
import type { Comment } from '../types';
import { threadComments } from '../validation';

type CommentPages = InfiniteData<Page<Comment>, string | null>;

export function useComments(postId: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.postComments(postId),
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await commentsApi.page(postId, pageParam, signal);
      } catch (error) {
        if (!signal.aborted) console.warn('comments: could not load', error);
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
  return {
    threads: threadComments(flattenPages(query.data?.pages)),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/** The post's loaded comments, in order. */
export const cachedComments = (queryClient: QueryClient, postId: string): Comment[] =>
  flattenPages(queryClient.getQueryData<CommentPages>(queryKeys.postComments(postId))?.pages);

/**
 * Applies `change` to each loaded page of the post's comments; `appended` goes after the last loaded page
 * when every page is loaded (a new comment is the newest; before that, "Load more" reaches it).
 */
export function updateComments(
  queryClient: QueryClient,
  postId: string,
  change: (page: Comment[]) => Comment[],
  appended?: Comment,
): void {
  queryClient.setQueryData<CommentPages>(queryKeys.postComments(postId), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({ ...page, items: change(page.items) }));
    const last = pages[pages.length - 1];
    if (
      appended &&
      last &&
      last.nextCursor === null &&
      !pages.some((p) => p.items.some((c) => c.id === appended.id))
    )
      pages[pages.length - 1] = { ...last, items: [...last.items, appended] };
    return { ...data, pages };
  });
}
