import {
  createEvent,
  EventRecord,
  insertOutboxEvents,
  MONGO,
  outboxCollection,
  OutboxModel,
  RUNTIME,
  ServiceRuntime,
} from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { User } from './user';

/**
 * Announces a member's changed profile (user.profile_changed) through identity's `outbox` collection
 * (registered with the relay once, here), for the consumers that change a member on another service's
 * event (profile media, SuperAura).
 */
@Injectable()
export class ProfileChangedAnnouncer {
  private readonly outbox: OutboxModel;

  constructor(
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(MONGO) connection: ServiceRuntime['mongo'],
  ) {
    this.outbox = outboxCollection(connection, 'outbox');
    runtime.registerOutbox(this.outbox);
  }

  /** Once per `outboxId`: a consumer names it after the event it consumed (a redelivery stores nothing). */
  async announce(user: User, outboxId: string): Promise<void> {
    const changed = createEvent(this.runtime.service, 'user.profile_changed', user.id, {
      userId: user.id,
      username: user.username,
      displayName: user.displayName,
      profilePicture: user.profilePicture,
      auraScore: user.auraScore,
      role: user.role,
      isSuperAura: user.isSuperAura,
      bio: user.bio,
      changedAt: new Date().toISOString(),
    });
    await this.store(outboxId, [changed]);
  }

  private async store(outboxId: string, events: EventRecord[]): Promise<void> {
    if (await insertOutboxEvents(this.outbox, outboxId, events))
      this.runtime.eventsStored(events, { model: this.outbox, id: outboxId });
  }
}
