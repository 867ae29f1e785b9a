// Follow / unfollow (spec 000 §4, §8): the count moves by one at once (never below 0), the button is
// disabled while the call runs, a failure is undone with 'Failed to update follow status. Please try again.'
// On success the Following feed and the stories strip reload (the member's posts join or leave them).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { membersApi } from '../api';
import { FOLLOW_FAILED, optimisticFollow, withFollowResult } from '../follow';
import type { MemberProfile } from '../types';

export function useFollowMember(userId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.memberProfile(userId);
  const update = (change: (profile: MemberProfile) => MemberProfile) =>
    queryClient.setQueryData<MemberProfile>(key, (profile) => (profile ? change(profile) : profile));

  const mutation = useMutation({
    mutationFn: (follow: boolean) => (follow ? membersApi.follow(userId) : membersApi.unfollow(userId)),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MemberProfile>(key);
      update((profile) => optimisticFollow(profile, follow));
      return { before };
    },
    onSuccess: (result) => {
      if (result && typeof result === 'object') update((profile) => withFollowResult(profile, result));
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed('following') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories });
    },
    onError: (error, _follow, context) => {
      console.warn('follow: the change failed', error);
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
  });

  return {
    setFollowing: (follow: boolean) => mutation.mutate(follow),
    isPending: mutation.isPending,
    errorMessage: mutation.isError ? FOLLOW_FAILED : null,
  };
}
