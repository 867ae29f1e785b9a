import { outboxPlugin } from '@aura/platform';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/**
 * A comment or a reply (collection `comments`, `_id` = UUID). A reply names its parent comment, which
 * belongs to the same post. likesCount mirrors `comment_likes` (`$inc`-ed with each like and unlike);
 * comment.created travels in the document's outbox.
 */
export interface CommentDoc {
  _id: string;
  postId: string;
  authorId: string;
  parentCommentId: string | null;
  /** Author of the parent comment for a reply, else ''. */
  parentAuthorId: string;
  content: string;
  mentions: string[];
  mentionIds: string[];
  likesCount: number;
  createdAt: Date;
  deleted: boolean;
  /** When the commenter last edited the text; null (or absent on older comments) if never. */
  editedAt?: Date | null;
}

export const commentSchema = new Schema<CommentDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    authorId: { type: String, required: true },
    parentCommentId: { type: String, default: null },
    parentAuthorId: { type: String, default: '' },
    content: { type: String, required: true },
    mentions: { type: [String], default: [] },
    mentionIds: { type: [String], default: [] },
    likesCount: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    deleted: { type: Boolean, default: false },
    editedAt: { type: Date, default: null },
  },
  { collection: 'comments', versionKey: false },
);
/** A post's comments oldest first (paged by createdAt, then _id). */
commentSchema.index({ postId: 1, createdAt: 1, _id: 1 });
commentSchema.index({ authorId: 1, createdAt: -1 });
/** Comments of the last minutes (CounterRepair). */
commentSchema.index({ createdAt: 1 });
commentSchema.plugin(outboxPlugin);

export function commentModel(connection: Connection): Model<CommentDoc> {
  return (
    (connection.models.Comment as Model<CommentDoc>) ?? connection.model<CommentDoc>('Comment', commentSchema)
  );
}
