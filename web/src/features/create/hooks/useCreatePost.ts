// Sends a post or story; on success the feeds, the stories strip and members' lists reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { refusalDetail } from '../../moderation';
import { createApi } from '../api';
import { CreateMessages, toCreatePostRequest, type CreateDraft } from '../validation';

export function useCreatePost() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (draft: CreateDraft) => createApi.createPost(toCreatePostRequest(draft)),
    onSuccess: () => {
      for (const queryKey of [queryKeys.feeds, queryKeys.stories, queryKeys.members]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => console.warn('create: the post failed', error),
  });
  return {
    create: mutation.mutate,
    isPending: mutation.isPending,
    // A suspended member reads the server's reason (403) instead of the generic failure.
    errorMessage: mutation.isError ? (refusalDetail(mutation.error) ?? CreateMessages.failed) : null,
    reset: mutation.reset,
  };
}
