// Mute / unmute a member: their posts and stories leave (or rejoin) my feeds, stories and explore at once
// on the server; here the profile's is_muted changes at once and those lists reload. They are not told.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { showToast } from '../../../ui/toast';
import { membersApi } from '../api';
import type { MemberProfile } from '../types';

export const MUTE_FAILED = 'Failed to update mute. Please try again.';

export function useMuteMember(userId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.memberProfile(userId);
  const setMuted = (muted: boolean) =>
    queryClient.setQueryData<MemberProfile>(key, (profile) =>
      profile ? { ...profile, is_muted: muted } : profile,
    );

  const mutation = useMutation({
    mutationFn: (mute: boolean) => (mute ? membersApi.mute(userId) : membersApi.unmute(userId)),
    onMutate: async (mute) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MemberProfile>(key);
      setMuted(mute);
      return { before };
    },
    onSuccess: (_answer, mute) => {
      showToast(mute ? "Muted. You won't see their posts and stories in your feeds." : 'Unmuted');
      for (const queryKey of [queryKeys.feeds, queryKeys.stories, queryKeys.search, queryKeys.mutes])
        void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error, _mute, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      showToast(error instanceof ApiError ? error.userMessage : MUTE_FAILED);
    },
  });

  return { setMuted: (mute: boolean) => mutation.mutate(mute), isPending: mutation.isPending };
}
