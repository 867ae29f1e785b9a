import { MONGO, setUnlessNewer } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';
import { MessagingCache } from '../common/cache';

/** One pair's block state as identity last announced it (`_id` = `<blocker>:<blocked>`). */
interface BlockStateDoc {
  _id: string;
  blocker_id: string;
  blocked_id: string;
  active: boolean;
  changed_at: Date;
}

const blockStateSchema = new Schema<BlockStateDoc>(
  {
    _id: { type: String, required: true },
    blocker_id: { type: String, required: true },
    blocked_id: { type: String, required: true },
    active: { type: Boolean, required: true },
    changed_at: { type: Date, required: true },
  },
  { collection: 'blocks', versionKey: false },
);
// The active blocks, read to rebuild the Redis sets.
blockStateSchema.index({ active: 1 });

/**
 * Messaging's projection of identity's blocks. MongoDB keeps each pair's last known state with the
 * time identity gave it, so an event that arrives late (older changed_at) never undoes a newer one.
 * Redis holds the active ones as a set per blocker (`<p>:blk:<blocker>`), checked on every send; a
 * marker says the sets were loaded, and without it (a Redis that lost its data) they are rebuilt.
 */
@Injectable()
export class BlocksRepository {
  private readonly model: Model<BlockStateDoc>;
  private loading?: Promise<void>;
  /** Until when the loaded marker was last seen (checked at most every few seconds, not per send). */
  private loadedSeenUntil = 0;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(MessagingCache) private readonly cache: MessagingCache,
  ) {
    this.model =
      connection.models.BlockState ?? connection.model<BlockStateDoc>('BlockState', blockStateSchema);
  }

  private setKey(blockerId: string): string {
    return `${this.cache.prefix}:blk:${blockerId}`;
  }

  private get loadedKey(): string {
    return `${this.cache.prefix}:blk:loaded`;
  }

  /** Applies user.blocked (active) or user.unblocked, unless a newer change is already known. */
  async apply(blockerId: string, blockedId: string, active: boolean, changedAt: Date): Promise<void> {
    const state = { blocker_id: blockerId, blocked_id: blockedId, active };
    if (!(await setUnlessNewer(this.model.collection, `${blockerId}:${blockedId}`, state, changedAt))) return;
    await this.ensureLoaded();
    if (active) await this.cache.redis.sadd(this.setKey(blockerId), blockedId);
    else await this.cache.redis.srem(this.setKey(blockerId), blockedId);
  }

  /** Whether either member blocks the other. */
  async eitherWay(a: string, b: string): Promise<boolean> {
    return (await this.eitherWayMany(a, [b])).has(b);
  }

  /** The members of `others` who block `userId` or whom `userId` blocks. */
  async eitherWayMany(userId: string, others: string[]): Promise<Set<string>> {
    await this.ensureLoaded();
    if (others.length === 0) return new Set();
    const pipeline = this.cache.redis.pipeline();
    pipeline.smembers(this.setKey(userId));
    others.forEach((other) => pipeline.sismember(this.setKey(other), userId));
    const results = throwFailed((await pipeline.exec()) ?? []);
    const mine = new Set((results[0]?.[1] as string[]) ?? []);
    return new Set(others.filter((other, index) => mine.has(other) || results[index + 1]?.[1] === 1));
  }

  /** For each pair, whether either of the two blocks the other (one Redis round trip for all). */
  async eitherWayEach(pairs: [string, string][]): Promise<boolean[]> {
    await this.ensureLoaded();
    if (pairs.length === 0) return [];
    const pipeline = this.cache.redis.pipeline();
    for (const [a, b] of pairs) pipeline.sismember(this.setKey(a), b).sismember(this.setKey(b), a);
    const results = throwFailed((await pipeline.exec()) ?? []);
    return pairs.map((_, index) => results[2 * index]?.[1] === 1 || results[2 * index + 1]?.[1] === 1);
  }

  private async ensureLoaded(): Promise<void> {
    if (Date.now() < this.loadedSeenUntil) return;
    if ((await this.cache.redis.exists(this.loadedKey)) !== 1) {
      this.loading ??= this.load().finally(() => (this.loading = undefined));
      await this.loading;
    }
    this.loadedSeenUntil = Date.now() + 5000;
  }

  private async load(): Promise<void> {
    const docs = await this.model.find({ active: true }).lean<BlockStateDoc[]>().exec();
    const pipeline = this.cache.redis.pipeline();
    for (const doc of docs) pipeline.sadd(this.setKey(doc.blocker_id), doc.blocked_id);
    pipeline.set(this.loadedKey, '1');
    await pipeline.exec();
  }
}

/**
 * A pipeline's results, or the first command's error: a block that could not be read is never taken
 * for "no block" (a send or a read between members who block each other must fail, not go through).
 */
function throwFailed(results: [Error | null, unknown][]): [Error | null, unknown][] {
  const failed = results.find(([error]) => error);
  if (failed) throw failed[0];
  return results;
}
