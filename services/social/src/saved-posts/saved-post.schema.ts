import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** A member's saved post (collection `saved_posts`, `_id` = "<memberId>:<postId>": one per pair). */
export interface SavedPostDoc {
  _id: string;
  memberId: string;
  postId: string;
  savedAt: Date;
}

const savedPostSchema = new Schema<SavedPostDoc>(
  {
    _id: { type: String, required: true },
    memberId: { type: String, required: true },
    postId: { type: String, required: true },
    savedAt: { type: Date, required: true },
  },
  { collection: 'saved_posts', versionKey: false },
);
/** One save per member and post (the `_id` says so too; this is the rule written down). */
savedPostSchema.index({ memberId: 1, postId: 1 }, { unique: true });
/** A member's saved posts, the most recently saved first (the Saved list, its count). */
savedPostSchema.index({ memberId: 1, savedAt: -1, _id: -1 });
/** The saves of a post (dropped when moderation removes it or its author's account is erased). */
savedPostSchema.index({ postId: 1 });

export const savedPostId = (memberId: string, postId: string) => `${memberId}:${postId}`;

export function savedPostModel(connection: Connection): Model<SavedPostDoc> {
  return (
    (connection.models.SavedPost as Model<SavedPostDoc>) ??
    connection.model<SavedPostDoc>('SavedPost', savedPostSchema)
  );
}
