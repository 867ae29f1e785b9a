import {
  createEvent,
  DomainEvent,
  insertOutboxEvents,
  LOGGER,
  MONGO,
  outboxCollection,
  OutboxModel,
  RUNTIME,
  ServiceRuntime,
} from '@aura/platform';
import { mediaEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { UsersRepository } from '../users/users.repository';

/**
 * Media owns the files; identity owns the member. When media stores a new profile picture or banner,
 * identity points the member at it and announces the changed profile (user.profile_changed).
 * Idempotent: the update sets a value, and the follow-up event is keyed by the consumed event's id.
 */
@Injectable()
export class ProfileMediaConsumer {
  private readonly outbox: OutboxModel;

  constructor(
    private readonly users: UsersRepository,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(MONGO) connection: Connection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.outbox = outboxCollection(connection, 'outbox');
    runtime.registerOutbox(this.outbox);
  }

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'identity.profile-media',
      events: ['media.profile_picture_set', 'media.banner_set'],
      handler: (event) => this.handle(event),
    });
  }

  private async handle(event: DomainEvent): Promise<void> {
    const { ownerId, url } = event.payload as mediaEvents.ProfilePictureSet | mediaEvents.BannerSet;
    const field = event.type === 'media.profile_picture_set' ? 'profilePicture' : 'bannerImage';
    const user = await this.users.setProfileMedia(ownerId, field, url);
    if (!user) {
      this.logger.warn({ ownerId, type: event.type }, 'profile media for an unknown member ignored');
      return;
    }
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
    const id = `profile-media:${event.id}`;
    if (await insertOutboxEvents(this.outbox, id, [changed]))
      this.runtime.eventsStored([changed], { model: this.outbox, id });
  }
}
