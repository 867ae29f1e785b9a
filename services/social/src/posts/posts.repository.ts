import {
  backfillField,
  EventRecord,
  ExportQuery,
  MONGO,
  OUTBOX_FIELD,
  readExportPage,
  RUNTIME,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model, SortOrder } from 'mongoose';
import type { OutboxHost } from '../common/outbox-host';
import { contentPrefixesOf } from '../common/search-words';
import type { ScoredId, ScorePosition } from '../common/redis-cache';
import { MediaType, PostDoc, postModel } from './post.schema';

export const scoredByTime = (doc: Pick<PostDoc, '_id' | 'createdAt'>): ScoredId => ({
  id: doc._id,
  score: new Date(doc.createdAt).getTime(),
});

/** Fields the time-sorted lists need from MongoDB. */
const LIST_FIELDS = { _id: 1, createdAt: 1, authorId: 1, expiresAt: 1 } as const;

export interface PostQuery {
  filter: FilterQuery<PostDoc>;
  sort?: Record<string, SortOrder>;
}

/** The filters and sorts of the list queries, one place for the repository and the index tests. */
export const PostQueries = {
  /** Newest posts (not stories) of some authors: timeline rebuilds and a member's posts. */
  newestByAuthors: (authorIds: string[]): PostQuery => ({
    filter: {
      authorId: authorIds.length === 1 ? authorIds[0] : { $in: authorIds },
      isStory: false,
      deleted: false,
    },
    sort: { createdAt: -1 },
  }),
  /** Everyone's newest posts (not stories) since `since`: the ranked feeds' candidates, the preview. */
  newestSince: (since?: Date): PostQuery => ({
    filter: { isStory: false, deleted: false, ...(since ? { createdAt: { $gte: since } } : {}) },
    sort: { createdAt: -1 },
  }),
  /** Stories still visible at `now`. */
  activeStories: (now: Date): PostQuery => ({
    filter: { isStory: true, deleted: false, expiresAt: { $gt: now } },
  }),
  /** A member's posts with an image or a video, newest first, after `position`. */
  authorMedia: (
    authorId: string,
    mediaType: Exclude<MediaType, ''>,
    position: ScorePosition | undefined,
  ): PostQuery => {
    const filter: FilterQuery<PostDoc> = { authorId, isStory: false, deleted: false, mediaType };
    if (position) {
      filter.createdAt = { $lte: new Date(position.score) };
      filter.$or = [
        { createdAt: { $lt: new Date(position.score) } },
        { createdAt: new Date(position.score), _id: { $lt: position.id } },
      ];
    }
    return { filter, sort: { createdAt: -1, _id: -1 } };
  },
  byIds: (ids: string[]): PostQuery => ({ filter: { _id: { $in: ids } } }),
};

/** engagement_score = likes + 2 × comments + 3 × tips (ADR 0004): what one like or comment adds. */
const ENGAGEMENT_WEIGHT = { likesCount: 1, commentsCount: 2 } as const;

