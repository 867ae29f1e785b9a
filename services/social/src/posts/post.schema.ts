import { outboxPlugin } from '@aura/platform';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

export type ContentType = 'text' | 'multimedia';
export type MediaType = 'image' | 'video' | 'audio' | '';

/**
 * A post or a story (collection `posts`, `_id` = UUID). Stories carry `expiresAt` (created + 5 h) and are
 * read only while `expiresAt > now` (no TTL indexes on FerretDB); the story sweep sets `expired` later.
 * likesCount / commentsCount / engagementScore are cached copies recomputed from the like and comment
 * documents after each change (never a bare $inc: FerretDB v1 loses concurrent ones, ADR 0003).
 * post.created / story.created travel in the document's outbox.
 */
export interface PostDoc {
  _id: string;
  authorId: string;
  content: string;
  contentLower: string;
  contentType: ContentType;
  category: string;
  mediaUrl: string;
  mediaType: MediaType;
  isStory: boolean;
  /** Lower-cased, without '#', unique, in order of appearance. */
  tags: string[];
  /** @usernames as written (without '@'), unique without regard to case. */
  mentions: string[];
  /** Member ids of the mentions that name a known member. */
  mentionIds: string[];
  likesCount: number;
  commentsCount: number;
  tipsCount: number;
  /** likes + 2 × comments + 3 × tips */
  engagementScore: number;
  createdAt: Date;
  /** Stories: createdAt + 5 h; posts: null. */
  expiresAt: Date | null;
  /** Set by the story sweep once a story has expired (reads filter on expiresAt anyway). */
  expired: boolean;
  deleted: boolean;
}

export const postSchema = new Schema<PostDoc>(
  {
    _id: { type: String, required: true },
    authorId: { type: String, required: true },
    content: { type: String, default: '' },
    contentLower: { type: String, default: '' },
    contentType: { type: String, required: true, enum: ['text', 'multimedia'] },
    category: { type: String, required: true },
    mediaUrl: { type: String, default: '' },
    mediaType: { type: String, default: '' },
    isStory: { type: Boolean, required: true },
    tags: { type: [String], default: [] },
    mentions: { type: [String], default: [] },
    mentionIds: { type: [String], default: [] },
    likesCount: { type: Number, default: 0 },
    commentsCount: { type: Number, default: 0 },
    tipsCount: { type: Number, default: 0 },
    engagementScore: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, default: null },
    expired: { type: Boolean, default: false },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'posts', versionKey: false },
);
postSchema.index({ createdAt: -1 });
postSchema.index({ authorId: 1, createdAt: -1 });
postSchema.index({ tags: 1 });
postSchema.index({ isStory: 1, expired: 1, expiresAt: 1 });
postSchema.plugin(outboxPlugin);

export function postModel(connection: Connection): Model<PostDoc> {
  return (connection.models.Post as Model<PostDoc>) ?? connection.model<PostDoc>('Post', postSchema);
}

/** engagement_score = likes + 2 × comments + 3 × tips (ADR 0004). */
export function engagementScore(counts: { likesCount: number; commentsCount: number; tipsCount: number }) {
  return counts.likesCount + 2 * counts.commentsCount + 3 * counts.tipsCount;
}
