import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { CommentsRepository } from '../comments/comments.repository';
import { Timelines } from '../feeds/timelines';
import { FollowsRepository } from '../follows/follows.repository';
import { FollowsService } from '../follows/follows.service';
import { HiddenPostsRepository } from '../hidden-posts/hidden-posts.repository';
import { LikesRepository } from '../likes/likes.repository';
import { MutedWordsRepository } from '../mutes/muted-words.repository';
import { MutesRepository } from '../mutes/mutes.repository';
import { PostsRepository } from '../posts/posts.repository';
import { SavedPostsRepository } from '../saved-posts/saved-posts.repository';
import { CounterRepair } from '../sweep/counter-repair';

export const ACCOUNT_ERASURE_GROUP = 'social.account-erasure';

/**
 * An erased account (identity's user.deleted): its posts, stories and comments are deleted, its likes
 * withdrawn and its follows undone (with the counts of the posts, comments and members they touched
 * recounted), and its mutes, muted words, saved and hidden posts dropped, with other members' saves and
 * hides of its posts. Every step deletes, so a redelivery is harmless.
 */
@Injectable()
export class AccountErasureConsumer {
  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(CommentsRepository) private readonly comments: CommentsRepository,
    @Inject(LikesRepository) private readonly likes: LikesRepository,
    @Inject(FollowsRepository) private readonly followEdges: FollowsRepository,
    @Inject(MutesRepository) private readonly mutes: MutesRepository,
    @Inject(MutedWordsRepository) private readonly mutedWords: MutedWordsRepository,
    @Inject(SavedPostsRepository) private readonly savedPosts: SavedPostsRepository,
    @Inject(HiddenPostsRepository) private readonly hiddenPosts: HiddenPostsRepository,
    @Inject(FollowsService) private readonly follows: FollowsService,
    @Inject(CounterRepair) private readonly counters: CounterRepair,
    @Inject(Timelines) private readonly timelines: Timelines,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: ACCOUNT_ERASURE_GROUP,
      events: ['user.deleted'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const { userId } = event.payload as identityEvents.UserDeleted;
    if (!userId) return;
    const [commentedPosts, liked, ownPosts] = await Promise.all([
      this.comments.postIdsCommentedBy(userId),
      this.likes.likedBy(userId),
      this.posts.idsByAuthor(userId),
    ]);
    const posts = await this.posts.deleteAllBy(userId);
    const comments = await this.comments.deleteAllBy(userId);
    await this.likes.deleteAllBy(userId);
    for (const postId of new Set([...commentedPosts, ...liked.postIds]))
      await this.counters.recountPost(postId);
    for (const commentId of liked.commentIds) await this.counters.recountComment(commentId);

    const { following, followers } = await this.followEdges.storedFollowsOf(userId);
    for (const followeeId of following) await this.follows.remove(userId, followeeId);
    for (const followerId of followers) await this.follows.remove(followerId, userId);
    await this.mutes.deleteAllOf(userId);
    await this.mutedWords.deleteAllOf(userId);
    await this.savedPosts.deleteOfMemberOrPosts(userId, ownPosts);
    await this.hiddenPosts.deleteOfMemberOrPosts(userId, ownPosts);
    await this.timelines.invalidate(userId);
    this.logger.info(
      {
        userId,
        posts,
        comments,
        follows: following.length + followers.length,
      },
      'account erased: social content removed',
    );
  }
}
