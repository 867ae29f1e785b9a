// Messaging calls (spec 000 §7 "Messaging"): conversations, messages, sending (text or with media) and
// blocks. Through the app's one typed client; pure module (no DOM), the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../posts/api/request';
import { MESSAGES_PAGE } from '../messaging';

export interface SendMediaInput {
  recipientId: string;
  content: string;
  file: Blob;
  fileName: string;
  messageType: 'image' | 'video' | 'audio';
  clientMessageId: string;
}

/** The multipart body of POST /api/messages/send-with-media: the fields first, then the file. */
export function mediaMessageForm(input: SendMediaInput): FormData {
  const form = new FormData();
  form.append('recipient_id', input.recipientId);
  form.append('content', input.content);
  form.append('message_type', input.messageType);
  form.append('client_message_id', input.clientMessageId);
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
    send: (recipientId: string, content: string, clientMessageId: string) =>
      api.call((c) =>
        c.POST('/api/messages', {
          body: {
            recipient_id: recipientId,
            content,
            message_type: 'text',
            client_message_id: clientMessageId,
          },
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
