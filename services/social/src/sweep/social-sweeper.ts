import { LOGGER, PeriodicTasks } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { CLOCK, Clock } from '../common/clock';
import { EDGE_KINDS, EdgeRemovals } from '../common/edges.repository';
import { SOCIAL_SETTINGS, SocialSettings } from '../common/settings';
import { Timelines } from '../feeds/timelines';
import { FollowsService } from '../follows/follows.service';
import { MembersRepository } from '../members/members.repository';
import { CounterRepair } from './counter-repair';

/**
 * The periodic sweep (every `sweepIntervalMs`; idempotent, so every instance may run it):
 * - drops expired stories from the Redis active-stories list (the stories themselves are deleted by
 *   the posts' TTL index; readers already skip them by their expiry);
 * - completes edge removals (unlike, unfollow) that a crash left halfway, and recounts their targets;
 * - recounts the counters of recently changed targets (CounterRepair).
 */
@Injectable()
export class SocialSweeper implements OnModuleDestroy {
  private readonly timer: PeriodicTasks;

  constructor(
    @Inject(Timelines) private readonly timelines: Timelines,
    @Inject(EdgeRemovals) private readonly removals: EdgeRemovals,
    @Inject(FollowsService) private readonly followsService: FollowsService,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(CounterRepair) private readonly repair: CounterRepair,
    @Inject(SOCIAL_SETTINGS) private readonly settings: SocialSettings,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.timer = new PeriodicTasks(
      [{ name: 'social sweep', everyMs: settings.sweepIntervalMs, run: () => this.sweep() }],
      logger,
    );
  }

  start(): void {
    this.timer.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.timer.stop();
  }

  /** One pass. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    await this.timelines.forgetExpiredStories(now);
    const recovered = await this.recoverRemovals(now);
    const repaired = await this.repair.repairRecent(now);
    if (recovered > 0 || repaired.posts + repaired.comments + repaired.members > 0)
      this.logger.info({ recoveredRemovals: recovered, recounted: repaired }, 'social sweep');
  }

  /** Completes removals older than a minute that a crash left halfway; returns how many. */
  private async recoverRemovals(now: Date): Promise<number> {
    const recovered = await this.removals.recover(new Date(now.getTime() - 60_000));
    for (const { kind, edgeId } of recovered) {
      const [first, second] = edgeId.split(':');
      if (kind === EDGE_KINDS.postLike) await this.repair.recountPost(first);
      else if (kind === EDGE_KINDS.commentLike) await this.repair.recountComment(first);
      else if (kind === EDGE_KINDS.follow) {
        // follow ids are "<follower>:<followee>"
        await Promise.all([this.repair.recountMember(first), this.repair.recountMember(second)]);
        await this.followsService.updateCaches(first, second, false, await this.members.findById(second));
      }
    }
    return recovered.length;
  }
}
