// Toggling a reaction (PUT / DELETE /api/messages/{id}/reactions/{emoji}): the answer's reactions replace
// the message's at once (the other member gets message_reaction_update); a refusal says why.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { showToast } from '../../../ui/toast';
import { ApiError } from '../../../api/errors';
import { messagingApi } from '../api';
import { reactedWith, type ReactionEmoji, withReactions } from '../chat-extras';
import type { ChatMessage } from '../types';

export function useReaction(conversationId: string, myId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (message: ChatMessage, emoji: ReactionEmoji) => {
      try {
        const answer = await messagingApi.react(message.id, emoji, !reactedWith(message, emoji, myId));
        queryClient.setQueryData<ChatMessage[]>(queryKeys.conversationMessages(conversationId), (list) =>
          list ? withReactions(list, answer.id, answer.reactions) : list,
        );
      } catch (error) {
        console.warn('messages: reaction failed', error);
        const refused = error instanceof ApiError && error.status && error.status < 500 ? error.detail : null;
        showToast(refused ?? 'Your reaction could not be saved. Please try again.', 'error');
      }
    },
    [conversationId, myId, queryClient],
  );
}
