// The messaging dialog's rules (spec 000 §2 "Messaging dialog", §4 "Message", §5 "Chat message", §9).
// Pure module (no DOM, no Vite): unit-tested under node.
import { cutText } from '../../ui/text';
import type { ChatMessage, Conversation, Message, MessageNotificationEvent } from './types';

/** Spec 000 §9: the last-message preview is cut at 50 characters. */
export const LAST_MESSAGE_PREVIEW_MAX = 50;
/** Messages read per page (the newest page first). */
export const MESSAGES_PAGE = 50;

export const MessagingTexts = {
  noConversations: 'No conversations yet',
  noMessages: 'No messages yet',
  selectConversation: 'Select a conversation',
  sendFailed: 'Failed to send message. Please try again.',
  blocked: 'User has been blocked',
  blockFailed: 'Failed to block user',
  unblocked: 'User has been unblocked',
  unblockFailed: 'Failed to unblock user',
} as const;

/** What a message removed by a moderator reads as (its content and media are gone). */
export const REMOVED_MESSAGE_TEXT = 'This message was removed by a moderator.';

/** The preview of a conversation's last message: its text cut at 50, or what it carries. */
export function lastMessagePreview(message: Message | null | undefined): string {
  if (!message) return '';
  if (message.removed) return REMOVED_MESSAGE_TEXT;
  if (message.content.trim() !== '') return cutText(message.content, LAST_MESSAGE_PREVIEW_MAX);
  switch (message.message_type) {
    case 'image':
      return 'Photo';
    case 'video':
      return 'Video';
    case 'audio':
      return 'Audio';
    default:
      return '';
  }
}

/** Spec 000 §2: the conversation list is searched by username or display name (case-insensitive). */
export function filterConversations(conversations: readonly Conversation[], query: string): Conversation[] {
  const text = query.trim().toLowerCase().replace(/^@/, '');
  if (!text) return [...conversations];
  return conversations.filter(({ other_participant: other }) =>
    [other.username, other.display_name].some((name) => (name ?? '').toLowerCase().includes(text)),
  );
}

/** Latest activity first (a conversation without messages counts from when it was opened). */
const activityOf = (conversation: Conversation) =>
  Date.parse(conversation.last_message_time ?? conversation.updated_at ?? conversation.created_at) || 0;

/** The list with `conversation` replaced (or added), latest activity first. */
export function upsertConversation(
  list: readonly Conversation[],
  conversation: Conversation,
): Conversation[] {
  const others = list.filter((item) => item.id !== conversation.id);
  return [conversation, ...others].sort((a, b) => activityOf(b) - activityOf(a));
}

export type TickState = 'none' | 'clock' | 'read';

/** Spec 000 §4: the sender's own messages show a clock when unread and a double tick when read. */
export function tickState(message: ChatMessage, myId: string): TickState {
  if (message.sender.id !== myId) return 'none';
  return message.is_read ? 'read' : 'clock';
}

/** Spec 000 §5: sendable only when the text is non-empty after trimming or a file is attached. */
export function canSend(text: string, hasFile: boolean): boolean {
  return hasFile || text.trim() !== '';
}

/**
 * Adds a message to a conversation's messages once: a message already there (same id) is replaced, and
 * the echo of one this client sent replaces its pending copy (same client_message_id). Chronological.
 */
export function mergeMessage(list: readonly ChatMessage[], message: Message): ChatMessage[] {
  const index = list.findIndex(
    (item) =>
      item.id === message.id ||
      (message.client_message_id !== null && item.client_message_id === message.client_message_id),
  );
  if (index === -1) {
    const next = [...list, message];
    return next.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  }
  const current = list[index]!;
  // A read state never goes back (the push of the send may arrive after the read update).
  const merged = { ...message, is_read: message.is_read || (current.is_read && !('pending' in current)) };
  const next = [...list];
  next[index] = merged;
  return next;
}

/** Spec 000 §4: "unread becomes read when a read update arrives for it". */
export function markMessageRead(
  list: ChatMessage[],
  messageId: string,
  readAt: string | null,
): ChatMessage[] {
  let changed = false;
  const next = list.map((item) => {
    if (item.id !== messageId || item.is_read) return item;
    changed = true;
    return { ...item, is_read: true, read_at: readAt ?? item.read_at };
  });
  return changed ? next : list;
}

/** Messages to me that I have not read: the ones to mark read while the chat is open. */
export function unreadFromOthers(list: readonly ChatMessage[], myId: string): Message[] {
  return list.filter((item) => item.sender.id !== myId && !item.is_read && !('pending' in item));
}

/**
 * Online state of a member: the latest user_online / user_offline event about them wins, else what the
 * server said when the conversation was read (spec 000 §4 "online users are tracked from online and
 * offline events").
 */
export function isOnline(presence: ReadonlyMap<string, boolean>, userId: string, fromServer: boolean) {
  return presence.get(userId) ?? fromServer;
}

/**
 * The composer is hidden while either member blocks the other (spec 000 §4 "Block"). `blockedByMe` comes
 * from the member's own block list (always current); the conversation's `is_blocked` (either way) may lag
 * a moment behind an unblock made here, which `unblockedHere` covers.
 */
export function isChatBlocked(conversation: Conversation, blockedByMe: boolean, unblockedHere: boolean) {
  if (blockedByMe) return true;
  return conversation.is_blocked && !unblockedHere;
}

/** A client id for a message being sent (1-64 of letters, digits, - and _): retries are the same message. */
export function newClientMessageId(random: () => string = () => crypto.randomUUID()): string {
  return random()
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 64);
}

/** The notice of a message that arrived while the messaging dialog is closed. */
export function newMessageNotice(event: MessageNotificationEvent): string {
  const name = event.sender.display_name || event.sender.username;
  return name ? `New message from ${name}` : 'New message';
}

/** "14:05" today, else "12 Mar" (the time of a message or of a conversation's last activity). */
export function messageTime(iso: string | null | undefined, now: number = Date.now()): string {
  const time = Date.parse(iso ?? '');
  if (!Number.isFinite(time)) return '';
  const date = new Date(time);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString())
    return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}
