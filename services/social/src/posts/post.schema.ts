import { outboxPlugin } from '@aura/platform';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

export type ContentType = 'text' | 'multimedia';
export type MediaType = 'image' | 'video' | 'audio' | '';

/**
 * A post or a story (collection `posts`, `_id` = UUID). Stories carry `expiresAt` (created + 5 h): a TTL
 * index deletes them once it has passed, and reads filter on `expiresAt > now` meanwhile (the server's
 * TTL monitor runs once a minute). likesCount / commentsCount mirror the like and comment documents:
 * each is `$inc`-ed right after its document is inserted or deleted, engagementScore with them (see
 * CounterRepair for how a crash between the two writes is repaired). post.created / story.created
 * travel in the document's outbox.
 */
export interface PostDoc {
  _id: string;
  authorId: string;
  content: string;
  contentLower: string;
  /** Search: the first 1..10 characters of each word of the content, lower-cased (`contentPrefixesOf`). */
  contentPrefixes: string[];
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
  /** Stories: createdAt + 5 h (deleted by the TTL index after that); posts: null. */
  expiresAt: Date | null;
  /** Hidden everywhere (moderation, or its author deleted it). Always stored: queries filter on `deleted: false`. */
  deleted: boolean;
  /** When the author last edited the text; null (or absent on older posts) if never. */
  editedAt?: Date | null;
}

export const postSchema = new Schema<PostDoc>(
  {
    _id: { type: String, required: true },
    authorId: { type: String, required: true },
    content: { type: String, default: '' },
    contentLower: { type: String, default: '' },
    contentPrefixes: { type: [String], default: undefined },
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
    deleted: { type: Boolean, default: false },
    editedAt: { type: Date, default: null },
  },
  { collection: 'posts', versionKey: false },
);
/** A member's posts newest first (member timelines, timeline rebuilds, media filters). */
postSchema.index({ authorId: 1, createdAt: -1, _id: -1 });
/** Everyone's posts or stories newest first (recent candidates, preview, public counts). */
postSchema.index({ isStory: 1, deleted: 1, createdAt: -1 });
/** Search: posts and stories with a word starting with the text, newest first (multikey). */
postSchema.index({ contentPrefixes: 1, createdAt: -1 });
/** Search ('#'): posts and stories with a tag in a prefix range, newest first (multikey). */
postSchema.index({ tags: 1, createdAt: -1 });
/** Deletes a story once expiresAt has passed (posts carry null, which a TTL index ignores). */
postSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
postSchema.plugin(outboxPlugin);

export function postModel(connection: Connection): Model<PostDoc> {
  return (connection.models.Post as Model<PostDoc>) ?? connection.model<PostDoc>('Post', postSchema);
}
