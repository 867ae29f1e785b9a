// A post's comments (top-level only, spec 001 §7). A failed read is only logged; the list is empty.
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { commentsApi } from '../api';
import { topLevelComments } from '../validation';

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
    comments: topLevelComments(query.data ?? []),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
  };
}
