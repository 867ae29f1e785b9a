import { useQuery } from '@tanstack/react-query';
import { queryKeys, tokenStore } from '../../../api';
import { authApi } from '../api';

/**
 * GET /api/auth/me while a token exists. Spec 000 §4: "A failed fetch of the current user removes the
 * stored token" (a 401 is first given one refresh by the API client). A cancelled fetch is no failure.
 */
export function useCurrentUserQuery(hasToken: boolean) {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: async ({ signal }) => {
      try {
        return await authApi.me(signal);
      } catch (error) {
        if (!signal.aborted) tokenStore.clear();
        throw error;
      }
    },
    enabled: hasToken,
    retry: false,
    staleTime: 60_000,
  });
}
