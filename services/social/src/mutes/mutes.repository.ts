import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import { RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { MuteDoc, muteId, muteModel } from './mute.schema';

/** Where a page of mutes continues: after (createdAt, _id) in newest-first order. */
export interface MutePosition {
  createdAtMs: number;
  id: string;
}

/**
 * Mutes: whom a member does not want to see in their feeds. Only the muter's reads change, so the set
 * each feed read leaves out is a Redis copy per muter, rebuilt from MongoDB when missing and dropped at
 * every change.
 */
@Injectable()
export class MutesRepository implements OnModuleInit {
  readonly model: Model<MuteDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
  ) {
    this.model = muteModel(connection);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Account erasure: the member's mutes, and other members' mutes of them. */
  async deleteAllOf(memberId: string): Promise<void> {
    await this.model.deleteMany({ $or: [{ muterId: memberId }, { mutedId: memberId }] }).exec();
  }

  /** The members this member muted. */
  mutedBy(muterId: string): Promise<Set<string>> {
    return this.cache.set(this.keys.mutes(muterId), CacheTtl.memberSet, () => this.loadMuted(muterId));
  }

  async isMuted(muterId: string, mutedId: string): Promise<boolean> {
    return (await this.model.exists({ _id: muteId(muterId, mutedId) }).exec()) !== null;
  }

  /** isMuted from the set the feeds read (one Redis read while it is held; dropped at every change). */
  async isMutedCached(muterId: string, mutedId: string): Promise<boolean> {
    const [muted] = await this.cache.contains(this.keys.mutes(muterId), [mutedId], CacheTtl.memberSet, () =>
      this.loadMuted(muterId),
    );
    return muted;
  }

  countOf(muterId: string): Promise<number> {
    return this.model.countDocuments({ muterId }).exec();
  }

  /** Mutes the member; false when already muted. */
  async add(muterId: string, mutedId: string, at: Date): Promise<boolean> {
    try {
      await this.model.create({ _id: muteId(muterId, mutedId), muterId, mutedId, createdAt: at });
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
    await this.cache.invalidate(this.keys.mutes(muterId));
    return true;
  }

  /** Unmutes the member; false when not muted. */
  async remove(muterId: string, mutedId: string): Promise<boolean> {
    const { deletedCount } = await this.model.deleteOne({ _id: muteId(muterId, mutedId) }).exec();
    await this.cache.invalidate(this.keys.mutes(muterId));
    return deletedCount === 1;
  }

  /** A page of the member's mutes, newest first, after `after`. */
  page(muterId: string, after: MutePosition | undefined, limit: number): Promise<MuteDoc[]> {
    const filter: FilterQuery<MuteDoc> = { muterId };
    if (after) {
      const at = new Date(after.createdAtMs);
      filter.$or = [{ createdAt: { $lt: at } }, { createdAt: at, _id: { $lt: after.id } }];
    }
    return this.model.find(filter).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<MuteDoc[]>().exec();
  }

  private async loadMuted(muterId: string): Promise<string[]> {
    const docs = await this.model
      .find({ muterId })
      .select({ mutedId: 1 })
      .lean<Pick<MuteDoc, 'mutedId'>[]>()
      .exec();
    return docs.map((doc) => doc.mutedId);
  }
}
