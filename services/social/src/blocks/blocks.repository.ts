import { MONGO, setUnlessNewer } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import { RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { BlockDoc, blockId, blockModel } from './block.schema';

/**
 * Blocks between members, from identity's user.blocked / user.unblocked. A block hides the two from
 * each other everywhere in social (feeds, stories, comments, search) and forbids following.
 * Who is blocked either way is read from a Redis copy per member, rebuilt from MongoDB when missing.
 */
@Injectable()
export class BlocksRepository implements OnModuleInit {
  readonly model: Model<BlockDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
  ) {
    this.model = blockModel(connection);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Members this member blocked or was blocked by. */
  blockedEitherWay(userId: string): Promise<Set<string>> {
    return this.cache.set(this.keys.blocks(userId), CacheTtl.memberSet, () => this.loadBlocked(userId));
  }

  async isBlockedEitherWay(a: string, b: string): Promise<boolean> {
    if (a === b) return false;
    const [blocked] = await this.cache.contains(this.keys.blocks(a), [b], CacheTtl.memberSet, () =>
      this.loadBlocked(a),
    );
    return blocked;
  }

  private async loadBlocked(userId: string): Promise<string[]> {
    const docs = await this.model
      .find({ $or: [{ blockerId: userId }, { blockedId: userId }], active: { $ne: false } })
      .lean<BlockDoc[]>()
      .exec();
    return docs.map((doc) => (doc.blockerId === userId ? doc.blockedId : doc.blockerId));
  }

  /**
   * Records a block or an unblock that identity made at `at`, unless a later change of the pair is
   * already recorded (events of a pair may arrive out of order). True when this is the pair's state now.
   */
  async change(blockerId: string, blockedId: string, active: boolean, at: Date): Promise<boolean> {
    const state = { blockerId, blockedId, active, createdAt: at };
    const current = await setUnlessNewer(
      this.model.collection,
      blockId(blockerId, blockedId),
      state,
      at,
      'changedAt',
    );
    await this.forget(blockerId, blockedId);
    return current;
  }

  private async forget(a: string, b: string): Promise<void> {
    // Either member may also have blocked the other: rebuild both copies rather than edit them.
    await Promise.all([
      this.cache.invalidate(this.keys.blocks(a)),
      this.cache.invalidate(this.keys.blocks(b)),
    ]);
  }
}
