import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { patchPostIn } from '../cache';
import type { Post } from '../types';

/** Every cache that may hold posts: the four feeds, members' posts and stories, search results, stories. */
const POST_CACHE_ROOTS = [queryKeys.feeds, queryKeys.members, queryKeys.search, queryKeys.stories];

export function updatePostEverywhere(queryClient: QueryClient, postId: string, patch: (post: Post) => Post) {
  for (const queryKey of POST_CACHE_ROOTS) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) =>
      data === undefined ? data : patchPostIn(data, postId, patch),
    );
  }
}

/** `update(postId, patch)` applies a change to every cached copy of a post. */
export function usePostCache() {
  const queryClient = useQueryClient();
  return useCallback(
    (postId: string, patch: (post: Post) => Post) => updatePostEverywhere(queryClient, postId, patch),
    [queryClient],
  );
}
