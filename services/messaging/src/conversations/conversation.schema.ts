import { Schema } from 'mongoose';

/** A conversation between two members: `_id` is the sorted pair, inserted once. Never updated. */
export interface ConversationDoc {
  _id: string;
  member_ids: string[];
  /** Who opened it first: until its first message only they see it in their list. */
  created_by: string;
  created_at: Date;
}

export const conversationSchema = new Schema<ConversationDoc>(
  {
    _id: { type: String, required: true },
    member_ids: { type: [String], required: true },
    created_by: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'conversations', versionKey: false },
);
conversationSchema.index({ member_ids: 1 });
