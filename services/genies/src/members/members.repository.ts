import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { CollectionRepository } from '../store/collection.repository';

/** A member as genies keeps them: identity's username and SuperAura flag (from its events), and the featured genie. */
export interface MemberDoc {
  _id: string;
  username?: string;
  username_lower?: string;
  is_super_aura?: boolean;
  /** The member's one featured genie (a single field: one featured genie per member). */
  featured_id?: string | null;
}

/** The members projection (`members`). */
@Injectable()
export class MembersRepository extends CollectionRepository<MemberDoc> {
  constructor(@Inject(MONGO) connection: Connection) {
    // A username's holders (a gift's recipient).
    super(connection, 'members', [{ username_lower: 1 }]);
  }

  /** Up to `limit` members the projection holds under `usernameLower`. */
  withUsername(usernameLower: string, limit: number): Promise<MemberDoc[]> {
    return this.collection.find({ username_lower: usernameLower }).limit(limit).toArray();
  }

  async upsert(userId: string, username: string, isSuperAura: boolean): Promise<void> {
    await this.collection.updateOne(
      { _id: userId },
      { $set: { username, username_lower: username.toLowerCase(), is_super_aura: isSuperAura } },
      { upsert: true },
    );
  }

  /** Makes `userGenieId` the member's one featured genie; answers the member after. */
  feature(userId: string, userGenieId: string): Promise<MemberDoc | null> {
    return this.collection.findOneAndUpdate(
      { _id: userId },
      { $set: { featured_id: userGenieId } },
      { upsert: true, returnDocument: 'after' },
    );
  }

  /** Drops the member's featured genie if it is `userGenieId`. */
  async unfeature(userId: string, userGenieId: string): Promise<void> {
    await this.collection.updateOne(
      { _id: userId, featured_id: userGenieId },
      { $set: { featured_id: null } },
    );
  }
}
