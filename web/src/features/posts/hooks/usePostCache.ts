import { partialMatchKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
 * The posts hidden on this page, per query client. A feed read that was in flight when the post was
 * hidden (or started before the server had the hide) answers with the post still in it; without this
 * guard its answer put the card back. Every answer that lands in a hidden-post list is filtered here.
 */
const hiddenHere = new WeakMap<QueryClient, Set<string>>();

function hiddenPostsOf(queryClient: QueryClient): Set<string> {
  const known = hiddenHere.get(queryClient);
  if (known) return known;
  const hidden = new Set<string>();
  hiddenHere.set(queryClient, hidden);
  queryClient.getQueryCache().subscribe((event) => {
    if (hidden.size === 0 || event.type !== 'updated' || event.action.type !== 'success') return;
    const { query } = event;
    if (!HIDDEN_POST_ROOTS.some((root) => partialMatchKey(query.queryKey, root))) return;
    let data: unknown = query.state.data;
    for (const postId of hidden) data = data === undefined ? data : removePostIn(data, postId);
    // Unchanged data is left alone, so the write below does not come back here for ever.
    if (data !== query.state.data) queryClient.setQueryData(query.queryKey, data);
  });
  return hidden;
}

/**
 * Takes the post out of the feeds and search results at once (it was hidden), and out of any of their
 * answers still on the way; answers how to put every list back as it was (an undo, or a failed hide).
 */
export function removeHiddenPost(queryClient: QueryClient, postId: string): () => void {
  const hidden = hiddenPostsOf(queryClient);
  hidden.add(postId);
  const before = HIDDEN_POST_ROOTS.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
  for (const queryKey of HIDDEN_POST_ROOTS)
    queryClient.setQueriesData({ queryKey }, (data: unknown) =>
      data === undefined ? data : removePostIn(data, postId),
    );
  return () => {
    hidden.delete(postId);
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
