import { randomUUID } from 'node:crypto';
import { Caller, NotFound, Unauthenticated } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { ProfileChangedAnnouncer } from '../users/profile-changed';
import type { User } from '../users/user';
import { UsersRepository } from '../users/users.repository';
import { ProfileVisitsRepository } from '../visits/visits.repository';
import { utcDay } from '../wellness/wellness-rules';
import { ProfileUpdate, validateProfileUpdate } from './profile-rules';

export const USER_NOT_FOUND = 'User not found';

/** Profile edits by the member, and other members' visits of a profile (once per viewer and UTC day). */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(ProfileChangedAnnouncer) private readonly profiles: ProfileChangedAnnouncer,
    @Inject(ProfileVisitsRepository) private readonly visits: ProfileVisitsRepository,
  ) {}

  /** A partial update of the caller's own profile; answers the updated member. Nothing changes on a refusal. */
  async update(caller: Caller | undefined, update: ProfileUpdate): Promise<User> {
    const userId = this.callerId(caller);
    const member = await this.users.findById(userId);
    if (!member) throw new NotFound(USER_NOT_FOUND);
    const set = validateProfileUpdate(update, member);
    if (Object.keys(set).length === 0) return member;
    const updated = await this.users.updateProfile(userId, set);
    if (!updated) throw new NotFound(USER_NOT_FOUND);
    await this.profiles.announce(updated, `profile:${userId}:${randomUUID()}`);
    return updated;
  }

  /** The member as the caller sees them, counting the caller's visit (never one's own). */
  async view(
    caller: Caller | undefined,
    userId: string,
    at = new Date(),
  ): Promise<{ user: User; visits: number }> {
    const viewerId = this.callerId(caller);
    const user = await this.users.findMember(userId);
    if (!user) throw new NotFound(USER_NOT_FOUND);
    const visits =
      viewerId === user.id
        ? await this.visits.count(user.id)
        : await this.visits.record(user.id, viewerId, utcDay(at), at);
    return { user, visits };
  }

  private callerId(caller: Caller | undefined): string {
    if (!caller) throw new Unauthenticated('Sign in required');
    return caller.userId;
  }
}
