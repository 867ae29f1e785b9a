import { QueryClient } from '@tanstack/react-query';
import { retryDelay, retryRead } from '../api/retry';

/**
 * Spec 000 §8: read failures are only logged and lists become empty. Before that, a read that may pass
 * (no answer, timeout, 5xx) is tried again with exponential backoff (api/retry.ts); refusals are not.
 * Fresh for 30 s: the post-sign-in refetch (1 s), focus and reconnect refetches do the rest.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryRead,
        retryDelay: (attempt) => retryDelay(attempt),
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}
