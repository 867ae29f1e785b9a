// A post's comments: top-level ones (spec 001 §7), each with its replies (issue 23). A failed read is
// only logged; the list is empty.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { commentsApi } from '../api';
import { threadComments } from '../validation';

export function useComments(postId: string) {
  const query = useQuery({
    queryKey: queryKeys.postComments(postId),
    queryFn: async ({ signal }) => {
      try {
        return await commentsApi.list(postId, signal);
      } catch (error) {
        if (!signal.aborted) console.warn('comments: could not load', error);
        throw error;
      }
    },
  });
  return {
    threads: threadComments(query.data ?? []),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
  };
}
