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

/**
 * A message: inserted once (`_id` derived from the client's id when it gave one) together with its
 * `message.sent` event (`_outbox`, cleared once published; see OutboxFinisher). Never changed otherwise.
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
    sender: { type: Schema.Types.Mixed },
    created_at: { type: Date, required: true },
  },
  { collection: 'messages', versionKey: false },
);
// `_outbox`, with a sparse index holding only the documents whose events are not published yet.
messageSchema.plugin(outboxPlugin);
// A conversation's messages, newest first (pages of history, the cache's window, its total).
messageSchema.index({ conversation_id: 1, created_at: -1, _id: -1 });
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
