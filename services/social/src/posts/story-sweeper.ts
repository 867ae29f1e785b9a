import { LOGGER } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { CLOCK, Clock } from '../common/clock';
import { CommentsRepository } from '../comments/comments.repository';
import { EdgeDoc, EdgeRemovals } from '../common/edges';
import { SOCIAL_SETTINGS, SocialSettings } from '../common/settings';
import { Timelines } from '../feeds/timelines';
import { FollowsRepository } from '../follows/follows.repository';
import { FollowsService } from '../follows/follows.service';
import { LikesRepository } from '../likes/likes.repository';
import { EDGE_KINDS, LikesService } from '../likes/likes.service';
import type { Model } from 'mongoose';
import { PostsRepository } from './posts.repository';

/**
 * The periodic sweep: marks stories whose 5 hours are over (reads already hide them: they filter on
 * expiresAt, since FerretDB has no TTL indexes) and drops them from the active-stories list, and
 * completes edge removals (unlike, unfollow) that a crash left halfway. Idempotent, so every
 * instance may run it.
 */
@Injectable()
export class StorySweeper implements OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private passes = 0;

  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(Timelines) private readonly timelines: Timelines,
    @Inject(EdgeRemovals) private readonly removals: EdgeRemovals,
    @Inject(LikesRepository) private readonly likes: LikesRepository,
    @Inject(CommentsRepository) private readonly comments: CommentsRepository,
    @Inject(LikesService) private readonly likesService: LikesService,
    @Inject(FollowsRepository) private readonly follows: FollowsRepository,
    @Inject(FollowsService) private readonly followsService: FollowsService,
    @Inject(SOCIAL_SETTINGS) private readonly settings: SocialSettings,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      // Every hour also a full MongoDB pass, for stories the Redis list never held.
      const full = this.passes++ % Math.max(1, Math.round(3_600_000 / this.settings.sweepIntervalMs)) === 0;
      this.running = this.sweep({ full })
        .catch((error) => this.logger.warn({ err: error }, 'social sweep failed; will retry'))
        .finally(() => (this.running = undefined));
    }, this.settings.sweepIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One pass; returns the ids of the stories it marked expired. */
  async sweep(options: { full?: boolean } = { full: true }): Promise<string[]> {
    const now = this.clock.now();
    const due = await this.timelines.expiredStories(now);
    for (const id of due) await this.posts.markExpired(id);
    const scanned = options.full ? await this.posts.markExpiredStories(now) : [];
    await this.timelines.forgetExpiredStories(now);
    const expired = [...new Set([...due, ...scanned])];
    const recovered = await this.removals.recover(
      {
        [EDGE_KINDS.postLike]: this.likes.postLikes as unknown as Model<EdgeDoc>,
        [EDGE_KINDS.commentLike]: this.likes.commentLikes as unknown as Model<EdgeDoc>,
        [EDGE_KINDS.follow]: this.follows.model as unknown as Model<EdgeDoc>,
      },
      new Date(now.getTime() - 60_000),
    );
    for (const { kind, edgeId } of recovered) {
      const [target, actor] = edgeId.split(':');
      if (kind === EDGE_KINDS.postLike) {
        await this.likes.postLikeChanged(actor, target, false, edgeId);
        await this.likesService.settlePost(target);
      } else if (kind === EDGE_KINDS.follow) {
        // follow ids are "<follower>:<followee>"
        await this.followsService.afterChange(target, actor, false);
      } else if (kind === EDGE_KINDS.commentLike) {
        await this.likes.commentLikeChanged(actor, target, false, edgeId);
        await this.comments.settleLikes(target, () => this.likes.countForComment(target));
      }
    }
    if (expired.length > 0 || recovered.length > 0)
      this.logger.info(
        { expiredStories: expired.length, recoveredRemovals: recovered.length },
        'social sweep',
      );
    return expired;
  }
}
