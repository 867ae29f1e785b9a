import { EventRecord, ExportQuery, MONGO, readExportPage, RUNTIME } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import { CreatedWindow, createdIn } from '../common/created-window';
import { EDGE_KINDS, EdgeRemovals, Edges, RemovalEvents } from '../common/edges.repository';
import type { OutboxHost } from '../common/outbox-host';
import { RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { FollowDoc, followId, followModel } from './follow.schema';

/**
 * Follows. The documents are the truth; each member's followers and followees are also kept as Redis
 * sets, read on every following feed, stories strip, discovery ranking and fan-out, rebuilt from
 * MongoDB (indexed by followerId / followeeId) when missing. The counts live on the members. Follows
 * are edges (common/edges.repository.ts): inserted once with their event, removed through
 * EdgeRemovals.
 */
@Injectable()
export class FollowsRepository implements OnModuleInit {
  readonly model: Model<FollowDoc>;
  private readonly edges: Edges<FollowDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
    @Inject(RUNTIME) runtime: OutboxHost,
    @Inject(EdgeRemovals) removals: EdgeRemovals,
  ) {
    this.model = followModel(connection);
    runtime.registerOutbox(this.model);
    this.edges = removals.edges(EDGE_KINDS.follow, this.model);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  /** Stores a follow with its events; false if the follower already follows the followee. */
  insert(follow: Omit<FollowDoc, '_id'>, events: EventRecord[]): Promise<boolean> {
    return this.edges.insert({ _id: followId(follow.followerId, follow.followeeId), ...follow }, events);
  }

  /**
   * Removes a follow, publishing `events(follow)` once. Returns the follow when this call removed it
   * (the caller then moves the counts and the caches), or null.
   */
  remove(
    followerId: string,
    followeeId: string,
    events: RemovalEvents<FollowDoc>,
    now: Date,
  ): Promise<FollowDoc | null> {
    return this.edges.remove(followId(followerId, followeeId), events, now);
  }

  /** A page of a member's data export (the query from SocialExport's ExportQueries). */
  exportPage(query: ExportQuery<FollowDoc>, limit: number): Promise<FollowDoc[]> {
    return readExportPage(this.model, query, limit);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Account erasure: whom the member follows and who follows them, as stored. */
  async storedFollowsOf(memberId: string): Promise<{ following: string[]; followers: string[] }> {
    const [following, followers] = await Promise.all([
      this.loadFollowing(memberId),
      this.loadFollowers(memberId),
    ]);
    return { following, followers };
  }

  followers(memberId: string): Promise<Set<string>> {
    return this.cache.set(this.keys.followers(memberId), CacheTtl.memberSet, () =>
      this.loadFollowers(memberId),
    );
  }

  following(memberId: string): Promise<Set<string>> {
    return this.cache.set(this.keys.following(memberId), CacheTtl.memberSet, () =>
      this.loadFollowing(memberId),
    );
  }

  private async loadFollowers(memberId: string): Promise<string[]> {
    const follows = await this.model
      .find({ followeeId: memberId })
      .select({ followerId: 1 })
      .lean<FollowDoc[]>()
      .exec();
    return follows.map((follow) => follow.followerId);
  }

  private async loadFollowing(memberId: string): Promise<string[]> {
    const follows = await this.model
      .find({ followerId: memberId })
      .select({ followeeId: 1 })
      .lean<FollowDoc[]>()
      .exec();
    return follows.map((follow) => follow.followeeId);
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    const [following] = await this.cache.contains(
      this.keys.following(followerId),
      [followeeId],
      CacheTtl.memberSet,
      () => this.loadFollowing(followerId),
    );
    return following;
  }

  countFollowers(memberId: string): Promise<number> {
    return this.model.countDocuments({ followeeId: memberId }).exec();
  }

  countFollowing(memberId: string): Promise<number> {
    return this.model.countDocuments({ followerId: memberId }).exec();
  }

  /** CounterRepair: the members on either side of a follow made in `window` (follows still stored). */
  async membersFollowingIn(window: CreatedWindow): Promise<string[]> {
    const changed = createdIn(window);
    const [followers, followees] = await Promise.all([
      this.model.distinct('followerId', changed).exec(),
      this.model.distinct('followeeId', changed).exec(),
    ]);
    return [...followers, ...followees].map(String);
  }

  exists(followerId: string, followeeId: string): Promise<boolean> {
    return this.model
      .exists({ _id: followId(followerId, followeeId) })
      .exec()
      .then((found) => found !== null);
  }

  /** Brings both members' cached sets in line after a follow or unfollow. */
  async changed(followerId: string, followeeId: string, following: boolean): Promise<void> {
    const followingKey = this.keys.following(followerId);
    const followersKey = this.keys.followers(followeeId);
    if (following) {
      await this.cache.addToSet(followingKey, followeeId);
      await this.cache.addToSet(followersKey, followerId);
    } else {
      await this.cache.removeFromSet(followingKey, followeeId);
      await this.cache.removeFromSet(followersKey, followerId);
    }
    const truth = () => this.exists(followerId, followeeId);
    await this.cache.reconcileMember(followingKey, followeeId, truth);
    await this.cache.reconcileMember(followersKey, followerId, truth);
  }
}
