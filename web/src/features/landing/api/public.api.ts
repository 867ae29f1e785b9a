// The landing page's public calls (spec 000 §7 "Auth and public", ADR 0004): sent without a token.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../../api/request';

export function createPublicApi(api: ApiClient) {
  return {
    stats: (signal?: AbortSignal) => api.call((c) => c.GET('/api/public/stats', { signal })),
    feedPreview: async (signal?: AbortSignal) =>
      asList(await api.call((c) => c.GET('/api/public/feed/preview', { signal }))),
  };
}
