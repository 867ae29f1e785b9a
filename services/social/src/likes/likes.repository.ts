import { MONGO, RUNTIME } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import type { OutboxHost } from '../common/outbox-host';
import { RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { CommentLikeDoc, commentLikeModel, PostLikeDoc, postLikeModel } from './like.schema';

/**
 * Likes of posts and comments. The documents are the truth (counts are recomputed from them); which
 * posts and comments a member liked is read from a Redis copy per member, rebuilt when missing.
 */
@Injectable()
export class LikesRepository {
  readonly postLikes: Model<PostLikeDoc>;
  readonly commentLikes: Model<CommentLikeDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
    @Inject(RUNTIME) runtime: OutboxHost,
  ) {
    this.postLikes = postLikeModel(connection);
    this.commentLikes = commentLikeModel(connection);
    runtime.registerOutbox(this.postLikes, this.commentLikes);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.postLikes.init(), this.commentLikes.init()]);
  }

  countForPost(postId: string): Promise<number> {
    return this.postLikes.countDocuments({ postId }).exec();
  }

  countForComment(commentId: string): Promise<number> {
    return this.commentLikes.countDocuments({ commentId }).exec();
  }

  /** Which of `postIds` the member liked. */
  async likedPostIds(userId: string, postIds: string[]): Promise<Set<string>> {
    const flags = await this.cache.contains(
      this.keys.likedPosts(userId),
      postIds,
      CacheTtl.memberSet,
      async () =>
        (await this.postLikes.find({ userId }).select({ postId: 1 }).lean<PostLikeDoc[]>().exec()).map(
          (like) => like.postId,
        ),
    );
    return new Set(postIds.filter((_, index) => flags[index]));
  }

  /** Which of `commentIds` the member liked. */
  async likedCommentIds(userId: string, commentIds: string[]): Promise<Set<string>> {
    const flags = await this.cache.contains(
      this.keys.likedComments(userId),
      commentIds,
      CacheTtl.memberSet,
      async () =>
        (
          await this.commentLikes.find({ userId }).select({ commentId: 1 }).lean<CommentLikeDoc[]>().exec()
        ).map((like) => like.commentId),
    );
    return new Set(commentIds.filter((_, index) => flags[index]));
  }

  /** Brings the member's cached liked set in line after a toggle (see RedisCache.reconcileMember). */
  async postLikeChanged(userId: string, postId: string, liked: boolean, likeId: string): Promise<void> {
    const key = this.keys.likedPosts(userId);
    if (liked) await this.cache.addToSet(key, postId);
    else await this.cache.removeFromSet(key, postId);
    await this.cache.reconcileMember(
      key,
      postId,
      async () => (await this.postLikes.exists({ _id: likeId })) !== null,
    );
  }

  async commentLikeChanged(userId: string, commentId: string, liked: boolean, likeId: string): Promise<void> {
    const key = this.keys.likedComments(userId);
    if (liked) await this.cache.addToSet(key, commentId);
    else await this.cache.removeFromSet(key, commentId);
    await this.cache.reconcileMember(
      key,
      commentId,
      async () => (await this.commentLikes.exists({ _id: likeId })) !== null,
    );
  }
}
