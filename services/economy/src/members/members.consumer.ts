import {
  changeTimeOf,
  RUNTIME,
  type DomainEvent,
  type ServiceRuntime,
  type Subscription,
} from '@aura/platform';
import type { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { SpendingService } from '../spending/spending.service';
import { MembersRepository } from './members.repository';

/**
 * Keeps the member directory (the platform's: identity's member events) and the block projection
 * from identity's events (each change is idempotent); an erased member's spending settings are removed.
 */
@Injectable()
export class MembersConsumer {
  private readonly subscription: Subscription;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(SpendingService) private readonly spending: Pick<SpendingService, 'forget'>,
  ) {
    this.subscription = this.members.directory.subscription({
      group: 'economy.members',
      events: ['user.registered', 'user.profile_changed'],
      applied: async (userId) => this.members.changed(userId),
      also: {
        events: ['user.deleted', 'user.blocked', 'user.unblocked'],
        handle: (event) => this.handleOwn(event),
      },
    });
  }

  start(): Promise<void> {
    return this.runtime.subscribe(this.subscription);
  }

  handle(event: DomainEvent): Promise<void> {
    return this.subscription.handler(event);
  }

  private async handleOwn(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'user.deleted': {
        const { userId } = event.payload as identityEvents.UserDeleted;
        if (!userId) return;
        await this.members.markErased(userId);
        await this.spending.forget(userId);
        return;
      }
      case 'user.blocked':
      case 'user.unblocked': {
        const change = event.payload as identityEvents.UserBlockChanged;
        if (!change.blockerId || !change.blockedId) return;
        await this.members.changeBlock(
          change.blockerId,
          change.blockedId,
          event.type === 'user.blocked',
          changeTimeOf(event, change.changedAt),
        );
        return;
      }
      default:
        return;
    }
  }
}
