import { EventRecord, MONGO, RUNTIME, toStoredOutbox } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import type { OutboxHost } from '../common/outbox-host';
import { readVersion, RedisCache, ScoredId, ScorePosition } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { CommentDoc, commentModel } from './comment.schema';

type StoredComment = Omit<CommentDoc, 'createdAt'> & { createdAt: string | Date; _v?: number };

function revive(copy: StoredComment): CommentDoc {
  const { _v: _version, ...stored } = copy;
  return { ...stored, createdAt: new Date(stored.createdAt) };
}

@Injectable()
export class CommentsRepository {
  readonly model: Model<CommentDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
  ) {
    this.model = commentModel(connection);
    runtime.registerOutbox(this.model);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  async insert(doc: CommentDoc, events: EventRecord[]): Promise<void> {
    const version = readVersion();
    await this.model.create({ ...doc, _outbox: toStoredOutbox(events) });
    this.runtime.eventsStored(events, { model: this.model, id: doc._id });
    await this.cache.setJson([[this.keys.comment(doc._id), doc]], CacheTtl.document, version);
    await this.cache.addToZset(this.keys.postComments(doc.postId), [
      { id: doc._id, score: doc.createdAt.getTime() },
    ]);
  }

  async findById(id: string): Promise<CommentDoc | null> {
    return (await this.mapByIds([id])).get(id) ?? null;
  }

  async mapByIds(ids: string[]): Promise<Map<string, CommentDoc>> {
    const unique = [...new Set(ids)];
    const result = new Map<string, CommentDoc>();
    const cached = await this.cache.getJson<StoredComment>(unique.map(this.keys.comment));
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
          ? (
              await Promise.all(missing.map((id) => this.model.findById(id).lean<CommentDoc>().exec()))
            ).filter((doc): doc is CommentDoc => doc !== null)
          : await this.model
              .find({ _id: { $in: missing } })
              .lean<CommentDoc[]>()
              .exec();
      for (const doc of docs) result.set(doc._id, doc);
      await this.cache.setJson(
        docs.map((doc) => [this.keys.comment(doc._id), doc]),
        CacheTtl.document,
        version,
      );
    }
    return result;
  }

  countForPost(postId: string): Promise<number> {
    return this.model.countDocuments({ postId, deleted: { $ne: true } }).exec();
  }

  /** Comment ids of a post, oldest first, after `position`. */
  page(postId: string, position: ScorePosition | undefined, limit: number): Promise<ScoredId[]> {
    return this.cache.zsetPage(
      this.keys.postComments(postId),
      CacheTtl.document,
      async () =>
        (
          await this.model
            .find({ postId, deleted: { $ne: true } })
            .select({ _id: 1, createdAt: 1 })
            .lean<Pick<CommentDoc, '_id' | 'createdAt'>[]>()
            .exec()
        ).map((doc) => ({ id: doc._id, score: new Date(doc.createdAt).getTime() })),
      position,
      limit,
      'asc',
    );
  }

  /** Recomputed like count, written until it sticks (see PostsRepository.settleCounters). */
  async settleLikes(id: string, count: () => Promise<number>): Promise<CommentDoc | null> {
    let doc: CommentDoc | null = null;
    for (let attempt = 0; attempt < 6; attempt++) {
      const likesCount = Math.max(0, await count());
      const version = readVersion();
      doc = await this.model.findById(id).lean<CommentDoc>().exec();
      if (!doc) return null;
      if (doc.likesCount === likesCount) {
        await this.cache.setJson([[this.keys.comment(id), doc]], CacheTtl.document, version);
        return doc;
      }
      await this.model.updateOne({ _id: id }, { $set: { likesCount } }).exec();
    }
    const version = readVersion();
    doc = await this.model.findById(id).lean<CommentDoc>().exec();
    if (doc) await this.cache.setJson([[this.keys.comment(id), doc]], CacheTtl.document, version);
    return doc;
  }
}
