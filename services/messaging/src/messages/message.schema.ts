import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';

export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface SenderSnapshot {
  username: string;
  display_name: string;
  profile_picture: string;
  aura_score: number;
  is_super_aura: boolean;
}

/** What a reply shows of the message it quotes, taken when the reply was sent. */
export interface QuotedMessageDoc {
  message_id: string;
  sender_id: string;
  sender_name: string;
  excerpt: string;
  message_type: MessageType;
  /** The quoted message was removed or deleted since (its excerpt was cleared then). */
  unavailable?: boolean;
}

/** The story a story reply answers, as it was. */
export interface QuotedStoryDoc {
  story_id: string;
  author_id: string;
  excerpt: string;
  media_url: string;
  media_type: string;
}

/**
 * A message: inserted once (`_id` derived from the client's id when it gave one) together with its
 * `message.sent` event (`_outbox`, cleared once published; see OutboxFinisher). Changed afterwards only
 * by a moderator's removal and the quote of a reply whose quoted message went.
 */
export interface MessageDoc {
  _id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  message_type: MessageType;
  media_url: string;
  media_filename: string;
  client_message_id: string;
  /** The sender as they were when sending. */
  sender: SenderSnapshot;
  created_at: Date;
  /** Removed by a moderator: content and media were cleared. */
  removed?: boolean;
  reply_to?: QuotedMessageDoc;
  story?: QuotedStoryDoc;
}

export const messageSchema = new Schema<MessageDoc>(
  {
    _id: { type: String, required: true },
    conversation_id: { type: String, required: true },
    sender_id: { type: String, required: true },
    recipient_id: { type: String, required: true },
    content: { type: String, default: '' },
    message_type: { type: String, required: true },
    media_url: { type: String, default: '' },
    media_filename: { type: String, default: '' },
    client_message_id: { type: String, default: '' },
    removed: { type: Boolean },
    reply_to: { type: Schema.Types.Mixed },
    story: { type: Schema.Types.Mixed },
    sender: { type: Schema.Types.Mixed },
    created_at: { type: Date, required: true },
  },
  { collection: 'messages', versionKey: false },
);
// `_outbox`, with a sparse index holding only the documents whose events are not published yet.
messageSchema.plugin(outboxPlugin);
// A conversation's messages, newest first (pages of history, the cache's window, its total).
messageSchema.index({ conversation_id: 1, created_at: -1, _id: -1 });
// The replies quoting a message (their quote is cleared when it is removed or deleted).
messageSchema.index({ 'reply_to.message_id': 1 }, { sparse: true });
// What a member received in a conversation (their unread count when the cache is rebuilt).
messageSchema.index({ recipient_id: 1, conversation_id: 1 });

/**
 * Read state: one document per message the recipient read (`_id` = message id), inserted once with its
 * `message.read` event (`_outbox`), so "became read" happens exactly once however often it is asked.
 */
export interface MessageReadDoc {
  _id: string;
  conversation_id: string;
  reader_id: string;
  sender_id: string;
  read_at: Date;
}

export const messageReadSchema = new Schema<MessageReadDoc>(
  {
    _id: { type: String, required: true },
    conversation_id: { type: String, required: true },
    reader_id: { type: String, required: true },
    sender_id: { type: String, required: true },
    read_at: { type: Date, required: true },
  },
  { collection: 'message_reads', versionKey: false },
);
// `_outbox`, with a sparse index holding only the documents whose events are not published yet.
messageReadSchema.plugin(outboxPlugin);
// What a member read in a conversation (their unread count when the cache is rebuilt).
messageReadSchema.index({ conversation_id: 1, reader_id: 1 });

/**
 * A member's reaction with one emoji to one message. `_id` is `<message id>:<member id>:<slot>` (slot
 * 0..MAX_REACTIONS_PER_MEMBER-1) and (message_id, user_id, emoji) is unique: both hold under
 * concurrency (FerretDB updates are not atomic, unique indexes are; ADR 0002), so a member holds at
 * most one of each emoji and at most MAX_REACTIONS_PER_MEMBER on a message however they race.
 */
export interface MessageReactionDoc {
  _id: string;
  message_id: string;
  conversation_id: string;
  user_id: string;
  emoji: string;
  created_at: Date;
}

export const messageReactionSchema = new Schema<MessageReactionDoc>(
  {
    _id: { type: String, required: true },
    message_id: { type: String, required: true },
    conversation_id: { type: String, required: true },
    user_id: { type: String, required: true },
    emoji: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'message_reactions', versionKey: false },
);
messageReactionSchema.index({ message_id: 1, user_id: 1, emoji: 1 }, { unique: true });
// What a member reacted with in a conversation (removed with their account).
messageReactionSchema.index({ conversation_id: 1, user_id: 1 });
