// Typing, both ways (spec 000 §4 "Typing"): the member's own typing_start / typing_stop through a
// TypingTimer, and who else is typing in the open conversation from user_typing.
import { useEffect, useMemo, useState } from 'react';
import { TypingTimer } from '../typing-timer';
import { useRealtime, useSocketEvent } from '../realtime/realtime-context';
import type { UserTypingEvent } from '../types';

/** The member's typing in a conversation: call `input(text)` on every change, `stop()` on blur/send. */
export function useTypingEmitter(conversationId: string) {
  const { socket } = useRealtime();
  const timer = useMemo(
    () =>
      new TypingTimer((typing) =>
        socket?.emit(typing ? 'typing_start' : 'typing_stop', { conversation_id: conversationId }),
      ),
    [socket, conversationId],
  );
  useEffect(() => () => timer.stop(), [timer]);
  return timer;
}

/** Whether the other member is typing in the conversation now. */
export function useOtherTyping(conversationId: string, otherId: string) {
  const [typing, setTyping] = useState<{ conversationId: string; typing: boolean }>({
    conversationId,
    typing: false,
  });
  useSocketEvent<UserTypingEvent>('user_typing', (event) => {
    if (event.conversation_id === conversationId && event.user_id === otherId)
      setTyping({ conversationId, typing: event.typing });
  });
  // A message from them ends their typing (their typing_stop may come a moment later).
  useSocketEvent<{ conversation_id: string; sender: { id: string } }>('new_message', (message) => {
    if (message.conversation_id === conversationId && message.sender.id === otherId)
      setTyping({ conversationId, typing: false });
  });
  return typing.conversationId === conversationId && typing.typing;
}
