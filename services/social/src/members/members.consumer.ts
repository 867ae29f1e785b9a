import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { MembersRepository } from './members.repository';

export const MEMBERS_GROUP = 'social.members';

/**
 * Keeps the members projection from identity's events (topic aura.identity.user, keyed by member, so
 * one member's events arrive in order). Redeliveries are skipped by the chassis (processed events),
 * and each change applies only if newer than what is stored.
 */
@Injectable()
export class MembersConsumer {
  constructor(
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: MEMBERS_GROUP,
      events: ['user.registered', 'user.profile_changed', 'user.aura_changed'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'user.registered':
        return this.members.applyRegistered(event.payload as identityEvents.UserRegistered);
      case 'user.profile_changed':
        return this.members.applyProfileChanged(event.payload as identityEvents.UserProfileChanged);
      case 'user.aura_changed': {
        const payload = event.payload as identityEvents.UserAuraChanged;
        if (!(await this.members.applyAuraChanged(payload)))
          this.logger.warn({ userId: payload.userId }, 'aura change of a member not projected yet ignored');
        return;
      }
      default:
        return;
    }
  }
}
