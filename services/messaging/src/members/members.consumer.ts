import { DomainEvent } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Injectable } from '@nestjs/common';
import { LiveConsumers } from '../events/live-consumer';
import { MembersRepository } from './members.repository';

/**
 * Keeps messaging's member projection fresh from identity's events (group messaging.members). A new
 * group starts at the latest events (LiveConsumers): a member messaging has not seen yet is asked of
 * identity on first use (MembersRepository), so replaying every sign-up ever made would only be work.
 * Updates are idempotent (a snapshot or a score is set, not added).
 */
@Injectable()
export class MembersConsumer {
  constructor(
    private readonly members: MembersRepository,
    private readonly live: LiveConsumers,
  ) {}

  start(): Promise<void> {
    return this.live.subscribe({
      group: 'messaging.members',
      events: ['user.registered', 'user.profile_changed', 'user.aura_changed'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'user.registered': {
        const p = event.payload as identityEvents.UserRegistered;
        await this.members.apply({
          id: p.userId,
          username: p.username,
          displayName: p.displayName || p.username,
          auraScore: p.auraScore,
        });
        return;
      }
      case 'user.profile_changed': {
        const p = event.payload as identityEvents.UserProfileChanged;
        await this.members.apply({
          id: p.userId,
          username: p.username,
          displayName: p.displayName || p.username,
          profilePicture: p.profilePicture,
          auraScore: p.auraScore,
          isSuperAura: p.isSuperAura,
        });
        return;
      }
      case 'user.aura_changed': {
        const p = event.payload as identityEvents.UserAuraChanged;
        await this.members.apply({ id: p.userId, auraScore: p.auraScore });
        return;
      }
    }
  }
}
