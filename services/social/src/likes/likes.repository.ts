import { EventRecord, MONGO, RUNTIME } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model } from 'mongoose';
import { CreatedWindow, createdIn } from '../common/created-window';
import { EDGE_KINDS, EdgeRemovals, Edges, RemovalEvents } from '../common/edges.repository';
import type { OutboxHost } from '../common/outbox-host';
import {
  CommentLikeDoc,
  commentLikeId,
  commentLikeModel,
  PostLikeDoc,
  postLikeId,
  postLikeModel,
} from './like.schema';

/**
 * Likes of posts and comments. Whether a member liked some posts or comments is read by `_id`
 * ("<target>:<member>"), the counts are kept on the posts and comments. Likes are edges
 * (common/edges.repository.ts): a like is inserted once with its event, an unlike goes through
 * EdgeRemovals.
 */
@Injectable()
export class LikesRepository implements OnModuleInit {
  readonly postLikes: Model<PostLikeDoc>;
  readonly commentLikes: Model<CommentLikeDoc>;
  private readonly postLikeEdges: Edges<PostLikeDoc>;
  private readonly commentLikeEdges: Edges<CommentLikeDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) runtime: OutboxHost,
    @Inject(EdgeRemovals) removals: EdgeRemovals,
  ) {
    this.postLikes = postLikeModel(connection);
    this.commentLikes = commentLikeModel(connection);
    runtime.registerOutbox(this.postLikes, this.commentLikes);
    this.postLikeEdges = removals.edges(EDGE_KINDS.postLike, this.postLikes);
    this.commentLikeEdges = removals.edges(EDGE_KINDS.commentLike, this.commentLikes);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.postLikes.init(), this.commentLikes.init()]);
  }

  /** Stores the member's like of a post with its events; false if they already like it. */
  insertPostLike(like: Omit<PostLikeDoc, '_id'>, events: EventRecord[]): Promise<boolean> {
    return this.postLikeEdges.insert({ _id: postLikeId(like.postId, like.userId), ...like }, events);
  }

  /** Removes the member's like, publishing `events(like)` once; the like if this call removed it. */
  removePostLike(postId: string, userId: string, events: RemovalEvents<PostLikeDoc>, now: Date) {
    return this.postLikeEdges.remove(postLikeId(postId, userId), events, now);
  }

  /** Stores the member's like of a comment with its events; false if they already like it. */
  insertCommentLike(like: Omit<CommentLikeDoc, '_id'>, events: EventRecord[]): Promise<boolean> {
    return this.commentLikeEdges.insert({ _id: commentLikeId(like.commentId, like.userId), ...like }, events);
  }

  /** Removes the member's like, publishing `events(like)` once; the like if this call removed it. */
  removeCommentLike(commentId: string, userId: string, events: RemovalEvents<CommentLikeDoc>, now: Date) {
    return this.commentLikeEdges.remove(commentLikeId(commentId, userId), events, now);
  }

  /** Account erasure: the posts and the comments the member likes. */
  likedBy(userId: string): Promise<{ postIds: string[]; commentIds: string[] }> {
    return this.likedTargets({ userId });
  }

  /** CounterRepair: the posts and the comments liked in `window` (likes still stored). */
  likedIn(window: CreatedWindow): Promise<{ postIds: string[]; commentIds: string[] }> {
    return this.likedTargets(createdIn(window));
  }

  private async likedTargets(
    filter: FilterQuery<PostLikeDoc> & FilterQuery<CommentLikeDoc>,
  ): Promise<{ postIds: string[]; commentIds: string[] }> {
    const [postIds, commentIds] = await Promise.all([
      this.postLikes.distinct('postId', filter).exec(),
      this.commentLikes.distinct('commentId', filter).exec(),
    ]);
    return { postIds: postIds.map(String), commentIds: commentIds.map(String) };
  }

  /** Account erasure: deletes the member's likes (the caller recounts what they touched). */
  async deleteAllBy(userId: string): Promise<void> {
    await this.postLikes.deleteMany({ userId }).exec();
    await this.commentLikes.deleteMany({ userId }).exec();
  }

  countForPost(postId: string): Promise<number> {
    return this.postLikes.countDocuments({ postId }).exec();
  }

  countForComment(commentId: string): Promise<number> {
    return this.commentLikes.countDocuments({ commentId }).exec();
  }

  /** Which of `postIds` the member liked. */
  async likedPostIds(userId: string, postIds: string[]): Promise<Set<string>> {
    if (postIds.length === 0) return new Set();
    const likes = await this.postLikes
      .find({ _id: { $in: postIds.map((postId) => postLikeId(postId, userId)) } })
      .select({ postId: 1 })
      .lean<Pick<PostLikeDoc, 'postId'>[]>()
      .exec();
    return new Set(likes.map((like) => like.postId));
  }

  /** Which of `commentIds` the member liked. */
  async likedCommentIds(userId: string, commentIds: string[]): Promise<Set<string>> {
    if (commentIds.length === 0) return new Set();
    const likes = await this.commentLikes
      .find({ _id: { $in: commentIds.map((commentId) => commentLikeId(commentId, userId)) } })
      .select({ commentId: 1 })
      .lean<Pick<CommentLikeDoc, 'commentId'>[]>()
      .exec();
    return new Set(likes.map((like) => like.commentId));
  }
}
