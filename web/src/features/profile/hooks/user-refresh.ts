// Refreshing the signed-in member after a picture or banner upload. The upload answers at once, but the
// member record is updated by identity from media's event a moment later; so the cached member gets the
// new URL locally whenever the refetch does not carry it yet, and a few quiet re-reads follow until it does.
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../api';
import type { User } from '../../../api/types';
import { authApi } from '../../auth';
import { hasFields } from '../profile-media-rules';

/** Spec 000 §4 "a user-data refresh event fires": the DOM event, with the fields just changed. */
export const USER_DATA_REFRESH_EVENT = 'aura:user-data-refresh';
export type UserDataRefreshDetail = { expected?: Partial<User> };

const CONFIRM_ATTEMPTS = 5;
const CONFIRM_INTERVAL_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Puts `fields` on the cached member (the local update of spec 000 §4). */
export function patchCurrentUser(queryClient: QueryClient, fields: Partial<User>) {
  queryClient.setQueryData<User>(queryKeys.me, (user) => (user ? { ...user, ...fields } : user));
}

/**
 * Refreshes the member. Without `expected`, by invalidating its query (refetched at once). With it, the
 * query is invalidated and re-read here, and while an answer does not carry the expected fields yet
 * they are kept in the cache (no flash of the old picture) and the read is repeated quietly, up to 5
 * times 1 s apart, until it does.
 */
export async function refreshCurrentUser(queryClient: QueryClient, expected?: Partial<User>) {
  if (!expected) {
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    return;
  }
  await queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'none' });
  if (!queryClient.getQueryData(queryKeys.me)) return; // signed out meanwhile
  let fresh: User;
  try {
    fresh = await authApi.me();
  } catch (error) {
    console.warn('refreshing the member failed', error);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    return;
  }
  if (hasFields(fresh, expected)) {
    queryClient.setQueryData(queryKeys.me, fresh);
    return;
  }
  queryClient.setQueryData(queryKeys.me, { ...fresh, ...expected });
  // The caller may go on (e.g. clear the preview); the confirmation is quiet.
  void confirmLater(queryClient, expected);
}

async function confirmLater(queryClient: QueryClient, expected: Partial<User>) {
  for (let attempt = 0; attempt < CONFIRM_ATTEMPTS; attempt += 1) {
    await sleep(CONFIRM_INTERVAL_MS);
    if (!queryClient.getQueryData(queryKeys.me)) return;
    try {
      const fresh = await authApi.me();
      if (hasFields(fresh, expected)) {
        queryClient.setQueryData(queryKeys.me, fresh);
        return;
      }
    } catch (error) {
      console.warn('refreshing the member failed', error);
      return;
    }
  }
}

/** Fires the user-data refresh event (spec 000 §4 "Banner upload"). */
export function dispatchUserDataRefresh(detail: UserDataRefreshDetail = {}) {
  window.dispatchEvent(new CustomEvent<UserDataRefreshDetail>(USER_DATA_REFRESH_EVENT, { detail }));
}

/** Refreshes the member whenever the user-data refresh event fires. */
export function useUserDataRefreshListener() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onRefresh = (event: Event) => {
      const { expected } = (event as CustomEvent<UserDataRefreshDetail>).detail ?? {};
      void refreshCurrentUser(queryClient, expected);
    };
    window.addEventListener(USER_DATA_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(USER_DATA_REFRESH_EVENT, onRefresh);
  }, [queryClient]);
}
