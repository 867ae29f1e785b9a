import { changeTimeOf, RUNTIME, type DomainEvent, type ServiceRuntime } from '@aura/platform';
import type { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { SpendingService } from '../spending/spending.service';
import { MembersRepository } from './members.repository';

/**
 * Keeps the member and block projection from identity's events (each change is idempotent); an erased
 * member's spending settings are removed.
 */
@Injectable()
export class MembersConsumer {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(SpendingService) private readonly spending: Pick<SpendingService, 'forget'>,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'economy.members',
      events: ['user.registered', 'user.profile_changed', 'user.deleted', 'user.blocked', 'user.unblocked'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'user.registered': {
        const user = event.payload as identityEvents.UserRegistered;
        if (!user.userId) return;
        await this.members.registered({
          id: user.userId,
          username: user.username,
          displayName: user.displayName,
          role: user.role || 'user',
          isSuperAura: false,
        });
        return;
      }
      case 'user.profile_changed': {
        const user = event.payload as identityEvents.UserProfileChanged;
        if (!user.userId) return;
        await this.members.profileChanged({
          id: user.userId,
          username: user.username,
          displayName: user.displayName,
          role: user.role || 'user',
          isSuperAura: user.isSuperAura,
        });
        return;
      }
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
