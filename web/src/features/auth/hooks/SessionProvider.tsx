// Session state (spec 000 §4 "signed out" / "signed in"): the token lives in the token store (local
// storage), the member in the TanStack Query cache under queryKeys.me. A sign-in that cancelled the
// account's deletion says so in a notice.
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { queryKeys, SIGNED_IN_DATA_KEYS, tokenStore } from '../../../api';
import type { AuthResponse } from '../../../api/types';
import { showToast } from '../../../ui/toast';
import { deletionCancelledNotice, deletionNotice } from '../account-deletion';
import { authApi } from '../api';
import { SessionContext, type SessionStatus, type SessionValue } from './session-context';
import { useCurrentUserQuery } from './useCurrentUser';

/** Spec 000 §9: post-login refetch delay 1 second. */
export const POST_SIGN_IN_REFETCH_DELAY_MS = 1000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
  const me = useCurrentUserQuery(token !== null);
  const [isSigningOut, setSigningOut] = useState(false);
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // However the session ends (sign out, failed refresh, a 401 on /auth/me, another tab), drop all data.
  const hadToken = useRef(token !== null);
  useEffect(() => {
    if (hadToken.current && token === null) {
      clearTimeout(refetchTimer.current);
      queryClient.clear();
    }
    hadToken.current = token !== null;
  }, [token, queryClient]);

  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  const establishSession = useCallback(
    (auth: AuthResponse) => {
      queryClient.setQueryData(queryKeys.me, auth.user);
      tokenStore.set(auth.access_token);
      // A new session: the signed-out notice of a requested deletion is over.
      deletionNotice.clear();
      const cancelled = deletionCancelledNotice(auth);
      if (cancelled) showToast(cancelled);
      clearTimeout(refetchTimer.current);
      refetchTimer.current = setTimeout(() => {
        for (const queryKey of SIGNED_IN_DATA_KEYS) void queryClient.invalidateQueries({ queryKey });
      }, POST_SIGN_IN_REFETCH_DELAY_MS);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    setSigningOut(true);
    clearTimeout(refetchTimer.current);
    try {
      // Wait for the revocation: its Set-Cookie must not land after a following sign-in.
      await authApi.logout();
    } catch (error) {
      console.warn('sign out: the server could not revoke the session', error);
    } finally {
      tokenStore.clear();
      queryClient.clear();
      setSigningOut(false);
    }
  }, [queryClient]);

  const user = token !== null ? (me.data ?? null) : null;
  const status: SessionStatus = token === null ? 'signed-out' : user ? 'signed-in' : 'restoring';

  const isRetrying = status === 'restoring' && me.failureCount > 0;
  const value = useMemo<SessionValue>(
    () => ({ status, user, establishSession, signOut, isSigningOut, isRetrying }),
    [status, user, establishSession, signOut, isSigningOut, isRetrying],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
