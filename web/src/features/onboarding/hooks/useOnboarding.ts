// First-run data: the member's own counts (following), check-ins, and suggested members from explore's
// rankings (GET /api/creators/top-rising and /top-tipped: no new endpoint).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { useSignedInUser } from '../../auth';
import { useTopRising, useTopTipped } from '../../explore';
import { membersApi } from '../../members';
import { useMemberProfile } from '../../members';
import { useCheckins } from '../../profile';
import { setupDismissedKey, setupSteps, suggestionsFrom } from '../onboarding';

export function useSetupChecklist() {
  const user = useSignedInUser();
  const self = useMemberProfile(user.id);
  const { checkins, isLoading } = useCheckins();
  const following = self.data?.following_count ?? 0;
  const steps = setupSteps({
    profilePicture: user.profile_picture,
    bio: user.bio,
    checkins: checkins.length,
    following,
  });
  const known = !isLoading && !self.isPending;
  return { steps, complete: known && steps.every((step) => step.done), known };
}

/** Members to follow: the week's rising creators, then the most tipped, never oneself. */
export function useSuggestedMembers() {
  const user = useSignedInUser();
  const rising = useTopRising('7d');
  const tipped = useTopTipped('weekly');
  const allTime = useTopTipped('all');
  const members = useMemo(
    () =>
      suggestionsFrom(
        [rising.creators, tipped.creators, allTime.creators].map((list) => list.map((entry) => entry.user)),
        user.id,
        new Set(),
      ),
    [rising.creators, tipped.creators, allTime.creators, user.id],
  );
  return { members, isLoading: rising.isLoading || (tipped.isLoading && members.length === 0) };
}

/** Follow from a suggestion: the member's own following count and the Following feed follow. */
export function useSuggestionFollow(userId: string) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState(false);
  const mutation = useMutation({
    mutationFn: (follow: boolean) => (follow ? membersApi.follow(userId) : membersApi.unfollow(userId)),
    onMutate: (follow) => setFollowing(follow),
    onError: (error, follow) => {
      console.warn('follow: the change failed', error);
      setFollowing(!follow);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberProfile(user.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberProfile(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed('following') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories });
    },
  });
  return {
    following,
    isPending: mutation.isPending,
    failed: mutation.isError,
    toggle: () => mutation.mutate(!following),
  };
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const readFlag = (key: string) => {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};

/** "Hide" on the checklist, remembered per member in this browser. */
export function useSetupDismissed(): [boolean, () => void] {
  const user = useSignedInUser();
  const key = setupDismissedKey(user.id);
  const dismissed = useSyncExternalStore(
    subscribe,
    () => readFlag(key),
    () => false,
  );
  const dismiss = useCallback(() => {
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // private mode: hidden until reload
    }
    for (const listener of [...listeners]) listener();
  }, [key]);
  return [dismissed, dismiss];
}
