// Editing one's comment (the list takes the server's answer, marked edited) and deleting a comment (one's
// own, or any on one's own post): it leaves the list with its replies, and the post's count drops by as
// many everywhere.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../../api/query-keys';
import { showToast } from '../../../../ui/toast';
import { usePostCache } from '../../hooks/usePostCache';
import { refusalOf } from '../../../../api/errors';
import { commentsApi } from '../api';
import type { Comment } from '../types';
import { cachedComments, updateComments } from './useComments';

export const OwnCommentMessages = {
  editFailed: "Couldn't save your changes. Please try again.",
  deleted: 'Comment deleted',
  deleteFailed: "Couldn't delete the comment. Please try again.",
} as const;

export function useOwnCommentActions(postId: string, comment: Comment) {
  const queryClient = useQueryClient();
  const updatePost = usePostCache();
  const key = queryKeys.postComments(postId);

  const edit = useMutation({
    mutationFn: (content: string) => commentsApi.edit(comment.id, content),
    onSuccess: (edited) =>
      updateComments(queryClient, postId, (page) =>
        page.map((c) => (c.id === comment.id ? { ...c, ...edited } : c)),
      ),
  });

  const remove = useMutation({
    mutationFn: () => commentsApi.remove(comment.id),
    onSuccess: () => {
      const isGone = (c: Comment) => c.id === comment.id || c.parent_comment_id === comment.id;
      const gone = cachedComments(queryClient, postId).filter(isGone);
      updateComments(queryClient, postId, (page) => page.filter((c) => !isGone(c)));
      const count = Math.max(1, gone.length);
      updatePost(postId, (post) => ({ ...post, comments_count: Math.max(0, post.comments_count - count) }));
      showToast(OwnCommentMessages.deleted);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => showToast(refusalOf(error, OwnCommentMessages.deleteFailed), 'error'),
  });

  return {
    saveEdit: (content: string, onDone: () => void) => edit.mutate(content, { onSuccess: onDone }),
    editPending: edit.isPending,
    editError: edit.isError ? refusalOf(edit.error, OwnCommentMessages.editFailed) : null,
    resetEdit: edit.reset,
    remove: () => remove.mutate(),
    deletePending: remove.isPending,
  };
}
