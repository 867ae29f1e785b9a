import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { mediaEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ProfileChangedAnnouncer } from '../users/profile-changed';
import { UsersRepository } from '../users/users.repository';

/**
 * Media owns the files; identity owns the member. When media stores a new profile picture or banner,
 * identity points the member at it and announces the changed profile (user.profile_changed).
 * Idempotent: the update sets a value, and the follow-up event is keyed by the consumed event's id.
 */
@Injectable()
export class ProfileMediaConsumer {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(ProfileChangedAnnouncer) private readonly profiles: ProfileChangedAnnouncer,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

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
    await this.profiles.announce(user, `profile-media:${event.id}`);
  }
}
