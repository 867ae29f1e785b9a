import { changeTimeOf, DomainEvent, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../common/clock';
import { Timelines } from '../feeds/timelines';
import { FollowsService } from '../follows/follows.service';
import { BlocksRepository } from './blocks.repository';

export const BLOCKS_GROUP = 'social.blocks';

/**
 * Blocks from identity: a block is recorded and removes the follows both ways (each with its
 * user.unfollowed event); an unblock only lifts the block. A change older than the pair's recorded one
 * (a late redelivery) changes nothing. Safe to run twice for one event.
 */
@Injectable()
export class BlocksConsumer {
  constructor(
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(FollowsService) private readonly follows: FollowsService,
    @Inject(Timelines) private readonly timelines: Timelines,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: BLOCKS_GROUP,
      events: ['user.blocked', 'user.unblocked'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const { blockerId, blockedId, changedAt } = event.payload as identityEvents.UserBlockChanged;
    if (!blockerId || !blockedId || blockerId === blockedId) return;
    if (event.type !== 'user.blocked' && event.type !== 'user.unblocked') return;
    const active = event.type === 'user.blocked';
    const at = changeTimeOf(event, changedAt, this.clock.now());
    const current = await this.blocks.change(blockerId, blockedId, active, at);
    if (!active || !current) return;
    await this.follows.remove(blockerId, blockedId);
    await this.follows.remove(blockedId, blockerId);
    await Promise.all([this.timelines.invalidate(blockerId), this.timelines.invalidate(blockedId)]);
  }
}
