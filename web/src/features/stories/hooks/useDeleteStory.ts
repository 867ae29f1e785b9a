// Deleting one's own story (DELETE /api/posts/{id}): it leaves the strip and every list at once, which
// closes the viewer; a failure is shown in the viewer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../ui/toast';
import { postsApi } from '../../posts';
import { refusalOf } from '../../../api/errors';
import { removePostEverywhere } from '../../posts';

export const StoryMessages = {
  deleted: 'Story deleted',
  deleteFailed: "Couldn't delete the story. Please try again.",
} as const;

export function useDeleteStory() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (storyId: string) => postsApi.remove(storyId),
    onSuccess: (_result, storyId) => {
      removePostEverywhere(queryClient, storyId);
      showToast(StoryMessages.deleted);
    },
  });
  return {
    remove: (storyId: string) => mutation.mutate(storyId),
    isPending: mutation.isPending,
    errorMessage: mutation.isError ? refusalOf(mutation.error, StoryMessages.deleteFailed) : null,
  };
}
