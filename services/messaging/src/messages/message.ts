import type { messaging } from '@aura/proto';
import type { Participant } from '../members/participant';
import { participantMessage } from '../members/participant';
import type { MessageDoc, MessageType, QuotedMessageDoc, QuotedStoryDoc } from './message.schema';

/** A stored message (its read state is kept apart). */
export interface StoredMessage {
  id: string;
  conversationId: string;
  senderId: string;
  recipientId: string;
  content: string;
  messageType: MessageType;
  mediaUrl: string;
  mediaFilename: string;
  clientMessageId: string;
  sender: Participant;
  createdAt: Date;
  /** Removed by a moderator (content and media cleared). */
  removed?: boolean;
  /** The message this one answers, as it was when this one was sent. */
  replyTo?: QuotedMessageDoc;
  /** The story this one answers, as it was. */
  story?: QuotedStoryDoc;
}

export interface ReadState {
  isRead: boolean;
  readAt?: Date;
  /** Its reactions (none when not given). */
  reactions?: messaging.MessageReaction[];
}

export function toDoc(message: StoredMessage): MessageDoc {
  return {
    _id: message.id,
    conversation_id: message.conversationId,
    sender_id: message.senderId,
    recipient_id: message.recipientId,
    content: message.content,
    message_type: message.messageType,
    media_url: message.mediaUrl,
    media_filename: message.mediaFilename,
    client_message_id: message.clientMessageId,
    sender: {
      username: message.sender.username,
      display_name: message.sender.displayName,
      profile_picture: message.sender.profilePicture,
      aura_score: message.sender.auraScore,
      is_super_aura: message.sender.isSuperAura,
    },
    created_at: message.createdAt,
    ...(message.removed ? { removed: true } : {}),
    ...(message.replyTo ? { reply_to: message.replyTo } : {}),
    ...(message.story ? { story: message.story } : {}),
  };
}

export function fromDoc(doc: MessageDoc): StoredMessage {
  const sender = doc.sender ?? {
    username: '',
    display_name: '',
    profile_picture: '',
    aura_score: 0,
    is_super_aura: false,
  };
  return {
    id: doc._id,
    conversationId: doc.conversation_id,
    senderId: doc.sender_id,
    recipientId: doc.recipient_id,
    content: doc.content ?? '',
    messageType: doc.message_type,
    mediaUrl: doc.media_url ?? '',
    mediaFilename: doc.media_filename ?? '',
    clientMessageId: doc.client_message_id ?? '',
    sender: {
      id: doc.sender_id,
      username: sender.username ?? '',
      displayName: sender.display_name ?? '',
      profilePicture: sender.profile_picture ?? '',
      auraScore: Number(sender.aura_score ?? 0),
      isSuperAura: Boolean(sender.is_super_aura),
    },
    createdAt: new Date(doc.created_at),
    removed: Boolean(doc.removed),
    ...(doc.reply_to ? { replyTo: doc.reply_to } : {}),
    ...(doc.story ? { story: doc.story } : {}),
  };
}

/** The Redis form: the document as JSON (dates as ISO strings). */
export function toCacheJson(message: StoredMessage): string {
  return JSON.stringify(toDoc(message));
}

export function fromCacheJson(json: string): StoredMessage {
  return fromDoc(JSON.parse(json) as MessageDoc);
}

export function toMessageProto(message: StoredMessage, read: ReadState): messaging.Message {
  return {
    id: message.id,
    conversationId: message.conversationId,
    sender: participantMessage(message.sender),
    recipientId: message.recipientId,
    content: message.content,
    messageType: message.messageType,
    mediaUrl: message.mediaUrl,
    isRead: read.isRead,
    readAt: read.readAt ? read.readAt.toISOString() : '',
    createdAt: message.createdAt.toISOString(),
    clientMessageId: message.clientMessageId,
    removed: Boolean(message.removed),
    replyTo: message.replyTo
      ? {
          messageId: message.replyTo.message_id,
          senderId: message.replyTo.sender_id,
          senderName: message.replyTo.sender_name,
          excerpt: message.replyTo.excerpt,
          messageType: message.replyTo.message_type,
          unavailable: Boolean(message.replyTo.unavailable),
        }
      : undefined,
    reactions: read.reactions ?? [],
    story: message.story
      ? {
          storyId: message.story.story_id,
          authorId: message.story.author_id,
          excerpt: message.story.excerpt,
          mediaUrl: message.story.media_url,
          mediaType: message.story.media_type,
        }
      : undefined,
  };
}

/** At most this much of a quoted message's or story's text is kept with the reply. */
export const QUOTE_EXCERPT_LENGTH = 120;

export function excerptOf(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > QUOTE_EXCERPT_LENGTH
    ? `${chars.slice(0, QUOTE_EXCERPT_LENGTH - 1).join('')}…`
    : chars.join('');
}

/** The quote a reply keeps of the message it answers. */
export function quoteOf(message: StoredMessage): QuotedMessageDoc {
  return {
    message_id: message.id,
    sender_id: message.senderId,
    sender_name: message.sender.displayName || message.sender.username,
    excerpt: excerptOf(message.content),
    message_type: message.messageType,
  };
}
