// The coin market's calls (spec 001 §7): the current price is public (sent without a token); the
// history is public on the server too (ADR 0006), the client sends its token as the spec shows.
import type { ApiClient } from '../../../api/client';

export function createMarketApi(api: ApiClient) {
  return {
    current: (signal?: AbortSignal) => api.call((c) => c.GET('/api/auracoin/price/current', { signal })),
    history: (hours: number, signal?: AbortSignal) =>
      api.call((c) => c.GET('/api/auracoin/price/history', { params: { query: { hours } }, signal })),
  };
}
