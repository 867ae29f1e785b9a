import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { patchPostIn, removePostIn } from '../cache';
import type { Post } from '../types';

/**
 * Every cache that may hold posts: the four feeds, members' posts and stories, search results, stories,
 * the caller's saved posts.
 */
const POST_CACHE_ROOTS = [
  queryKeys.feeds,
  queryKeys.members,
  queryKeys.search,
  queryKeys.stories,
  queryKeys.savedPosts,
];

/** The lists a hidden post leaves: the feeds and explore's search (the server leaves it out there). */
const HIDDEN_POST_ROOTS = [queryKeys.feeds, queryKeys.search];

/**
 * Takes the post out of the feeds and search results at once (it was hidden); answers how to put every
 * list back as it was (an undo, or a failed hide).
 */
export function removeHiddenPost(queryClient: QueryClient, postId: string): () => void {
  const before = HIDDEN_POST_ROOTS.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
  for (const queryKey of HIDDEN_POST_ROOTS)
    queryClient.setQueriesData({ queryKey }, (data: unknown) =>
      data === undefined ? data : removePostIn(data, postId),
    );
  return () => {
    for (const [queryKey, data] of before) queryClient.setQueryData(queryKey, data);
  };
}

/** Takes a deleted post out of every cached list at once. */
export function removePostEverywhere(queryClient: QueryClient, postId: string): void {
  for (const queryKey of POST_CACHE_ROOTS)
    queryClient.setQueriesData({ queryKey }, (data: unknown) =>
      data === undefined ? data : removePostIn(data, postId),
    );
}

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
