import { DomainEvent, LOGGER, MONGO, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { Timelines } from '../feeds/timelines';
import { FollowsService } from '../follows/follows.service';
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
    @Inject(MONGO) private readonly connection: Connection,
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
    const db = this.connection;
    const distinct = async (collection: string, field: string, filter: object) =>
      (await db.collection(collection).distinct(field, filter)).map(String);

    const [commentedPosts, likedPosts, likedComments, ownPosts] = await Promise.all([
      distinct('comments', 'postId', { authorId: userId }),
      distinct('post_likes', 'postId', { userId }),
      distinct('comment_likes', 'commentId', { userId }),
      distinct('posts', '_id', { authorId: userId }),
    ]);
    const posts = await db.collection('posts').deleteMany({ authorId: userId });
    const comments = await db.collection('comments').deleteMany({ authorId: userId });
    await db.collection('post_likes').deleteMany({ userId });
    await db.collection('comment_likes').deleteMany({ userId });
    for (const postId of new Set([...commentedPosts, ...likedPosts])) await this.counters.recountPost(postId);
    for (const commentId of likedComments) await this.counters.recountComment(commentId);

    const [following, followers] = await Promise.all([
      distinct('follows', 'followeeId', { followerId: userId }),
      distinct('follows', 'followerId', { followeeId: userId }),
    ]);
    for (const followeeId of following) await this.follows.remove(userId, followeeId);
    for (const followerId of followers) await this.follows.remove(followerId, userId);
    await db.collection('mutes').deleteMany({ $or: [{ muterId: userId }, { mutedId: userId }] });
    await db.collection('muted_words').deleteMany({ memberId: userId });
    for (const collection of ['saved_posts', 'hidden_posts'])
      await db
        .collection(collection)
        .deleteMany({ $or: [{ memberId: userId }, { postId: { $in: ownPosts } }] });
    await this.timelines.invalidate(userId);
    this.logger.info(
      {
        userId,
        posts: posts.deletedCount,
        comments: comments.deletedCount,
        follows: following.length + followers.length,
      },
      'account erased: social content removed',
    );
  }
}
