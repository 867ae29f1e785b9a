import { EventRecord, MONGO, RUNTIME, toStoredOutbox } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection, FilterQuery, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import type { OutboxHost } from '../common/outbox-host';
import { readVersion, RedisCache, ScoredId, ScorePosition } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { engagementScore, MediaType, PostDoc, postModel } from './post.schema';

type StoredPost = Omit<PostDoc, 'createdAt' | 'expiresAt'> & {
  createdAt: string | Date;
  expiresAt: string | Date | null;
  _v?: number;
};

function revive(copy: StoredPost): PostDoc {
  const { _v: _version, ...stored } = copy;
  return {
    ...stored,
    createdAt: new Date(stored.createdAt),
    expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : null,
  };
}

export const scoredByTime = (doc: Pick<PostDoc, '_id' | 'createdAt'>): ScoredId => ({
  id: doc._id,
  score: new Date(doc.createdAt).getTime(),
});

/** Fields the time-sorted lists need from MongoDB. */
const LIST_FIELDS = { _id: 1, createdAt: 1, authorId: 1, expiresAt: 1 } as const;

/** Posts and stories: MongoDB is the truth, reads by id go through a Redis copy. */
@Injectable()
export class PostsRepository {
  readonly model: Model<PostDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
  ) {
    this.model = postModel(connection);
    runtime.registerOutbox(this.model);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Stores a new post with its events in the same document write (outbox). */
  async insert(doc: PostDoc, events: EventRecord[]): Promise<void> {
    const version = readVersion();
    await this.model.create({ ...doc, _outbox: toStoredOutbox(events) });
    this.runtime.eventsStored(events, { model: this.model, id: doc._id });
    await this.cache.setJson([[this.keys.post(doc._id), doc]], CacheTtl.document, version);
  }

  async findById(id: string): Promise<PostDoc | null> {
    return (await this.mapByIds([id])).get(id) ?? null;
  }

  async mapByIds(ids: string[]): Promise<Map<string, PostDoc>> {
    const unique = [...new Set(ids)];
    const result = new Map<string, PostDoc>();
    const cached = await this.cache.getJson<StoredPost>(unique.map(this.keys.post));
    const missing: string[] = [];
    unique.forEach((id, index) => {
      const copy = cached[index];
      if (copy) result.set(id, revive(copy));
      else missing.push(id);
    });
    if (missing.length > 0) {
      const version = readVersion();
      const docs =
        missing.length <= 8
          ? (await Promise.all(missing.map((id) => this.model.findById(id).lean<PostDoc>().exec()))).filter(
              (doc): doc is PostDoc => doc !== null,
            )
          : await this.model
              .find({ _id: { $in: missing } })
              .lean<PostDoc[]>()
              .exec();
      for (const doc of docs) result.set(doc._id, doc);
      await this.cache.setJson(
        docs.map((doc) => [this.keys.post(doc._id), doc]),
        CacheTtl.document,
        version,
      );
    }
    return result;
  }

  /** Re-reads a post from MongoDB and replaces the Redis copy. */
  async refreshCopy(id: string): Promise<PostDoc | null> {
    const version = readVersion();
    const doc = await this.model.findById(id).lean<PostDoc>().exec();
    if (doc) await this.cache.setJson([[this.keys.post(id), doc]], CacheTtl.document, version);
    return doc;
  }

  /**
   * Writes recomputed counters and checks that they stuck: FerretDB v1 writes a whole document back,
   * so a concurrent writer's older copy can undo a write. Repeats until what is stored equals a fresh
   * count (the last writer to finish always counts after every change before it).
   */
  async settleCounters(
    id: string,
    count: () => Promise<{ likesCount: number; commentsCount: number }>,
  ): Promise<PostDoc | null> {
    let doc: PostDoc | null = null;
    for (let attempt = 0; attempt < 6; attempt++) {
      const counts = await count();
      const version = readVersion();
      doc = await this.model.findById(id).lean<PostDoc>().exec();
      if (!doc) return null;
      const wanted = {
        likesCount: Math.max(0, counts.likesCount),
        commentsCount: Math.max(0, counts.commentsCount),
        engagementScore: engagementScore({ ...counts, tipsCount: Math.max(0, doc.tipsCount ?? 0) }),
      };
      if (
        doc.likesCount === wanted.likesCount &&
        doc.commentsCount === wanted.commentsCount &&
        doc.engagementScore === wanted.engagementScore
      ) {
        await this.cache.setJson([[this.keys.post(id), doc]], CacheTtl.document, version);
        return doc;
      }
      await this.model.updateOne({ _id: id }, { $set: wanted }).exec();
    }
    return this.refreshCopy(id);
  }

  // ---- lists for rebuilding Redis copies (MongoDB queries; FerretDB scans them) ----------------

  /** Newest posts (not stories) of some authors. */
  async newestByAuthors(authorIds: string[], limit: number): Promise<ScoredId[]> {
    if (authorIds.length === 0) return [];
    const docs = await this.model
      .find({
        authorId: authorIds.length === 1 ? authorIds[0] : { $in: authorIds },
        isStory: false,
        deleted: { $ne: true },
      })
      .select(LIST_FIELDS)
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<PostDoc[]>()
      .exec();
    return docs.map(scoredByTime);
  }

  /** Newest posts (not stories) of everyone since `since`. */
  async newestSince(since: Date, limit: number): Promise<ScoredId[]> {
    const docs = await this.model
      .find({ isStory: false, deleted: { $ne: true }, createdAt: { $gte: since } })
      .select(LIST_FIELDS)
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<PostDoc[]>()
      .exec();
    return docs.map(scoredByTime);
  }

  /** Stories still visible at `now`, as "<authorId>:<storyId>" scored by expiry. */
  async activeStories(now: Date): Promise<ScoredId[]> {
    const docs = await this.model
      .find({ isStory: true, deleted: { $ne: true }, expiresAt: { $gt: now } })
      .select(LIST_FIELDS)
      .lean<PostDoc[]>()
      .exec();
    return docs.map((doc) => ({
      id: `${doc.authorId}:${doc._id}`,
      score: new Date(doc.expiresAt ?? 0).getTime(),
    }));
  }

  /** A member's posts with an image or a video, newest first, after `position`. */
  async authorMediaPosts(
    authorId: string,
    mediaType: Exclude<MediaType, ''>,
    position: ScorePosition | undefined,
    limit: number,
  ): Promise<PostDoc[]> {
    const filter: FilterQuery<PostDoc> = { authorId, isStory: false, deleted: { $ne: true }, mediaType };
    if (position)
      filter.$or = [
        { createdAt: { $lt: new Date(position.score) } },
        { createdAt: new Date(position.score), _id: { $lt: position.id } },
      ];
    return this.model.find(filter).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<PostDoc[]>().exec();
  }

  /** Hides a post everywhere (moderation); lists drop it when they read it. */
  async markDeleted(id: string): Promise<PostDoc | null> {
    await this.setFlagUntilStored(id, 'deleted');
    return this.refreshCopy(id);
  }

  /** Marks one story expired (the sweep, from the active-stories list). */
  async markExpired(id: string): Promise<void> {
    await this.setFlagUntilStored(id, 'expired');
    await this.cache.redis.del(this.keys.post(id));
  }

  /**
   * Sets a flag and reads it back: FerretDB v1 writes whole documents, so a concurrent writer that read
   * the post before this write (e.g. the outbox relay clearing the post's events) can put the old copy
   * back. That write lands within milliseconds of its read, so the flag is read back after a short
   * pause, and set again until it holds (or the post is gone).
   */
  private async setFlagUntilStored(id: string, flag: 'deleted' | 'expired'): Promise<void> {
    // by _id alone: FerretDB's SQLite backend scans the collection for any other filter
    for (let attempt = 0; attempt < 6; attempt++) {
      await this.model.updateOne({ _id: id }, { $set: { [flag]: true } }).exec();
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
      const stored = await this.model
        .findById(id)
        .select({ [flag]: 1 })
        .lean<PostDoc>()
        .exec();
      if (!stored || stored[flag] === true) return;
    }
  }

  /** Marks every story that expired before `now` (a MongoDB scan: the sweep's safety net). */
  async markExpiredStories(now: Date): Promise<string[]> {
    const expired = await this.model
      .find({ isStory: true, expired: { $ne: true }, expiresAt: { $lte: now } })
      .select({ _id: 1 })
      .limit(500)
      .lean<{ _id: string }[]>()
      .exec();
    if (expired.length === 0) return [];
    const ids = expired.map((doc) => doc._id);
    await this.model.updateMany({ _id: { $in: ids } }, { $set: { expired: true } }).exec();
    await this.cache.redis.del(...ids.map(this.keys.post));
    return ids;
  }
}
