// Sending (spec 000 §7: POST /api/messages, POST /api/messages/send-with-media; §8 'Failed to send
// message. Please try again.'). The message shows at once with a clock; the answer (or its new_message
// echo, matched by client_message_id) replaces it; a failure removes it and says so.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { showToast } from '../../../ui/toast';
import { useSignedInUser } from '../../auth';
import { kindOfFile } from '../../../api/media-types';
import { refusalDetail } from '../../moderation';
import { messagingApi } from '../api';
import { mergeMessage, MessagingTexts, newClientMessageId } from '../messaging';
import { quoteText } from '../chat-extras';
import type { ChatMessage, Conversation, Message, PendingMessage } from '../types';

export interface Outgoing {
  text: string;
  file: File | null;
  /** The message this one answers. */
  replyTo?: Message | null;
}

export function useSendMessage(conversation: Conversation) {
  const queryClient = useQueryClient();
  const me = useSignedInUser();
  const key = queryKeys.conversationMessages(conversation.id);
  const recipientId = conversation.other_participant.id;

  /** Resolves true when the server stored the message. */
  return useCallback(
    async ({ text, file, replyTo }: Outgoing): Promise<boolean> => {
      const clientMessageId = newClientMessageId();
      const kind = file ? kindOfFile(file) : null;
      const pending: PendingMessage = {
        id: `pending-${clientMessageId}`,
        conversation_id: conversation.id,
        sender: {
          id: me.id,
          username: me.username,
          display_name: me.display_name,
          profile_picture: me.profile_picture ?? '',
          aura_score: me.aura_score,
          is_super_aura: Boolean(me.is_super_aura),
        },
        recipient_id: recipientId,
        content: text,
        message_type: kind ?? 'text',
        media_url: null,
        is_read: false,
        read_at: null,
        created_at: new Date().toISOString(),
        client_message_id: clientMessageId,
        removed: false,
        reply_to: replyTo
          ? {
              message_id: replyTo.id,
              sender_id: replyTo.sender.id,
              sender_name: replyTo.sender.display_name,
              excerpt: quoteText(replyTo),
              message_type: replyTo.message_type,
              unavailable: false,
            }
          : null,
        reactions: [],
        story: null,
        pending: true,
      };
      const update = (change: (list: ChatMessage[]) => ChatMessage[]) =>
        queryClient.setQueryData<ChatMessage[]>(key, (list) => change(list ?? []));
      update((list) => [...list, pending]);
      try {
        const message =
          file && kind
            ? await messagingApi.sendWithMedia({
                recipientId,
                content: text,
                file,
                fileName: file.name,
                messageType: kind,
                clientMessageId,
                replyToId: replyTo?.id,
              })
            : await messagingApi.send(recipientId, text, clientMessageId, replyTo?.id);
        update((list) => mergeMessage(list, message));
        return true;
      } catch (error) {
        console.warn('messages: send failed', error);
        update((list) => list.filter((item) => item.id !== pending.id));
        // A suspended member reads the server's reason (403) instead of the generic failure.
        showToast(refusalDetail(error) ?? MessagingTexts.sendFailed, 'error');
        return false;
      }
    },
    [conversation.id, key, me, queryClient, recipientId],
  );
}
