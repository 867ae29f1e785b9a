import { useQuery } from '@tanstack/react-query';
import { queryKeys, tokenStore } from '../../../api';
import { endsSession, retryDelay, retrySession } from '../../../api/retry';
import { authApi } from '../api';

/**
 * GET /api/auth/me while a token exists. Spec 000 §4 "A failed fetch of the current user removes the
 * stored token" is read as: a 401 that the API client's one refresh could not cure. A network failure,
 * a timeout or a 5xx keeps the session and is tried again with backoff (a reload on a bad connection, a
 * Wi-Fi drop, an offline start); a cancelled fetch is no failure.
 */
export function useCurrentUserQuery(hasToken: boolean) {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: async ({ signal }) => {
      try {
        return await authApi.me(signal);
      } catch (error) {
        if (!signal.aborted && endsSession(error)) tokenStore.clear();
        throw error;
      }
    },
    enabled: hasToken,
    retry: retrySession,
    retryDelay: (attempt) => retryDelay(attempt),
    staleTime: 60_000,
  });
}
