// Posting a comment: on success the list reloads and the post's comment count grows by one everywhere.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../../api/query-keys';
import { refusalDetail } from '../../../moderation';
import { usePostCache } from '../../hooks/usePostCache';
import { commentsApi } from '../api';
import type { Comment } from '../types';
import { updateComments } from './useComments';
import { COMMENT_FAILED, toNewComment } from '../validation';

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  const updatePost = usePostCache();
  const mutation = useMutation({
    mutationFn: ({ text, parentCommentId }: { text: string; parentCommentId?: string }) =>
      commentsApi.add(toNewComment(postId, text, parentCommentId)),
    onSuccess: (created) => {
      const key = queryKeys.postComments(postId);
      if (created && typeof created === 'object' && 'id' in created) {
        updateComments(queryClient, postId, (page) => page, created as Comment);
      }
      void queryClient.invalidateQueries({ queryKey: key });
      updatePost(postId, (post) => ({ ...post, comments_count: post.comments_count + 1 }));
    },
    onError: (error) => console.warn('comment: could not post', error),
  });
  return {
    add: (text: string, options?: { parentCommentId?: string; onSuccess?: () => void }) =>
      mutation.mutate({ text, parentCommentId: options?.parentCommentId }, { onSuccess: options?.onSuccess }),
    isPending: mutation.isPending,
    // A suspended member reads the server's reason (403) instead of the generic failure.
    errorMessage: mutation.isError ? (refusalDetail(mutation.error) ?? COMMENT_FAILED) : null,
    reset: mutation.reset,
  };
}
