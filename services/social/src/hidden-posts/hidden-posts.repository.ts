import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import { RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { HiddenPostDoc, hiddenPostId, hiddenPostModel } from './hidden-post.schema';

/**
 * Posts a member hid from their feeds. Only that member's reads change, so the set every feed read of
 * theirs leaves out is a Redis copy per member (as mutes), rebuilt from MongoDB when missing and dropped
 * at every change.
 */
@Injectable()
export class HiddenPostsRepository implements OnModuleInit {
  readonly model: Model<HiddenPostDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
  ) {
    this.model = hiddenPostModel(connection);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Account erasure: the member's own, and other members' of the member's posts. */
  async deleteOfMemberOrPosts(memberId: string, postIds: string[]): Promise<void> {
    await this.model.deleteMany({ $or: [{ memberId }, { postId: { $in: postIds } }] }).exec();
  }

  /** The posts this member hid. */
  hiddenBy(memberId: string): Promise<Set<string>> {
    return this.cache.set(this.keys.hiddenPosts(memberId), CacheTtl.memberSet, () => this.load(memberId));
  }

  async isHidden(memberId: string, postId: string): Promise<boolean> {
    return (await this.model.exists({ _id: hiddenPostId(memberId, postId) }).exec()) !== null;
  }

  /** Hides the post; false when it was hidden already. */
  async add(memberId: string, postId: string, at: Date): Promise<boolean> {
    try {
      await this.model.create({ _id: hiddenPostId(memberId, postId), memberId, postId, hiddenAt: at });
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
    await this.cache.invalidate(this.keys.hiddenPosts(memberId));
    return true;
  }

  /** Shows the post again; false when it was not hidden. */
  async remove(memberId: string, postId: string): Promise<boolean> {
    const { deletedCount } = await this.model.deleteOne({ _id: hiddenPostId(memberId, postId) }).exec();
    await this.cache.invalidate(this.keys.hiddenPosts(memberId));
    return deletedCount === 1;
  }

  private async load(memberId: string): Promise<string[]> {
    const docs = await this.model
      .find({ memberId })
      .select({ postId: 1 })
      .lean<Pick<HiddenPostDoc, 'postId'>[]>()
      .exec();
    return docs.map((doc) => doc.postId);
  }
}