/** Posts and stories, read from MongoDB by id (an indexed `$in`) and by the list queries above. */
@Injectable()
export class PostsRepository implements OnModuleInit {
  readonly model: Model<PostDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
  ) {
    this.model = postModel(connection);
    runtime.registerOutbox(this.model);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  /** A page of a member's data export (the query from SocialExport's ExportQueries). */
  exportPage(query: ExportQuery<PostDoc>, limit: number): Promise<PostDoc[]> {
    return readExportPage(this.model, query, limit);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Account erasure: the ids of the member's posts and stories. */
  async idsByAuthor(authorId: string): Promise<string[]> {
    return (await this.model.distinct('_id', { authorId }).exec()).map(String);
  }

  /** Account erasure: deletes the member's posts and stories; answers how many. */
  async deleteAllBy(authorId: string): Promise<number> {
    return (await this.model.deleteMany({ authorId }).exec()).deletedCount;
  }

  /**
   * Gives `contentPrefixes` to the posts and stories stored without it (written before search used
   * it); idempotent. Run after ensureIndexes. Returns how many.
   */
  backfillContentPrefixes(): Promise<number> {
    return backfillField<PostDoc, Pick<PostDoc, 'content'>>(
      this.model,
      'contentPrefixes',
      { content: 1 },
      (doc) => contentPrefixesOf(doc.content ?? ''),
    );
  }

  /**
   * Stores a new post or story with its events in the same document write (outbox). `doc` is complete
   * and valid (PostsService builds it from validateNewPost), so it goes straight to the driver: a
   * mongoose document (casting, defaults, validators) would cost CPU on every post for nothing.
   */
  async insert(doc: PostDoc, events: EventRecord[]): Promise<void> {
    await this.model.collection.insertOne({
      ...doc,
      editedAt: doc.editedAt ?? null,
      [OUTBOX_FIELD]: toStoredOutbox(events),
    } as never);
    this.runtime.eventsStored(events, { model: this.model, id: doc._id });
  }

  findById(id: string): Promise<PostDoc | null> {
    return this.model.findById(id).lean<PostDoc>().exec();
  }

  async mapByIds(ids: string[]): Promise<Map<string, PostDoc>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const docs = await this.model.find(PostQueries.byIds(unique).filter).lean<PostDoc[]>().exec();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  /** Everyone's newest posts (not stories, not deleted), whole documents: the landing page's preview. */
  newestPosts(limit: number): Promise<PostDoc[]> {
    const newest = PostQueries.newestSince();
    return this.model.find(newest.filter).sort(newest.sort).limit(limit).lean<PostDoc[]>().exec();
  }

  /** How many posts (not stories, not deleted) there are, or were made since `since`. */
  countPosts(since?: Date): Promise<number> {
    return this.model.countDocuments(PostQueries.newestSince(since).filter).exec();
  }

  /** A like added (+1) or withdrawn (-1). Returns the post as updated (or as stored if unchanged). */
  addLike(id: string, by: 1 | -1): Promise<PostDoc | null> {
    return this.addToCounter(id, 'likesCount', by);
  }

  /** A comment added (+1), or comments removed (a moderator's -1, or a comment deleted with its replies). */
  addComment(id: string, by = 1): Promise<PostDoc | null> {
    return this.addToCounter(id, 'commentsCount', by);
  }

  /**
   * Moves a counter and engagementScore in one atomic update; a decrement applies only while the
   * counter is at least as large, so it never goes negative (CounterRepair recounts a skipped one).
   */
  private async addToCounter(
    id: string,
    field: keyof typeof ENGAGEMENT_WEIGHT,
    by: number,
  ): Promise<PostDoc | null> {
    const filter: FilterQuery<PostDoc> = by < 0 ? { _id: id, [field]: { $gte: -by } } : { _id: id };
    const updated = await this.model
      .findOneAndUpdate(
        filter,
        { $inc: { [field]: by, engagementScore: by * ENGAGEMENT_WEIGHT[field] } },
        { new: true },
      )
      .lean<PostDoc>()
      .exec();
    return updated ?? this.findById(id);
  }

  /** Stores counts recounted from the like and comment documents (CounterRepair). */
  async setCounters(id: string, counts: { likesCount: number; commentsCount: number }): Promise<void> {
    const { likesCount, commentsCount } = counts;
    await this.model
      .updateOne({ _id: id }, [
        {
          $set: {
            likesCount,
            commentsCount,
            engagementScore: {
              $add: [likesCount, 2 * commentsCount, { $multiply: [3, { $ifNull: ['$tipsCount', 0] }] }],
            },
          },
        },
      ])
      .exec();
  }

  // ---- lists for rebuilding the Redis lists ------------------------------------------------------

  async newestByAuthors(authorIds: string[], limit: number): Promise<ScoredId[]> {
    if (authorIds.length === 0) return [];
    const query = PostQueries.newestByAuthors(authorIds);
    const docs = await this.model
      .find(query.filter)
      .select(LIST_FIELDS)
      .sort(query.sort)
      .limit(limit)
      .lean<PostDoc[]>()
      .exec();
    return docs.map(scoredByTime);
  }

  async newestSince(since: Date, limit: number): Promise<ScoredId[]> {
    const query = PostQueries.newestSince(since);
    const docs = await this.model
      .find(query.filter)
      .select(LIST_FIELDS)
      .sort(query.sort)
      .limit(limit)
      .lean<PostDoc[]>()
      .exec();
    return docs.map(scoredByTime);
  }

  /** Stories still visible at `now`, as "<authorId>:<storyId>" scored by expiry. */
  async activeStories(now: Date): Promise<ScoredId[]> {
    const docs = await this.model
      .find(PostQueries.activeStories(now).filter)
      .select(LIST_FIELDS)
      .lean<PostDoc[]>()
      .exec();
    return docs.map((doc) => ({
      id: `${doc.authorId}:${doc._id}`,
      score: new Date(doc.expiresAt ?? 0).getTime(),
    }));
  }

  async authorMediaPosts(
    authorId: string,
    mediaType: Exclude<MediaType, ''>,
    position: ScorePosition | undefined,
    limit: number,
  ): Promise<PostDoc[]> {
    const query = PostQueries.authorMedia(authorId, mediaType, position);
    return this.model.find(query.filter).sort(query.sort).limit(limit).lean<PostDoc[]>().exec();
  }

  /**
   * Sets the edited text of an author's live post and what is derived from it (search words, tags,
   * mentions, editedAt). The post as updated; null if it is not theirs or no longer live.
   */
  editText(
    id: string,
    authorId: string,
    fields: Pick<
      PostDoc,
      'content' | 'contentLower' | 'contentPrefixes' | 'tags' | 'mentions' | 'mentionIds'
    > & {
      editedAt: Date;
    },
  ): Promise<PostDoc | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, authorId, deleted: false, isStory: false },
        { $set: fields },
        { new: true },
      )
      .lean<PostDoc>()
      .exec();
  }

  /** Hides a post everywhere (moderation); lists drop it when they read it. The post if this call hid it. */
  async markDeleted(id: string): Promise<PostDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id, deleted: false }, { $set: { deleted: true } }, { new: true })
      .lean<PostDoc>()
      .exec();
  }
}
