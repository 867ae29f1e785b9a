// Friendly names for the messaging shapes of the generated schema (spec 000 §3 Conversation, Message).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Conversation = Schemas['ConversationResponse'];
export type ConversationParticipant = Schemas['ConversationParticipantResponse'];
export type Message = Schemas['MessageResponse'];
export type BlockedEntry = Schemas['BlockedEntryResponse'];

/** A message this client sent that the server has not answered yet (or refused). */
export type PendingMessage = Message & { pending: true; failed?: boolean };
export type ChatMessage = Message | PendingMessage;

/** Socket payloads (gateway/src/realtime): server → client. */
export interface UserTypingEvent {
  conversation_id: string;
  user_id: string;
  typing: boolean;
}
export interface PresenceEvent {
  user_id: string;
  username?: string;
}
export interface MessageReadUpdateEvent {
  message_id: string;
  conversation_id: string;
  is_read: boolean;
  read_by: string;
  read_at: string;
}
export interface MessageReactionUpdateEvent {
  message_id: string;
  conversation_id: string;
  reactions: Message['reactions'];
  user_id: string;
  emoji: string;
  on: boolean;
}
/** message_removed: a moderator removed a message of the conversation. */
export interface MessageRemovedEvent {
  message_id: string;
  conversation_id: string;
}
export interface MessageNotificationEvent {
  conversation_id: string;
  message: Message;
  sender: { id: string; username: string; display_name: string; profile_picture: string };
}
