import { DomainEvent, RUNTIME, ServiceRuntime } from '@aura/platform';
import { adminEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CommentsRepository } from '../comments/comments.repository';
import { PostsRepository } from '../posts/posts.repository';
import { SavedPostsRepository } from '../saved-posts/saved-posts.repository';

export const MODERATION_GROUP = 'social.moderation';

/**
 * A moderator removed a post, story or comment (moderation.action_taken, action remove): it is hidden
 * everywhere (`deleted`), which every feed, list and lookup already leaves out. A removed comment no
 * longer counts on its post; a removed post's saves are dropped (they no longer count toward the
 * savers' limit). Safe to run twice: only the first run finds it visible, and the saves' delete repeats.
 */
@Injectable()
export class ModerationConsumer {
  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(CommentsRepository) private readonly comments: CommentsRepository,
    @Inject(SavedPostsRepository) private readonly savedPosts: SavedPostsRepository,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: MODERATION_GROUP,
      events: ['moderation.action_taken'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const taken = event.payload as adminEvents.ModerationActionTaken;
    if (taken.action !== 'remove') return;
    if (taken.targetType === 'post' || taken.targetType === 'story') {
      await this.posts.markDeleted(taken.targetId);
      await this.savedPosts.removeOfPosts([taken.targetId]);
    } else if (taken.targetType === 'comment') {
      const removed = await this.comments.markDeleted(taken.targetId);
      if (removed) await this.posts.addComment(removed.postId, -1);
    }
  }
}
