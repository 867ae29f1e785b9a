import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { economyEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ProfileChangedAnnouncer } from '../users/profile-changed';
import { UsersRepository } from '../users/users.repository';

/**
 * Economy owns SuperAura billing; identity owns the member. On superaura.changed identity sets
 * is_super_aura (and its end date) and announces the changed profile (user.profile_changed), which the
 * other services' member projections follow. Order-safe: the event's `version` is compared with the one
 * applied last (events of one member share a partition, so they arrive in order anyway); idempotent:
 * the follow-up event is keyed by the consumed event's id.
 */
@Injectable()
export class SuperAuraConsumer {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(ProfileChangedAnnouncer) private readonly profiles: ProfileChangedAnnouncer,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'identity.superaura',
      events: ['superaura.changed'],
      handler: (event) => this.handle(event),
    });
  }

  private async handle(event: DomainEvent): Promise<void> {
    const change = event.payload as economyEvents.SuperAuraChanged;
    const user = await this.users.setSuperAura(change.userId, {
      isSuperAura: change.isSuperAura,
      until: change.until,
      version: Number(change.version),
    });
    if (!user) {
      this.logger.warn(
        { userId: change.userId, version: change.version },
        'superaura.changed ignored (unknown member or older)',
      );
      return;
    }
    await this.profiles.announce(user, `superaura:${event.id}`);
    this.logger.info({ userId: user.id, isSuperAura: user.isSuperAura }, 'SuperAura applied to the member');
  }
}
