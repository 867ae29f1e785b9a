import { MemberDirectory, type MemberDoc as DirectoryDoc, type MemberSource, MONGO } from '@aura/platform';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { CollectionRepository } from '../store/collection.repository';
import { IDENTITY_LOOKUP } from '../tokens';

/**
 * A member as genies keeps them: the platform's member directory document (identity's username and
 * SuperAura flag, from its events), and genies' own featured genie.
 */
export interface MemberDoc extends DirectoryDoc {
  /** The member's one featured genie (a single field: one featured genie per member). */
  featured_id?: string | null;
}

/** The members directory (`members`). */
@Injectable()
export class MembersRepository extends CollectionRepository<MemberDoc> {
  /** identity's members as genies knows them; identity out of reach counts as "no such member". */
  readonly directory: MemberDirectory<MemberDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Optional() @Inject(IDENTITY_LOOKUP) identity?: MemberSource,
  ) {
    // A username's holders (a gift's recipient).
    super(connection, 'members', [{ username_lower: 1 }]);
    this.directory = new MemberDirectory(this.collection, {
      source: identity && { find: (userId) => identity.find(userId).catch(() => null) },
    });
  }

  /** Up to `limit` members the projection holds under `usernameLower`. */
  withUsername(usernameLower: string, limit: number): Promise<MemberDoc[]> {
    return this.collection.find({ username_lower: usernameLower }).limit(limit).toArray();
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
