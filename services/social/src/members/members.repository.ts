import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import { readVersion, RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { MemberDoc, memberModel } from './member.schema';

type StoredMember = Omit<MemberDoc, 'createdAt' | 'lastActiveAt' | 'profileChangedAt' | 'auraChangedAt'> & {
  createdAt: string | Date;
  lastActiveAt: string | Date;
  profileChangedAt: string | Date;
  auraChangedAt: string | Date;
};

function revive(copy: StoredMember & { _v?: number }): MemberDoc {
  const { _v: _version, ...stored } = copy;
  return {
    ...stored,
    createdAt: new Date(stored.createdAt),
    lastActiveAt: new Date(stored.lastActiveAt),
    profileChangedAt: new Date(stored.profileChangedAt ?? stored.createdAt),
    auraChangedAt: new Date(stored.auraChangedAt ?? stored.createdAt),
  };
}

const time = (iso: string, fallback: Date) => {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
};

/**
 * The members projection: reads by id go through a Redis copy (FerretDB answers non-_id and $in
 * queries by scanning), writes go to MongoDB first and then replace the copy.
 */
@Injectable()
export class MembersRepository {
  readonly model: Model<MemberDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
  ) {
    this.model = memberModel(connection);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  async findById(id: string): Promise<MemberDoc | null> {
    const [member] = await this.findMany([id]);
    return member ?? null;
  }

  /** The known members among `ids`, in the order of `ids` (unknown ids are left out). */
  async findMany(ids: string[]): Promise<MemberDoc[]> {
    const byId = await this.mapByIds(ids);
    return [...new Set(ids)].flatMap((id) => {
      const member = byId.get(id);
      return member ? [member] : [];
    });
  }

  async mapByIds(ids: string[]): Promise<Map<string, MemberDoc>> {
    const unique = [...new Set(ids)];
    const result = new Map<string, MemberDoc>();
    const cached = await this.cache.getJson<StoredMember>(unique.map(this.keys.member));
    const missing: string[] = [];
    unique.forEach((id, index) => {
      const copy = cached[index];
      if (copy) result.set(id, revive(copy));
      else missing.push(id);
    });
    if (missing.length > 0) {
      const version = readVersion();
      const docs = await this.loadFromMongo(missing);
      for (const doc of docs) result.set(doc._id, doc);
      await this.cache.setJson(
        docs.map((doc) => [this.keys.member(doc._id), doc]),
        CacheTtl.document,
        version,
      );
    }
    return result;
  }

  /** Members by username (any case), for @mentions. */
  async findByUsernames(usernames: string[]): Promise<MemberDoc[]> {
    const lower = [...new Set(usernames.map((name) => name.toLowerCase()))];
    if (lower.length === 0) return [];
    const docs = await this.model
      .find({ usernameLower: lower.length === 1 ? lower[0] : { $in: lower } })
      .lean<MemberDoc[]>()
      .exec();
    return docs;
  }

  private async loadFromMongo(ids: string[]): Promise<MemberDoc[]> {
    if (ids.length === 1) {
      const doc = await this.model.findById(ids[0]).lean<MemberDoc>().exec();
      return doc ? [doc] : [];
    }
    // FerretDB scans for $in; parallel _id lookups are cheaper for a handful.
    if (ids.length <= 8)
      return (await Promise.all(ids.map((id) => this.model.findById(id).lean<MemberDoc>().exec()))).filter(
        (doc): doc is MemberDoc => doc !== null,
      );
    return this.model
      .find({ _id: { $in: ids } })
      .lean<MemberDoc[]>()
      .exec();
  }

  /** Re-reads a member from MongoDB and replaces the Redis copy (after a write). */
  async refreshCopy(id: string): Promise<MemberDoc | null> {
    const version = readVersion();
    const doc = await this.model.findById(id).lean<MemberDoc>().exec();
    if (doc) await this.cache.setJson([[this.keys.member(id), doc]], CacheTtl.document, version);
    else await this.cache.redis.del(this.keys.member(id));
    return doc;
  }

  // ---- the projection (identity's events; one consumer per member key, in order) -----------------

  async applyRegistered(event: identityEvents.UserRegistered): Promise<void> {
    const createdAt = time(event.createdAt, new Date());
    try {
      // No copy to refresh: readers load a new member on first use (misses are never cached).
      await this.model.create({
        _id: event.userId,
        username: event.username,
        usernameLower: event.username.toLowerCase(),
        displayName: event.displayName || event.username,
        displayNameLower: (event.displayName || event.username).toLowerCase(),
        profilePicture: '',
        auraScore: event.auraScore,
        role: event.role || 'user',
        isSuperAura: false,
        bio: '',
        followersCount: 0,
        followingCount: 0,
        createdAt,
        lastActiveAt: createdAt,
        profileChangedAt: createdAt,
        auraChangedAt: createdAt,
      });
    } catch (error) {
      // Already projected (a redelivery, or a newer profile change got here first): nothing to do.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** A profile snapshot; applied only if newer than what is stored. */
  async applyProfileChanged(event: identityEvents.UserProfileChanged): Promise<void> {
    const changedAt = time(event.changedAt, new Date());
    const fields = {
      username: event.username,
      usernameLower: event.username.toLowerCase(),
      displayName: event.displayName || event.username,
      displayNameLower: (event.displayName || event.username).toLowerCase(),
      profilePicture: event.profilePicture,
      role: event.role || 'user',
      isSuperAura: event.isSuperAura,
      bio: event.bio,
      profileChangedAt: changedAt,
    };
    const version = readVersion();
    const existing = await this.model.findById(event.userId).lean<MemberDoc>().exec();
    if (!existing) {
      try {
        await this.model.create({
          _id: event.userId,
          ...fields,
          auraScore: event.auraScore,
          followersCount: 0,
          followingCount: 0,
          createdAt: changedAt,
          lastActiveAt: changedAt,
          auraChangedAt: changedAt,
        });
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        return this.applyProfileChanged(event);
      }
    }
    if (new Date(existing.profileChangedAt ?? 0).getTime() > changedAt.getTime()) return;
    const aura =
      new Date(existing.auraChangedAt ?? 0).getTime() <= changedAt.getTime()
        ? { auraScore: event.auraScore, auraChangedAt: changedAt }
        : {};
    await this.model.updateOne({ _id: event.userId }, { $set: { ...fields, ...aura } }).exec();
    await this.storeCopy({ ...existing, ...fields, ...aura }, version);
  }

  async applyAuraChanged(event: identityEvents.UserAuraChanged): Promise<boolean> {
    const changedAt = time(event.changedAt, new Date());
    const version = readVersion();
    const existing = await this.model.findById(event.userId).lean<MemberDoc>().exec();
    if (!existing) return false;
    if (new Date(existing.auraChangedAt ?? 0).getTime() > changedAt.getTime()) return true;
    const aura = { auraScore: event.auraScore, auraChangedAt: changedAt };
    await this.model.updateOne({ _id: event.userId }, { $set: aura }).exec();
    await this.storeCopy({ ...existing, ...aura }, version);
    return true;
  }

  /**
   * Stores the copy a writer computed from its read (`version` taken before that read) and its own
   * change: one read fewer than refreshCopy; a copy from a later read still wins.
   */
  private storeCopy(doc: MemberDoc, version: number): Promise<void> {
    return this.cache.setJson([[this.keys.member(doc._id), doc]], CacheTtl.document, version);
  }

  // ---- written by social ----------------------------------------------------------------------

  async setFollowCounts(
    id: string,
    counts: Partial<Pick<MemberDoc, 'followersCount' | 'followingCount'>>,
  ): Promise<MemberDoc | null> {
    await this.model.updateOne({ _id: id }, { $set: counts }).exec();
    return this.refreshCopy(id);
  }

  /** Marks the member active now, at most once per throttle window (a Redis marker decides). */
  async touchActive(id: string, now: Date): Promise<void> {
    const first = await this.cache.redis.set(
      this.keys.activity(id),
      '1',
      'EX',
      CacheTtl.activityThrottle,
      'NX',
    );
    if (first !== 'OK') return;
    await this.model.updateOne({ _id: id }, { $set: { lastActiveAt: now } }).exec();
  }
}
