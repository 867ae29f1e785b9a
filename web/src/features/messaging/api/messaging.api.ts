// Messaging calls (spec 000 §7 "Messaging"): conversations, messages, sending (text or with media) and
// blocks. Through the app's one typed client; pure module (no DOM), the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../../api/request';
import type { ReactionEmoji } from '../chat-extras';
import { MESSAGES_PAGE } from '../messaging';

export interface SendMediaInput {
  recipientId: string;
  content: string;
  file: Blob;
  fileName: string;
  messageType: 'image' | 'video' | 'audio';
  clientMessageId: string;
  replyToId?: string;
}

/** The multipart body of POST /api/messages/send-with-media: the fields first, then the file. */
export function mediaMessageForm(input: SendMediaInput): FormData {
  const form = new FormData();
  form.append('recipient_id', input.recipientId);
  form.append('content', input.content);
  form.append('message_type', input.messageType);
  form.append('client_message_id', input.clientMessageId);
  if (input.replyToId) form.append('reply_to_message_id', input.replyToId);
  form.append('file', input.file, input.fileName);
  return form;
}

export function createMessagingApi(api: ApiClient) {
  return {
    conversations: async (signal?: AbortSignal) =>
      asList(await api.call((c) => c.GET('/api/conversations', { signal }))),
    /** Creates the conversation with the member when needed. */
    open: (userId: string) =>
      api.call((c) => c.GET('/api/conversations/{userId}', { params: { path: { userId } } })),
    messages: async (conversationId: string, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/conversations/{id}/messages', {
            params: { path: { id: conversationId }, query: { limit: MESSAGES_PAGE } },
            signal,
          }),
        ),
      ),
    send: (recipientId: string, content: string, clientMessageId: string, replyToId?: string) =>
      api.call((c) =>
        c.POST('/api/messages', {
          body: {
            recipient_id: recipientId,
            content,
            message_type: 'text',
            client_message_id: clientMessageId,
            ...(replyToId ? { reply_to_message_id: replyToId } : {}),
          },
        }),
      ),
    /** Adds (on) or takes back the member's reaction; answers the message with its reactions now. */
    react: (messageId: string, emoji: ReactionEmoji, on: boolean) =>
      api.call((c) =>
        (on ? c.PUT : c.DELETE)('/api/messages/{id}/reactions/{emoji}', {
          params: { path: { id: messageId, emoji } },
        }),
      ),
    /** Messages of the conversation containing q (2-100 characters), newest first. */
    search: async (conversationId: string, q: string, signal?: AbortSignal) =>
      asList(
        await api.call((c) =>
          c.GET('/api/conversations/{id}/messages/search', {
            params: { path: { id: conversationId }, query: { q, limit: 20 } },
            signal,
          }),
        ),
      ),
    /** A reply to a story: a message to its author quoting it. */
    replyToStory: (storyId: string, content: string, clientMessageId: string) =>
      api.call((c) =>
        c.POST('/api/stories/{id}/reply', {
          params: { path: { id: storyId } },
          body: { content, client_message_id: clientMessageId },
        }),
      ),
    sendWithMedia: (input: SendMediaInput) => {
      const form = mediaMessageForm(input);
      return api.call((c) =>
        c.POST('/api/messages/send-with-media', {
          body: {} as never,
          bodySerializer: () => form,
        }),
      );
    },
    blocked: async (signal?: AbortSignal) =>
      asList(await api.call((c) => c.GET('/api/users/blocked', { signal }))),
    block: (userId: string) =>
      api.call((c) =>
        c.POST('/api/users/{id}/block', {
          params: { path: { id: userId } },
          body: { user_id: userId, reason: '' },
        }),
      ),
    unblock: (userId: string) =>
      api.call((c) => c.DELETE('/api/users/{id}/block', { params: { path: { id: userId } } })),
  };
}

export type MessagingApi = ReturnType<typeof createMessagingApi>;
