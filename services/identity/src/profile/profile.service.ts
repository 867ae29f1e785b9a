import { randomUUID } from 'node:crypto';
import { Caller, insertOnce, MONGO, NotFound, Unauthenticated } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Connection, Model } from 'mongoose';
import { collectionOf } from '../common/collection';
import { ProfileChangedAnnouncer } from '../users/profile-changed';
import type { User } from '../users/user';
import { UsersRepository } from '../users/users.repository';
import { ProfileVisitDoc, profileVisitSchema } from '../visits/visit.schema';
import { utcDay } from '../wellness/wellness-rules';
import { ProfileUpdate, validateProfileUpdate } from './profile-rules';

export const USER_NOT_FOUND = 'User not found';

/** Profile edits by the member, and other members' visits of a profile (once per viewer and UTC day). */
@Injectable()
export class ProfileService {
  readonly visits: Model<ProfileVisitDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    private readonly users: UsersRepository,
    private readonly profiles: ProfileChangedAnnouncer,
  ) {
    this.visits =
      connection.models.ProfileVisit ?? connection.model<ProfileVisitDoc>('ProfileVisit', profileVisitSchema);
  }

  async ensureIndexes(): Promise<void> {
    await this.visits.init();
  }

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
    const user = await this.users.findById(userId);
    if (!user) throw new NotFound(USER_NOT_FOUND);
    if (viewerId !== user.id) {
      const day = utcDay(at);
      await insertOnce(collectionOf(this.visits), {
        _id: `${user.id}:${viewerId}:${day}`,
        profile_id: user.id,
        viewer_id: viewerId,
        day,
        at,
      });
    }
    // Counted from the visits (an index count, exact) rather than kept as a counter on the member:
    // no second write per visit, and nothing to repair if a process stops between the two.
    return { user, visits: await this.visits.countDocuments({ profile_id: user.id }).exec() };
  }

  private callerId(caller: Caller | undefined): string {
    if (!caller) throw new Unauthenticated('Sign in required');
    return caller.userId;
  }
}
