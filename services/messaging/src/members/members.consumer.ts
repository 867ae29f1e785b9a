import { DomainEvent, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { MembersRepository } from './members.repository';

/**
 * Keeps messaging's member projection fresh from identity's events (group messaging.members). A new
 * group starts at the latest events: a member messaging has not seen yet is asked of identity on first
 * use (MembersRepository), so replaying every sign-up ever made would only be work. Updates set values
 * (a snapshot, a score), so a redelivered event changes nothing: no processed-event store is needed.
 */
@Injectable()
export class MembersConsumer {
  constructor(
    private readonly members: MembersRepository,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'messaging.members',
      events: ['user.registered', 'user.profile_changed', 'user.aura_changed'],
      handler: (event) => this.handle(event),
      newGroupStart: 'latest',
      idempotent: true,
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
