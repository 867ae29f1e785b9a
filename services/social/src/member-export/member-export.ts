import {
  afterTimeAndId,
  decodeExportCursor,
  EXPORT_PAGE_SIZE,
  ExportPosition,
  ExportQuery,
  ExportRecord,
  ExportRecords,
  exportPageOf,
  isoDate,
} from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { CommentDoc } from '../comments/comment.schema';
import { CommentsRepository } from '../comments/comments.repository';
import { FollowDoc } from '../follows/follow.schema';
import { FollowsRepository } from '../follows/follows.repository';
import { MembersRepository } from '../members/members.repository';
import { PostDoc } from '../posts/post.schema';
import { PostsRepository } from '../posts/posts.repository';
import { SavedPostDoc } from '../saved-posts/saved-post.schema';
import { SavedPostsRepository } from '../saved-posts/saved-posts.repository';

/** What social holds of a member's data export (docs/data-export.md). */
export const SOCIAL_EXPORT_PARTS = ['posts', 'comments', 'stories', 'following', 'saved_posts'] as const;
export type SocialExportPart = (typeof SOCIAL_EXPORT_PARTS)[number];

const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const;

/**
 * The filters and sorts of the export's queries, one place for the export and the index tests: a
 * member's own content oldest first, after a position. What moderation removed (`deleted`) is left out
 * as everywhere else; stories are there whether expired or not (until the TTL index deletes them).
 */
export const ExportQueries = {
  /** Posts or stories (`authorId, createdAt, _id` index, read backwards). */
  content: (authorId: string, isStory: boolean, position: ExportPosition): ExportQuery<PostDoc> => ({
    filter: { authorId, isStory, deleted: false, ...afterTimeAndId('createdAt', position) },
    sort: OLDEST_FIRST,
  }),
  /** Comments and replies (`authorId, createdAt` index; the member's own only). */
  comments: (authorId: string, position: ExportPosition): ExportQuery<CommentDoc> => ({
    filter: { authorId, deleted: false, ...afterTimeAndId('createdAt', position) },
    sort: OLDEST_FIRST,
  }),
  /** The members one follows (`followerId` index). */
  following: (followerId: string, position: ExportPosition): ExportQuery<FollowDoc> => ({
    filter: { followerId, ...afterTimeAndId('createdAt', position) },
    sort: OLDEST_FIRST,
  }),
  /** The posts one saved (`memberId, savedAt, _id` index, read backwards). */
  savedPosts: (memberId: string, position: ExportPosition): ExportQuery<SavedPostDoc> => ({
    filter: { memberId, ...afterTimeAndId('savedAt', position) },
    sort: { savedAt: 1, _id: 1 },
  }),
};

const postRecord = (doc: PostDoc): ExportRecord => ({
  id: doc._id,
  created_at: isoDate(doc.createdAt),
  content: doc.content ?? '',
  content_type: doc.contentType,
  category: doc.category ?? '',
  media_url: doc.mediaUrl ?? '',
  media_type: doc.mediaType ?? '',
  tags: doc.tags ?? [],
  mentions: doc.mentions ?? [],
  likes_count: doc.likesCount ?? 0,
  comments_count: doc.commentsCount ?? 0,
  tips_count: doc.tipsCount ?? 0,
});

const storyRecord = (doc: PostDoc): ExportRecord => ({
  ...postRecord(doc),
  expires_at: isoDate(doc.expiresAt),
});

const commentRecord = (doc: CommentDoc): ExportRecord => ({
  id: doc._id,
  created_at: isoDate(doc.createdAt),
  post_id: doc.postId,
  reply_to_comment_id: doc.parentCommentId ?? null,
  content: doc.content ?? '',
  mentions: doc.mentions ?? [],
  likes_count: doc.likesCount ?? 0,
});

/** Reads a member's posts, comments, stories, follows and saved posts for their data export, a page at a time. */
@Injectable()
export class SocialExport {
  /** Records per page (tests lower it). */
  pageSize = EXPORT_PAGE_SIZE;

  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(CommentsRepository) private readonly comments: CommentsRepository,
    @Inject(FollowsRepository) private readonly follows: FollowsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(SavedPostsRepository) private readonly savedPosts: SavedPostsRepository,
  ) {}

  async page(userId: string, part: SocialExportPart, cursor: string): Promise<ExportRecords> {
    const position = decodeExportCursor(cursor, ['number', 'string'] as const);
    switch (part) {
      case 'posts':
      case 'stories': {
        const docs = await this.posts.exportPage(
          ExportQueries.content(userId, part === 'stories', position),
          this.pageSize + 1,
        );
        return this.records(docs, part === 'stories' ? storyRecord : postRecord);
      }
      case 'comments':
        return this.records(
          await this.comments.exportPage(ExportQueries.comments(userId, position), this.pageSize + 1),
          commentRecord,
        );
      case 'following': {
        const docs = await this.follows.exportPage(
          ExportQueries.following(userId, position),
          this.pageSize + 1,
        );
        const followees = await this.members.mapByIds(
          docs.slice(0, this.pageSize).map((doc) => doc.followeeId),
        );
        return this.records(docs, (doc) => ({
          id: doc.followeeId,
          username: followees.get(doc.followeeId)?.username ?? '',
          followed_at: isoDate(doc.createdAt),
        }));
      }
      case 'saved_posts': {
        // The saves only (the post and its author are someone else's data): which post, and when.
        const docs = await this.savedPosts.exportPage(
          ExportQueries.savedPosts(userId, position),
          this.pageSize + 1,
        );
        const page = exportPageOf(docs, this.pageSize, (last) => [
          new Date(last.savedAt).getTime(),
          last._id,
        ]);
        return {
          records: page.items.map((doc) => ({ post_id: doc.postId, saved_at: isoDate(doc.savedAt) })),
          nextCursor: page.nextCursor,
        };
      }
    }
  }

  private records<T extends { _id: string; createdAt: Date }>(
    docs: T[],
    toRecord: (doc: T) => ExportRecord,
  ): ExportRecords {
    const page = exportPageOf(docs, this.pageSize, (last) => [new Date(last.createdAt).getTime(), last._id]);
    return { records: page.items.map(toRecord), nextCursor: page.nextCursor };
  }
}
