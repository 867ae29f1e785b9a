// The dashboard's stats and the reflection section's lists, and the check-in, reflection and profile
// writes. Spec 000 §4: on success a check-in or reflection resets its form, closes its dialog, reloads
// the lists and stats (and the member: the aura moved) and fires the wallet update (the AC reward).
// Failed reads are only logged (spec 000 §8): figures show zero and lists become empty.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import type { User } from '../../../api/types';
import { loggedRead } from '../../../api/logged-read';
import { useRefreshWallet } from '../../wallet';
import { profileApi } from '../api';
import type { ProfileFields } from '../profile-form';
import type { CheckinForm, PostFilter, ReflectionForm } from '../wellness';

export const profileKeys = {
  all: ['profile'] as const,
  stats: ['profile', 'stats'] as const,
  checkins: ['profile', 'mood-checkins'] as const,
  reflections: ['profile', 'reflections'] as const,
  posts: (filter: PostFilter) => ['profile', 'posts', filter] as const,
};

export function useProfileStats() {
  const query = useQuery({
    queryKey: profileKeys.stats,
    queryFn: loggedRead('profile stats', (signal) => profileApi.stats(signal)),
  });
  return { stats: query.data, isLoading: query.isPending, isError: query.isError };
}

export function useCheckins() {
  const query = useQuery({
    queryKey: profileKeys.checkins,
    queryFn: loggedRead('mood check-ins', (signal) => profileApi.checkins(signal)),
  });
  return { checkins: query.data ?? [], isLoading: query.isPending && !query.isError };
}

export function useReflections() {
  const query = useQuery({
    queryKey: profileKeys.reflections,
    queryFn: loggedRead('reflections', (signal) => profileApi.reflections(signal)),
  });
  return { reflections: query.data ?? [], isLoading: query.isPending && !query.isError };
}

export function useOwnPosts(filter: PostFilter) {
  const query = useQuery({
    queryKey: profileKeys.posts(filter),
    queryFn: loggedRead('own posts', (signal) => profileApi.posts(filter, signal)),
  });
  return { posts: query.data ?? [], isLoading: query.isPending && !query.isError };
}

/** After a check-in or a reflection: lists, stats and the member (aura) again, and the wallet. */
function useAfterWellness() {
  const queryClient = useQueryClient();
  const refreshWallet = useRefreshWallet();
  return () => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    void refreshWallet();
  };
}

export function useCheckIn() {
  const after = useAfterWellness();
  return useMutation({ mutationFn: (form: CheckinForm) => profileApi.checkIn(form), onSuccess: after });
}

export function useReflect() {
  const after = useAfterWellness();
  return useMutation({ mutationFn: (form: ReflectionForm) => profileApi.reflect(form), onSuccess: after });
}

/** PUT /api/profile: the answer is the updated member, put in the cache at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<ProfileFields>) => profileApi.update(changes),
    onSuccess: (user: User) => {
      if (user && typeof user === 'object' && 'id' in user) queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.members });
    },
  });
}
