// The author's own actions on a post: edit its text (every cached copy takes the server's answer, with
// its "edited" mark) and delete it (after the member confirms; it then leaves every list at once).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refusalOf } from '../../../api/errors';
import { showToast } from '../../../ui/toast';
import { postsApi } from '../api';
import type { Post } from '../types';
import { removePostEverywhere, updatePostEverywhere } from './usePostCache';

export const MAX_POST_LENGTH = 2000;

export const OwnPostMessages = {
  editFailed: "Couldn't save your changes. Please try again.",
  deleted: 'Post deleted',
  deleteFailed: "Couldn't delete the post. Please try again.",
} as const;

export function useOwnPostActions(post: Post) {
  const queryClient = useQueryClient();

  const edit = useMutation({
    mutationFn: (content: string) => postsApi.edit(post.id, content),
    onSuccess: (edited) => updatePostEverywhere(queryClient, post.id, (p) => ({ ...p, ...edited })),
  });

  const remove = useMutation({
    mutationFn: () => postsApi.remove(post.id),
    onSuccess: () => {
      removePostEverywhere(queryClient, post.id);
      showToast(OwnPostMessages.deleted);
    },
  });

  return {
    saveEdit: (content: string, onDone: () => void) => edit.mutate(content, { onSuccess: onDone }),
    editPending: edit.isPending,
    editError: edit.isError ? refusalOf(edit.error, OwnPostMessages.editFailed) : null,
    resetEdit: edit.reset,
    confirmDelete: () => remove.mutate(),
    deletePending: remove.isPending,
    deleteError: remove.isError ? refusalOf(remove.error, OwnPostMessages.deleteFailed) : null,
    resetDelete: remove.reset,
  };
}
