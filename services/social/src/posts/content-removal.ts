import { Inject, Injectable } from '@nestjs/common';
import { CommentsRepository } from '../comments/comments.repository';
import { SavedPostsRepository } from '../saved-posts/saved-posts.repository';
import { PostsRepository } from './posts.repository';

/**
 * Taking content down, by its author or by a moderator, one way so both leave the same state. A post
 * or story is hidden everywhere (`deleted`, which every feed, list and lookup leaves out) and its saves
 * go (they no longer count toward the savers' limit). A comment is hidden with its replies (a reply
 * without its comment reads out of context) and its post's count drops by as many. Each answers
 * whether this call took it down; a repeat finds nothing visible, and the saves' delete repeats.
 */
@Injectable()
export class ContentRemoval {
  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(CommentsRepository) private readonly comments: CommentsRepository,
    @Inject(SavedPostsRepository) private readonly savedPosts: SavedPostsRepository,
  ) {}

  async removePost(postId: string): Promise<boolean> {
    const removed = await this.posts.markDeleted(postId);
    await this.savedPosts.removeOfPosts([postId]);
    return removed !== null;
  }

  async removeComment(commentId: string): Promise<boolean> {
    const removed = await this.comments.markDeleted(commentId);
    if (!removed) return false;
    const replies = removed.parentCommentId
      ? 0
      : await this.comments.markRepliesDeleted(removed.postId, removed._id);
    await this.posts.addComment(removed.postId, -(1 + replies));
    return true;
  }
}
