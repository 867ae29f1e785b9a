// The conversation list (GET /api/conversations), kept current by conversation_updated; read again
// whenever the socket (re)connects, since nothing missed meanwhile is replayed (services/messaging).
// A failure is only logged and the list reads as empty (spec 000 §8).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { messagingApi } from '../api';
import { loggedRead } from '../../../api/logged-read';
import { upsertConversation } from '../messaging';
import { useSocketConnected, useSocketEvent } from '../realtime/realtime-context';
import type { Conversation } from '../types';

export function useConversations() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.conversations,
    queryFn: loggedRead('conversations', messagingApi.conversations),
    staleTime: 10_000,
  });

  useSocketEvent<Conversation>('conversation_updated', (conversation) =>
    queryClient.setQueryData<Conversation[]>(queryKeys.conversations, (list) =>
      list ? upsertConversation(list, conversation) : list,
    ),
  );
  useSocketConnected(() => void queryClient.invalidateQueries({ queryKey: queryKeys.conversations }));

  return query;
}

/** Puts one conversation (just opened, or changed here) into the cached list. */
export function useUpsertConversation() {
  const queryClient = useQueryClient();
  return useCallback(
    (conversation: Conversation) =>
      queryClient.setQueryData<Conversation[]>(queryKeys.conversations, (list) =>
        list ? upsertConversation(list, conversation) : list,
      ),
    [queryClient],
  );
}
