import { outboxPlugin } from '@aura/platform';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** A member's like of a post (collection `post_likes`, `_id` = "<postId>:<userId>": one per member). */
export interface PostLikeDoc {
  _id: string;
  postId: string;
  userId: string;
  createdAt: Date;
}

/** A member's like of a comment (collection `comment_likes`, `_id` = "<commentId>:<userId>"). */
export interface CommentLikeDoc {
  _id: string;
  commentId: string;
  postId: string;
  userId: string;
  createdAt: Date;
}

const postLikeSchema = new Schema<PostLikeDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'post_likes', versionKey: false },
);
postLikeSchema.index({ postId: 1 });
postLikeSchema.index({ userId: 1 });
/** Likes of the last minutes (CounterRepair). */
postLikeSchema.index({ createdAt: 1 });
postLikeSchema.plugin(outboxPlugin);

const commentLikeSchema = new Schema<CommentLikeDoc>(
  {
    _id: { type: String, required: true },
    commentId: { type: String, required: true },
    postId: { type: String, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'comment_likes', versionKey: false },
);
commentLikeSchema.index({ commentId: 1 });
commentLikeSchema.index({ userId: 1 });
commentLikeSchema.index({ createdAt: 1 });
commentLikeSchema.plugin(outboxPlugin);

export const postLikeId = (postId: string, userId: string) => `${postId}:${userId}`;
export const commentLikeId = (commentId: string, userId: string) => `${commentId}:${userId}`;

export function postLikeModel(connection: Connection): Model<PostLikeDoc> {
  return (
    (connection.models.PostLike as Model<PostLikeDoc>) ??
    connection.model<PostLikeDoc>('PostLike', postLikeSchema)
  );
}

export function commentLikeModel(connection: Connection): Model<CommentLikeDoc> {
  return (
    (connection.models.CommentLike as Model<CommentLikeDoc>) ??
    connection.model<CommentLikeDoc>('CommentLike', commentLikeSchema)
  );
}
