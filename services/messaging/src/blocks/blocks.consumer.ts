import { changeTimeOf, DomainEvent, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { BlocksRepository } from './blocks.repository';

/** user.blocked / user.unblocked from identity (group messaging.blocks). */
@Injectable()
export class BlocksConsumer {
  constructor(
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'messaging.blocks',
      events: ['user.blocked', 'user.unblocked'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const p = event.payload as identityEvents.UserBlockChanged;
    const at = changeTimeOf(event, p.changedAt);
    await this.blocks.apply(p.blockerId, p.blockedId, event.type === 'user.blocked', at);
  }
}
