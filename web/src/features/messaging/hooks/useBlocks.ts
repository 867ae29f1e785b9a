// Blocks (spec 000 §7 GET /users/blocked, POST and DELETE /users/{id}/block; §4 "Block"; §8 alerts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { showToast } from '../../../ui/toast';
import { messagingApi } from '../api';
import { loggedRead } from '../../../api/logged-read';
import { MessagingTexts } from '../messaging';
import type { BlockedEntry } from '../types';

/** The ids of the members the signed-in member blocks (a failure reads as none, spec 000 §8). */
export function useBlockedIds(): ReadonlySet<string> {
  const query = useQuery({
    queryKey: queryKeys.blockedUsers,
    queryFn: loggedRead('blocks', messagingApi.blocked),
    select: (entries: BlockedEntry[]) => new Set(entries.map((entry) => entry.user.id)),
  });
  return query.data ?? EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();

export function useSetBlocked(onDone: (userId: string, blocked: boolean) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ userId, block }: { userId: string; block: boolean }) => {
      await (block ? messagingApi.block(userId) : messagingApi.unblock(userId));
    },
    onSuccess: (_result, { userId, block }) => {
      queryClient.setQueryData<BlockedEntry[]>(queryKeys.blockedUsers, (entries = []) => {
        const others = entries.filter((entry) => entry.user.id !== userId);
        if (!block) return others;
        const user = { id: userId, username: '', display_name: '', profile_picture: '', aura_score: 0 };
        return [{ user, reason: '', blocked_at: new Date().toISOString() }, ...others];
      });
      showToast(block ? MessagingTexts.blocked : MessagingTexts.unblocked);
      onDone(userId, block);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
    },
    onError: (error, { block }) => {
      console.warn('blocks: change failed', error);
      showToast(block ? MessagingTexts.blockFailed : MessagingTexts.unblockFailed, 'error');
    },
  });
  return {
    setBlocked: (userId: string, block: boolean) => mutation.mutate({ userId, block }),
    isPending: mutation.isPending,
  };
}
