// GET /api/stories (spec 000 §7): followed members' and your own stories of the last 5 hours.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../../api/request';

export function createStoriesApi(api: ApiClient) {
  return {
    list: async (signal?: AbortSignal) => asList(await api.call((c) => c.GET('/api/stories', { signal }))),
  };
}
