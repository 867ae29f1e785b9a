// The stories strip (GET /api/stories) under queryKeys.stories. A failed read is only logged (empty strip).
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { storiesApi } from '../api';
import { liveStories } from '../story-clock';

/** Stories expire while the page is open: look again every minute. */
const STORIES_REFRESH_MS = 60_000;

export function useStories() {
  const query = useQuery({
    queryKey: queryKeys.stories,
    queryFn: async ({ signal }) => {
      try {
        return await storiesApi.list(signal);
      } catch (error) {
        if (!signal.aborted) console.warn('stories: could not load', error);
        throw error;
      }
    },
    refetchInterval: STORIES_REFRESH_MS,
  });
  return { stories: liveStories(query.data ?? []), isLoading: query.isPending && !query.isError };
}
