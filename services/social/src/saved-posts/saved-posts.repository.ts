import { ExportQuery, isDuplicateKeyError, MONGO, readExportPage } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model, SortOrder } from 'mongoose';
import type { ScorePosition } from '../common/redis-cache';
import { SavedPostDoc, savedPostId, savedPostModel } from './saved-post.schema';

/** The filter and sort of the Saved list, one place for the repository and the index tests. */
export const SavedPostQueries = {
  /** A member's saves, the most recently saved first, after (savedAt ms, _id). */
  page: (
    memberId: string,
    after: ScorePosition | undefined,
  ): { filter: FilterQuery<SavedPostDoc>; sort: Record<string, SortOrder> } => {
    const filter: FilterQuery<SavedPostDoc> = { memberId };
    if (after) {
      const at = new Date(after.score);
      filter.$or = [{ savedAt: { $lt: at } }, { savedAt: at, _id: { $lt: after.id } }];
    }
    return { filter, sort: { savedAt: -1, _id: -1 } };
  },
};

/**
 * Saved posts: a member's bookmarks, only ever read by that member. Whether a member saved some posts
 * is read by `_id` ("<member>:<post>", an indexed `$in`), like likes.
 */
@Injectable()
export class SavedPostsRepository implements OnModuleInit {
  readonly model: Model<SavedPostDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model = savedPostModel(connection);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  /** A page of a member's data export (the query from SocialExport's ExportQueries). */
  exportPage(query: ExportQuery<SavedPostDoc>, limit: number): Promise<SavedPostDoc[]> {
    return readExportPage(this.model, query, limit);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Account erasure: the member's own, and other members' of the member's posts. */
  async deleteOfMemberOrPosts(memberId: string, postIds: string[]): Promise<void> {
    await this.model.deleteMany({ $or: [{ memberId }, { postId: { $in: postIds } }] }).exec();
  }

  async isSaved(memberId: string, postId: string): Promise<boolean> {
    return (await this.model.exists({ _id: savedPostId(memberId, postId) }).exec()) !== null;
  }

  /** Which of `postIds` the member saved. */
  async savedPostIds(memberId: string, postIds: string[]): Promise<Set<string>> {
    if (postIds.length === 0) return new Set();
    const docs = await this.model
      .find({ _id: { $in: postIds.map((postId) => savedPostId(memberId, postId)) } })
      .select({ postId: 1 })
      .lean<Pick<SavedPostDoc, 'postId'>[]>()
      .exec();
    return new Set(docs.map((doc) => doc.postId));
  }

  countOf(memberId: string): Promise<number> {
    return this.model.countDocuments({ memberId }).exec();
  }

  /** Saves the post; false when it was saved already (the first save's time stays). */
  async add(memberId: string, postId: string, at: Date): Promise<boolean> {
    try {
      await this.model.create({ _id: savedPostId(memberId, postId), memberId, postId, savedAt: at });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** Unsaves the post; false when it was not saved. */
  async remove(memberId: string, postId: string): Promise<boolean> {
    const { deletedCount } = await this.model.deleteOne({ _id: savedPostId(memberId, postId) }).exec();
    return deletedCount === 1;
  }

  /** Every member's save of these posts (they were removed): they stop counting toward the limit. */
  async removeOfPosts(postIds: string[]): Promise<number> {
    if (postIds.length === 0) return 0;
    const { deletedCount } = await this.model.deleteMany({ postId: { $in: postIds } }).exec();
    return deletedCount;
  }

  /** Up to `limit` of the member's saves after `after`, the most recently saved first. */
  page(memberId: string, after: ScorePosition | undefined, limit: number): Promise<SavedPostDoc[]> {
    const query = SavedPostQueries.page(memberId, after);
    return this.model.find(query.filter).sort(query.sort).limit(limit).lean<SavedPostDoc[]>().exec();
  }
}
