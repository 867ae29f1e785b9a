import { CallContext, createEvent, NotFound, RUNTIME } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { BlocksRepository } from '../blocks/blocks.repository';
import { CLOCK, Clock } from '../common/clock';
import { EdgeRemovals, insertEdge } from '../common/edges';
import { commentIdOf, Messages, postIdOf, requireCaller } from '../common/ids';
import type { OutboxHost } from '../common/outbox-host';
import { CommentsRepository } from '../comments/comments.repository';
import { MembersRepository } from '../members/members.repository';
import { PostViews } from '../posts/post-views';
import { PostsRepository } from '../posts/posts.repository';
import { commentLikeId, postLikeId } from './like.schema';
import { LikesRepository } from './likes.repository';

export const EDGE_KINDS = { postLike: 'post_like', commentLike: 'comment_like', follow: 'follow' } as const;

/**
 * Like toggles. A like is the insert of "<target>:<member>" (a unique _id: one per member however many
 * requests race); an unlike removes that document through EdgeRemovals. Counts are then recomputed
 * from the like documents and written until they stick (never a bare $inc, never below 0).
 */
@Injectable()
export class LikesService {
  constructor(
    @Inject(LikesRepository) private readonly likes: LikesRepository,
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(CommentsRepository) private readonly comments: CommentsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(PostViews) private readonly views: PostViews,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
    @Inject(EdgeRemovals) private readonly removals: EdgeRemovals,
  ) {}

  async togglePostLike(request: social.PostRef, context: CallContext): Promise<social.LikeState> {
    const likerId = requireCaller(context);
    const postId = postIdOf(request.postId);
    const post = await this.views.visibleOne(postId, likerId);
    if (!post) throw new NotFound(Messages.postNotFound);
    const now = this.clock.now();
    const likeId = postLikeId(postId, likerId);
    const changed = (type: 'post.liked' | 'post.unliked', likesCount: number) =>
      createEvent(this.runtime.service, type, postId, {
        postId,
        authorId: post.authorId,
        likerId,
        likesCount: Math.max(0, likesCount),
        changedAt: now.toISOString(),
      });
    let liked = await insertEdge(
      this.likes.postLikes,
      { _id: likeId, postId, userId: likerId, createdAt: now },
      [changed('post.liked', post.likesCount + 1)],
      this.runtime,
    );
    if (!liked) {
      await this.removals.remove(
        EDGE_KINDS.postLike,
        this.likes.postLikes,
        likeId,
        async () => [changed('post.unliked', post.likesCount - 1)],
        now,
      );
      liked = false;
    }
    await this.likes.postLikeChanged(likerId, postId, liked, likeId);
    const settled = await this.settlePost(postId);
    await this.members.touchActive(likerId, now);
    return { liked, likesCount: settled?.likesCount ?? 0 };
  }

  /** Recomputes a post's like and comment counts from the truth. */
  settlePost(postId: string) {
    return this.posts.settleCounters(postId, async () => {
      const [likesCount, commentsCount] = await Promise.all([
        this.likes.countForPost(postId),
        this.comments.countForPost(postId),
      ]);
      return { likesCount, commentsCount };
    });
  }

  async toggleCommentLike(request: social.CommentRef, context: CallContext): Promise<social.LikeState> {
    const likerId = requireCaller(context);
    const commentId = commentIdOf(request.commentId);
    const comment = await this.comments.findById(commentId);
    if (!comment || comment.deleted) throw new NotFound(Messages.commentNotFound);
    const post = await this.views.visibleOne(comment.postId, likerId);
    if (!post || (await this.blocks.isBlockedEitherWay(likerId, comment.authorId)))
      throw new NotFound(Messages.commentNotFound);
    const now = this.clock.now();
    const likeId = commentLikeId(commentId, likerId);
    const changed = (type: 'comment.liked' | 'comment.unliked', likesCount: number) =>
      createEvent(this.runtime.service, type, comment.postId, {
        commentId,
        postId: comment.postId,
        commentAuthorId: comment.authorId,
        likerId,
        likesCount: Math.max(0, likesCount),
        changedAt: now.toISOString(),
      });
    let liked = await insertEdge(
      this.likes.commentLikes,
      { _id: likeId, commentId, postId: comment.postId, userId: likerId, createdAt: now },
      [changed('comment.liked', comment.likesCount + 1)],
      this.runtime,
    );
    if (!liked) {
      await this.removals.remove(
        EDGE_KINDS.commentLike,
        this.likes.commentLikes,
        likeId,
        async () => [changed('comment.unliked', comment.likesCount - 1)],
        now,
      );
      liked = false;
    }
    await this.likes.commentLikeChanged(likerId, commentId, liked, likeId);
    const settled = await this.comments.settleLikes(commentId, () => this.likes.countForComment(commentId));
    await this.members.touchActive(likerId, now);
    return { liked, likesCount: settled?.likesCount ?? 0 };
  }
}
