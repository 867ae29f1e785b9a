import { backfillField, isDuplicateKeyError, MONGO } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import { RedisCache } from '../common/redis-cache';
import { nameWordsOf } from '../common/search-words';
import { SocialKeys } from '../common/social-keys';
import { FollowDoc, followModel } from '../follows/follow.schema';
import { MemberDoc, memberModel } from './member.schema';

const time = (iso: string, fallback: Date) => {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
};

type FollowCounts = Pick<MemberDoc, 'followersCount' | 'followingCount'>;

/** The members projection, read by id (an indexed `$in` for a page of authors). */
@Injectable()
export class MembersRepository implements OnModuleInit {
  readonly model: Model<MemberDoc>;
  private readonly follows: Model<FollowDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
  ) {
    this.model = memberModel(connection);
    this.follows = followModel(connection);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /**
   * Gives `nameWords` to the members stored without it (written before search used it); idempotent,
   * a concurrent profile change wins. Run after ensureIndexes. Returns how many.
   */
  backfillNameWords(): Promise<number> {
    return backfillField<MemberDoc, Pick<MemberDoc, 'username' | 'displayName'>>(
      this.model,
      'nameWords',
      { username: 1, displayName: 1 },
      (doc) => nameWordsOf(doc.username, doc.displayName || doc.username),
    );
  }

  /** How many members there are (the collection's estimate: every member is one document). */
  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }

  /** How many members were active since `since`. */
  countActiveSince(since: Date): Promise<number> {
    return this.model.countDocuments({ lastActiveAt: { $gte: since } }).exec();
  }

  findById(id: string): Promise<MemberDoc | null> {
    return this.model.findById(id).lean<MemberDoc>().exec();
  }

  async mapByIds(ids: string[]): Promise<Map<string, MemberDoc>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const docs = await this.model
      .find({ _id: { $in: unique } })
      .lean<MemberDoc[]>()
      .exec();
    return new Map(docs.map((doc) => [doc._id, doc]));
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

  /**
   * The follow counts of a member entering the projection: zero, unless follows were stored before
   * identity's event arrived (the follower side needs no projected member). Their `$inc`s found no
   * document, so the edges are counted (indexed by followerId / followeeId).
   */
  private async initialFollowCounts(id: string): Promise<FollowCounts> {
    const [followersCount, followingCount] = await Promise.all([
      this.follows.countDocuments({ followeeId: id }).exec(),
      this.follows.countDocuments({ followerId: id }).exec(),
    ]);
    return { followersCount, followingCount };
  }

  // ---- the projection (identity's events; one consumer per member key, in order) -----------------

  async applyRegistered(event: identityEvents.UserRegistered): Promise<void> {
    const createdAt = time(event.createdAt, new Date());
    const counts = await this.initialFollowCounts(event.userId);
    try {
      await this.model.create({
        _id: event.userId,
        username: event.username,
        usernameLower: event.username.toLowerCase(),
        displayName: event.displayName || event.username,
        displayNameLower: (event.displayName || event.username).toLowerCase(),
        nameWords: nameWordsOf(event.username, event.displayName || event.username),
        profilePicture: '',
        auraScore: event.auraScore,
        role: event.role || 'user',
        isSuperAura: false,
        bio: '',
        ...counts,
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
      nameWords: nameWordsOf(event.username, event.displayName || event.username),
      profilePicture: event.profilePicture,
      role: event.role || 'user',
      isSuperAura: event.isSuperAura,
      bio: event.bio,
      profileChangedAt: changedAt,
    };
    const existing = await this.model.findById(event.userId).lean<MemberDoc>().exec();
    if (!existing) {
      try {
        await this.model.create({
          _id: event.userId,
          ...fields,
          auraScore: event.auraScore,
          ...(await this.initialFollowCounts(event.userId)),
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
    // Conditional updates: an older event never overwrites a newer change.
    await this.model
      .updateOne({ _id: event.userId, profileChangedAt: { $lte: changedAt } }, { $set: fields })
      .exec();
    await this.setAura(event.userId, event.auraScore, changedAt);
  }

  async applyAuraChanged(event: identityEvents.UserAuraChanged): Promise<boolean> {
    const changedAt = time(event.changedAt, new Date());
    if ((await this.model.exists({ _id: event.userId })) === null) return false;
    await this.setAura(event.userId, event.auraScore, changedAt);
    return true;
  }

  /** The aura score of a change, unless a newer one is stored. */
  private async setAura(id: string, auraScore: number, changedAt: Date): Promise<void> {
    await this.model
      .updateOne(
        { _id: id, auraChangedAt: { $lte: changedAt } },
        { $set: { auraScore, auraChangedAt: changedAt } },
      )
      .exec();
  }

  // ---- written by social ----------------------------------------------------------------------

  /** A follower gained (+1) or lost (-1). Returns the member as updated (or as stored if unchanged). */
  addFollowers(id: string, by: 1 | -1): Promise<MemberDoc | null> {
    return this.addToCount(id, 'followersCount', by);
  }

  /** A followed member added (+1) or dropped (-1). */
  addFollowing(id: string, by: 1 | -1): Promise<MemberDoc | null> {
    return this.addToCount(id, 'followingCount', by);
  }

  /** One atomic `$inc`; a decrement applies only while the count is above 0. */
  private async addToCount(id: string, field: keyof FollowCounts, by: 1 | -1): Promise<MemberDoc | null> {
    const filter: FilterQuery<MemberDoc> = by < 0 ? { _id: id, [field]: { $gt: 0 } } : { _id: id };
    const updated = await this.model
      .findOneAndUpdate(filter, { $inc: { [field]: by } }, { new: true })
      .lean<MemberDoc>()
      .exec();
    return updated ?? this.findById(id);
  }

  /** Stores counts recounted from the follow documents (CounterRepair). */
  async setFollowCounts(id: string, counts: FollowCounts): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: counts }).exec();
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
