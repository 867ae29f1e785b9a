import {
  MemberDirectory,
  type MemberDoc as DirectoryDoc,
  type MemberSource,
  MONGO,
  Unavailable,
} from '@aura/platform';
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

/** What genies answers when identity cannot be asked (the gateway's 503, as economy answers). */
export const IDENTITY_UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';

/**
 * identity as genies asks it: "no such member" only when identity says so; out of reach, an
 * Unavailable (503), never a "User not found" that may be a lie.
 */
export function askingIdentity(identity: MemberSource): MemberSource {
  return {
    find: (userId) =>
      identity.find(userId).catch(() => {
        throw new Unavailable(IDENTITY_UNAVAILABLE);
      }),
  };
}

/** The members directory (`members`). */
@Injectable()
export class MembersRepository extends CollectionRepository<MemberDoc> {
  /** identity's members as genies knows them (identity asked for one it holds no profile of). */
  readonly directory: MemberDirectory<MemberDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Optional() @Inject(IDENTITY_LOOKUP) identity?: MemberSource,
  ) {
    // A username's holders (a gift's recipient).
    super(connection, 'members', [{ username_lower: 1 }]);
    this.directory = new MemberDirectory(this.collection, {
      source: identity && askingIdentity(identity),
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
