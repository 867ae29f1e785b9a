import { QueryClient } from '@tanstack/react-query';

/**
 * Spec 000 §8: read failures are only logged and lists become empty, so queries retry once and stay quiet.
 * Fresh for 30 s: the post-sign-in refetch (1 s) and focus refetches do the rest.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
