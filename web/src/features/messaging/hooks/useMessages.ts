// One conversation's messages (GET /api/conversations/{id}/messages, the newest page), its socket room
// (join_conversation / leave_conversation, joined again after a reconnect), live new_message,
// message_read_update, message_reaction_update and message_removed, and marking what the member sees read (message_read_event).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { messagingApi } from '../api';
import { loggedRead } from '../../../api/logged-read';
import { markMessageRead, mergeMessage, unreadFromOthers } from '../messaging';
import { useRealtime, useSocketConnected, useSocketEvent } from '../realtime/realtime-context';
import { withReactions } from '../chat-extras';
import type {
  ChatMessage,
  Conversation,
  Message,
  MessageReactionUpdateEvent,
  MessageReadUpdateEvent,
  MessageRemovedEvent,
} from '../types';

export function useMessages(conversationId: string) {
  const queryClient = useQueryClient();
  const { socket } = useRealtime();
  const key = queryKeys.conversationMessages(conversationId);

  const query = useQuery({
    queryKey: key,
    queryFn: loggedRead<ChatMessage[]>('messages', (signal) => messagingApi.messages(conversationId, signal)),
    staleTime: 5_000,
  });

  useEffect(() => {
    if (!socket) return undefined;
    const join = () => socket.emit('join_conversation', { conversation_id: conversationId });
    if (socket.connected) join();
    return () => {
      if (socket.connected) socket.emit('leave_conversation', { conversation_id: conversationId });
    };
  }, [socket, conversationId]);

  useSocketConnected(() => {
    socket?.emit('join_conversation', { conversation_id: conversationId });
    void queryClient.invalidateQueries({ queryKey: key });
  });

  return query;
}

/** Live updates of every cached conversation's messages (mounted once by the messaging dialog). */
export function useLiveMessages() {
  const queryClient = useQueryClient();
  useSocketEvent<Message>('new_message', (message) =>
    queryClient.setQueryData<ChatMessage[]>(
      queryKeys.conversationMessages(message.conversation_id),
      (list) => (list ? mergeMessage(list, message) : list),
    ),
  );
  useSocketEvent<MessageReactionUpdateEvent>('message_reaction_update', (update) =>
    queryClient.setQueryData<ChatMessage[]>(queryKeys.conversationMessages(update.conversation_id), (list) =>
      list ? withReactions(list, update.message_id, update.reactions) : list,
    ),
  );
  // A removed message also empties the quotes of its replies and maybe the list's last message: the
  // conversation and the list are read again rather than patched.
  useSocketEvent<MessageRemovedEvent>('message_removed', (removed) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversationMessages(removed.conversation_id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
  });
  useSocketEvent<MessageReadUpdateEvent>('message_read_update', (update) =>
    queryClient.setQueryData<ChatMessage[]>(queryKeys.conversationMessages(update.conversation_id), (list) =>
      list ? markMessageRead(list, update.message_id, update.read_at) : list,
    ),
  );
}

/**
 * Marks read the messages to the member shown in the open chat: one message_read_event each (once),
 * at once in the cache, and the conversation's unread badge cleared.
 */
export function useMarkRead(
  conversationId: string,
  messages: readonly ChatMessage[] | undefined,
  myId: string,
) {
  const queryClient = useQueryClient();
  const { socket, status } = useRealtime();
  const sent = useRef(new Set<string>());

  useEffect(() => {
    if (!socket || status !== 'connected' || !messages) return;
    const unread = unreadFromOthers(messages, myId).filter((message) => !sent.current.has(message.id));
    if (unread.length === 0) return;
    for (const message of unread) {
      sent.current.add(message.id);
      socket.emit('message_read_event', { message_id: message.id, conversation_id: conversationId });
    }
    const now = new Date().toISOString();
    queryClient.setQueryData<ChatMessage[]>(queryKeys.conversationMessages(conversationId), (list) =>
      list ? unread.reduce((acc, message) => markMessageRead(acc, message.id, now), list) : list,
    );
    queryClient.setQueryData<Conversation[]>(queryKeys.conversations, (list) =>
      list?.map((item) => (item.id === conversationId ? { ...item, unread_count: 0 } : item)),
    );
  }, [socket, status, messages, myId, conversationId, queryClient]);
}
