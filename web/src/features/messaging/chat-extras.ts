// Reply, reactions and unread jump of the chat (issue 23, item 3): pure helpers, unit-tested.
import type { ChatMessage, Message } from './types';

/** The reactions a message can get, in the order the server keeps (gateway REACTION_EMOJI). */
export const REACTION_EMOJI = ['❤️', '😂', '😮', '😢', '🙏', '👍'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];
/** How many different emoji one member may hold on one message (the server refuses a fourth). */
export const MAX_REACTIONS_PER_MEMBER = 3;
export const UNAVAILABLE_QUOTE_TEXT = 'This message is no longer available.';

export type Reaction = Message['reactions'][number];

/** The message's reactions replaced (as a socket update or an answer says they are now). */
export function withReactions(
  list: readonly ChatMessage[],
  messageId: string,
  reactions: Reaction[],
): ChatMessage[] {
  return list.map((message) => (message.id === messageId ? { ...message, reactions } : message));
}

export function reactedWith(message: ChatMessage, emoji: string, myId: string): boolean {
  return (message.reactions ?? []).some((r) => r.emoji === emoji && r.user_ids.includes(myId));
}

/** Whether the member may add this emoji: they hold it already (taking it back) or fewer than 3. */
export function canToggleReaction(message: ChatMessage, emoji: string, myId: string): boolean {
  if (reactedWith(message, emoji, myId)) return true;
  const held = (message.reactions ?? []).filter((r) => r.user_ids.includes(myId)).length;
  return held < MAX_REACTIONS_PER_MEMBER;
}

/** What the "Replying to" bar and a quote show of a message. */
export function quoteText(message: Pick<Message, 'content' | 'message_type' | 'removed'>): string {
  if (message.removed) return UNAVAILABLE_QUOTE_TEXT;
  if (message.content) return message.content;
  return message.message_type === 'text'
    ? ''
    : `${message.message_type[0].toUpperCase()}${message.message_type.slice(1)}`;
}

export interface UnreadMark {
  /** The first message to the member they had not read when the chat opened. */
  firstUnreadId: string;
  count: number;
}

/** The messages to the member they have not read, as the chat opens (undefined when none). */
export function unreadMark(list: readonly ChatMessage[], myId: string): UnreadMark | undefined {
  const unread = list.filter((m) => m.sender.id !== myId && !m.is_read && !('pending' in m));
  return unread.length > 0 ? { firstUnreadId: unread[0].id, count: unread.length } : undefined;
}

export const newMessagesLabel = (count: number) => `${count} new message${count === 1 ? '' : 's'}`;

/** Far enough from the bottom of the list to offer "Jump to latest". */
export const JUMP_TO_LATEST_AFTER_PX = 240;
