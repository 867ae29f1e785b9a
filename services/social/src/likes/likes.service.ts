import { CallContext, createEvent, NotFound, RUNTIME } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { BlocksRepository } from '../blocks/blocks.repository';
import { CLOCK, Clock } from '../common/clock';
import { commentIdOf, Messages, postIdOf, requireCaller } from '../common/ids';
import type { OutboxHost } from '../common/outbox-host';
import { CommentsRepository } from '../comments/comments.repository';
import { MembersRepository } from '../members/members.repository';
import { PostViews } from '../posts/post-views';
import { PostsRepository } from '../posts/posts.repository';
import { LikesRepository } from './likes.repository';

/**
 * Like toggles. A like is the insert of "<target>:<member>" (a unique _id: one per member however many
 * requests race); an unlike removes that document (LikesRepository, through EdgeRemovals). The request
 * whose insert or delete succeeded then moves the target's count by one with `$inc` (never below 0).
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
  ) {}

  async togglePostLike(request: social.PostRef, context: CallContext): Promise<social.LikeState> {
    const likerId = requireCaller(context);
    const postId = postIdOf(request.postId);
    const post = await this.views.visibleOne(postId, likerId);
    if (!post) throw new NotFound(Messages.postNotFound);
    const now = this.clock.now();
    const changed = (type: 'post.liked' | 'post.unliked', likesCount: number) =>
      createEvent(this.runtime.service, type, postId, {
        postId,
        authorId: post.authorId,
        likerId,
        likesCount: Math.max(0, likesCount),
        changedAt: now.toISOString(),
      });
    const liked = await this.likes.insertPostLike({ postId, userId: likerId, createdAt: now }, [
      changed('post.liked', post.likesCount + 1),
    ]);
    const removed =
      !liked &&
      (await this.likes.removePostLike(
        postId,
        likerId,
        async () => [changed('post.unliked', post.likesCount - 1)],
        now,
      )) !== null;
    const counted = liked || removed ? await this.posts.addLike(postId, liked ? 1 : -1) : post;
    await this.members.touchActive(likerId, now);
    return { liked, likesCount: counted?.likesCount ?? 0 };
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
    const changed = (type: 'comment.liked' | 'comment.unliked', likesCount: number) =>
      createEvent(this.runtime.service, type, comment.postId, {
        commentId,
        postId: comment.postId,
        commentAuthorId: comment.authorId,
        likerId,
        likesCount: Math.max(0, likesCount),
        changedAt: now.toISOString(),
      });
    const liked = await this.likes.insertCommentLike(
      { commentId, postId: comment.postId, userId: likerId, createdAt: now },
      [changed('comment.liked', comment.likesCount + 1)],
    );
    const removed =
      !liked &&
      (await this.likes.removeCommentLike(
        commentId,
        likerId,
        async () => [changed('comment.unliked', comment.likesCount - 1)],
        now,
      )) !== null;
    const counted = liked || removed ? await this.comments.addLike(commentId, liked ? 1 : -1) : comment;
    await this.members.touchActive(likerId, now);
    return { liked, likesCount: counted?.likesCount ?? 0 };
  }
}
