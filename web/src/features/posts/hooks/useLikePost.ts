// Like toggle of a post: optimistic in every cached copy, then the server's {liked, likes_count}.
// Spec 000 §8: a failed like is only logged (the optimistic change is undone).
import { useMutation } from '@tanstack/react-query';
import { postsApi } from '../api';
import { toggledLike } from '../cache';
import type { Post } from '../types';
import { usePostCache } from './usePostCache';

export function useLikePost(post: Post) {
  const updatePost = usePostCache();
  const mutation = useMutation({
    mutationFn: () => postsApi.like(post.id),
    onMutate: () => {
      const before = { is_liked: Boolean(post.is_liked), likes_count: post.likes_count };
      updatePost(post.id, toggledLike);
      return before;
    },
    onSuccess: (result) =>
      updatePost(post.id, (p) => ({ ...p, is_liked: result.liked, likes_count: result.likes_count })),
    onError: (error, _variables, before) => {
      console.warn('like: the toggle failed', error);
      if (before) updatePost(post.id, (p) => ({ ...p, ...before }));
    },
  });
  return { toggle: () => mutation.mutate(), isPending: mutation.isPending };
}
