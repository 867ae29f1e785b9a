// Comment like (spec 001 §4 "toggles locally"): optimistic in the post's comment list, then the server's
// {liked, likes_count}; a failure is only logged and undone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentsApi } from '../api';
import type { Comment } from '../types';
import { updateComments } from './useComments';

export function useLikeComment(postId: string, comment: Comment) {
  const queryClient = useQueryClient();
  const patch = (change: (c: Comment) => Comment) =>
    updateComments(queryClient, postId, (page) => page.map((c) => (c.id === comment.id ? change(c) : c)));

  const mutation = useMutation({
    mutationFn: () => commentsApi.like(comment.id),
    onMutate: () => {
      const before = { has_liked: comment.has_liked, likes_count: comment.likes_count };
      const liked = !comment.has_liked;
      patch((c) => ({ ...c, has_liked: liked, likes_count: Math.max(0, c.likes_count + (liked ? 1 : -1)) }));
      return before;
    },
    onSuccess: (result) => patch((c) => ({ ...c, has_liked: result.liked, likes_count: result.likes_count })),
    onError: (error, _variables, before) => {
      console.warn('comment like: the toggle failed', error);
      if (before) patch((c) => ({ ...c, ...before }));
    },
  });
  return { toggle: () => mutation.mutate(), isPending: mutation.isPending };
}
