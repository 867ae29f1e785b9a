import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** A post a member hid from their feeds (collection `hidden_posts`, `_id` = "<memberId>:<postId>"). */
export interface HiddenPostDoc {
  _id: string;
  memberId: string;
  postId: string;
  hiddenAt: Date;
}

const hiddenPostSchema = new Schema<HiddenPostDoc>(
  {
    _id: { type: String, required: true },
    memberId: { type: String, required: true },
    postId: { type: String, required: true },
    hiddenAt: { type: Date, required: true },
  },
  { collection: 'hidden_posts', versionKey: false },
);
/** One per member and post; its prefix reads a member's hidden posts (the set the feeds leave out). */
hiddenPostSchema.index({ memberId: 1, postId: 1 }, { unique: true });
/** The members who hid a post (dropped with the post when its author's account is erased). */
hiddenPostSchema.index({ postId: 1 });

export const hiddenPostId = (memberId: string, postId: string) => `${memberId}:${postId}`;

export function hiddenPostModel(connection: Connection): Model<HiddenPostDoc> {
  return (
    (connection.models.HiddenPost as Model<HiddenPostDoc>) ??
    connection.model<HiddenPostDoc>('HiddenPost', hiddenPostSchema)
  );
}
