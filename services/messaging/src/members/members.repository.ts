import { MONGO, SingleFlight } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { MESSAGING_CACHE, MessagingCache } from '../common/cache';
import { isMemberId } from '../common/ids';
import { IDENTITY_LOOKUP, IdentityLookup } from './identity-lookup';
import { MemberDoc, memberSchema } from './member.schema';
import type { Participant } from './participant';

export type MemberChange = Partial<Omit<Participant, 'id'>> & { id: string };

const fromDoc = (doc: MemberDoc): Participant => ({
  id: doc._id,
  username: doc.username ?? '',
  displayName: doc.display_name ?? '',
  profilePicture: doc.profile_picture ?? '',
  auraScore: doc.aura_score ?? 0,
  isSuperAura: Boolean(doc.is_super_aura),
});

const FIELDS: Record<keyof Omit<Participant, 'id'>, keyof MemberDoc> = {
  username: 'username',
  displayName: 'display_name',
  profilePicture: 'profile_picture',
  auraScore: 'aura_score',
  isSuperAura: 'is_super_aura',
};

/**
 * Members as messaging knows them: MongoDB (`members`) is the projection, Redis (`<p>:mem:<id>`, a
 * hash) the hot copy read on every send and list. A member missing from both is asked of identity.
 */
@Injectable()
export class MembersRepository {
  private readonly model: Model<MemberDoc>;
  /** Lookups in flight, so concurrent requests for one uncached member ask MongoDB/identity once. */
  private readonly inFlight = new SingleFlight<Participant | null>();

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(MESSAGING_CACHE) private readonly cache: MessagingCache,
    @Inject(IDENTITY_LOOKUP) private readonly identity: IdentityLookup,
  ) {
    this.model = connection.models.Member ?? connection.model<MemberDoc>('Member', memberSchema);
  }

  private key(id: string): string {
    return `${this.cache.prefix}:mem:${id}`;
  }

  async get(id: string): Promise<Participant | null> {
    return (await this.getMany([id])).get(id) ?? null;
  }

  /** Several members at once (one Redis round trip when they are all cached). */
  async getMany(ids: string[]): Promise<Map<string, Participant>> {
    const unique = [...new Set(ids)].filter(isMemberId);
    const found = new Map<string, Participant>();
    if (unique.length === 0) return found;
    const pipeline = this.cache.redis.pipeline();
    unique.forEach((id) => pipeline.hgetall(this.key(id)));
    const results = (await pipeline.exec()) ?? [];
    const missing: string[] = [];
    unique.forEach((id, index) => {
      const hash = results[index]?.[1] as Record<string, string> | undefined;
      if (hash && hash.username !== undefined) {
        found.set(id, {
          id,
          username: hash.username,
          displayName: hash.display_name ?? '',
          profilePicture: hash.profile_picture ?? '',
          auraScore: Number(hash.aura_score ?? 0),
          isSuperAura: hash.is_super_aura === '1',
        });
      } else missing.push(id);
    });
    await Promise.all(
      missing.map(async (id) => {
        const member = await this.inFlight.run(id, () => this.lookup(id));
        if (member) found.set(id, member);
      }),
    );
    return found;
  }

  private async lookup(id: string): Promise<Participant | null> {
    const doc = await this.model.findById(id).lean<MemberDoc>().exec();
    if (doc) {
      const member = fromDoc(doc);
      await this.writeCache(member);
      return member;
    }
    const member = await this.identity.find(id);
    return member ? this.apply(member) : null;
  }

  /**
   * Sets the fields a change carries (identity's events, or identity's answer for a member not seen
   * yet), leaving the others as stored: one atomic upsert, whoever else writes the member meanwhile.
   */
  async apply(change: MemberChange): Promise<Participant> {
    const set: Record<string, unknown> = { updated_at: new Date() };
    for (const [field, column] of Object.entries(FIELDS)) {
      const value = change[field as keyof typeof FIELDS];
      if (value !== undefined) set[column] = value;
    }
    const doc =
      (await this.model
        .findOneAndUpdate({ _id: change.id }, { $set: set }, { upsert: true, returnDocument: 'after' })
        .lean<MemberDoc>()
        .exec()) ??
      // SecantusDB 0.5.3 applies an upsert that races another upsert of the same new document but
      // answers null where MongoDB answers the document: read it.
      (await this.model.findById(change.id).lean<MemberDoc>().exec());
    const member = fromDoc(doc!);
    await this.writeCache(member);
    return member;
  }

  private async writeCache(member: Participant): Promise<void> {
    const key = this.key(member.id);
    await this.cache.redis
      .multi()
      .hset(key, {
        username: member.username,
        display_name: member.displayName,
        profile_picture: member.profilePicture,
        aura_score: String(member.auraScore),
        is_super_aura: member.isSuperAura ? '1' : '0',
      })
      .pexpire(key, this.cache.ttlMs)
      .exec();
  }
}
