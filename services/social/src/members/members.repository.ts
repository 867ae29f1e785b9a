import { backfillField, collectionOf, MemberDirectory, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import { RedisCache } from '../common/redis-cache';
import { nameWordsOf } from '../common/search-words';
import { SocialKeys } from '../common/social-keys';
import { FollowDoc, followModel } from '../follows/follow.schema';
import { MemberDoc, memberModel } from './member.schema';

type FollowCounts = Pick<MemberDoc, 'followersCount' | 'followingCount'>;

/** What a follow state reads of the member: their stored counts. */
const FOLLOW_COUNTS = { followersCount: 1, followingCount: 1 } as const;

/**
 * The members projection, read by id (an indexed `$in` for a page of authors): the platform's member
 * directory (identity's events), under social's field names, with social's own fields beside the
 * shared ones: the search words and lower-cased display name of each profile, the bio, the follow
 * counts and the last activity.
 */
@Injectable()
export class MembersRepository implements OnModuleInit {
  readonly model: Model<MemberDoc>;
  readonly directory: MemberDirectory<MemberDoc>;
  private readonly follows: Model<FollowDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
  ) {
    this.model = memberModel(connection);
    this.follows = followModel(connection);
    this.directory = new MemberDirectory(collectionOf(this.model), {
      names: {
        username_lower: 'usernameLower',
        display_name: 'displayName',
        profile_picture: 'profilePicture',
        aura_score: 'auraScore',
        is_super_aura: 'isSuperAura',
        profile_changed_at: 'profileChangedAt',
        aura_changed_at: 'auraChangedAt',
        updated_at: '',
      },
      profileFields: (member) => ({
        displayNameLower: member.displayName.toLowerCase(),
        nameWords: nameWordsOf(member.username, member.displayName),
        bio: member.bio ?? '',
      }),
      insertFields: async (id, at) => ({
        ...(await this.initialFollowCounts(id)),
        createdAt: at,
        lastActiveAt: at,
      }),
    });
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

  /** A member's document (the directory's lookup by id). */
  findById(id: string): Promise<MemberDoc | null> {
    return this.directory.document(id);
  }

  /** Members' documents by id (the directory's lookup of many ids: one indexed read). */
  mapByIds(ids: string[]): Promise<Map<string, MemberDoc>> {
    return this.directory.documents(ids);
  }

  /** A member's stored follow counts (only those fields), or null if the member is not projected. */
  followCounts(id: string): Promise<FollowCounts | null> {
    return collectionOf(this.model).findOne<FollowCounts>({ _id: id }, { projection: FOLLOW_COUNTS });
  }

  /** The members with more than `followers` followers (Timelines' big authors). */
  async idsWithFollowersAbove(followers: number): Promise<string[]> {
    const members = await this.model
      .find({ followersCount: { $gt: followers } })
      .select({ _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    return members.map((member) => member._id);
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
