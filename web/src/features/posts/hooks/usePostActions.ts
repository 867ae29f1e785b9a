// The ⋯ menu's actions on a post: Save / Unsave (optimistic in every cached copy), Share (share sheet or
// clipboard), Hide (the card leaves the feeds at once; a notice offers Undo; a failure puts it back).
// Hide and its Undo are plain calls, not component mutations: the card is gone before they finish.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api';
import { messageOf } from '../../../api/errors';
import { dismissToast, showToast } from '../../../ui/toast';
import { postsApi } from '../api';
import { sharePost } from '../post-share';
import type { Post } from '../types';
import { removeHiddenPost, usePostCache } from './usePostCache';

export const PostActionMessages = {
  saved: 'Post saved',
  unsaved: 'Removed from saved',
  saveFailed: "Couldn't update your saved posts. Please try again.",
  copied: 'Copied to clipboard',
  shareFailed: "Couldn't share the post. Please try again.",
  hidden: "Post hidden. You won't see it in your feeds.",
  hideFailed: "Couldn't hide the post. Please try again.",
  unhidden: 'Post shown again',
  unhideFailed: "Couldn't show the post again. Please try again.",
} as const;

/** Hides the post from the feeds at once, then asks the server; Undo shows it again. */
export function hidePost(queryClient: QueryClient, postId: string): void {
  const restore = removeHiddenPost(queryClient, postId);
  const undo = () => {
    restore();
    postsApi.unhide(postId).then(
      () => showToast(PostActionMessages.unhidden, 'info'),
      (error: unknown) => {
        removeHiddenPost(queryClient, postId);
        showToast(messageOf(error, PostActionMessages.unhideFailed), 'error');
      },
    );
  };
  const notice = showToast(PostActionMessages.hidden, 'info', { action: { label: 'Undo', onAction: undo } });
  postsApi.hide(postId).catch((error: unknown) => {
    dismissToast(notice);
    restore();
    showToast(messageOf(error, PostActionMessages.hideFailed), 'error');
  });
}

export function usePostActions(post: Post) {
  const queryClient = useQueryClient();
  const updatePost = usePostCache();
  const saved = Boolean(post.is_saved);

  const saveMutation = useMutation({
    mutationFn: (save: boolean) => (save ? postsApi.save(post.id) : postsApi.unsave(post.id)),
    onMutate: (save) => {
      updatePost(post.id, (p) => ({ ...p, is_saved: save }));
      return { before: saved };
    },
    onSuccess: (result) => {
      updatePost(post.id, (p) => ({ ...p, is_saved: result.saved }));
      showToast(result.saved ? PostActionMessages.saved : PostActionMessages.unsaved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedPosts });
    },
    onError: (error, _save, context) => {
      if (context) updatePost(post.id, (p) => ({ ...p, is_saved: context.before }));
      showToast(messageOf(error, PostActionMessages.saveFailed), 'error');
    },
  });

  const share = useCallback(() => {
    sharePost(post, navigator).then(
      (outcome) => {
        if (outcome === 'copied') showToast(PostActionMessages.copied);
      },
      () => showToast(PostActionMessages.shareFailed, 'error'),
    );
  }, [post]);

  return {
    saved,
    toggleSave: () => saveMutation.mutate(!saved),
    share,
    hide: () => hidePost(queryClient, post.id),
  };
}
