import { EventRecord, ExportQuery, MONGO, readExportPage, RUNTIME, toStoredOutbox } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, FilterQuery, Model, SortOrder } from 'mongoose';
import { CreatedWindow, createdIn } from '../common/created-window';
import type { OutboxHost } from '../common/outbox-host';
import type { ScorePosition } from '../common/redis-cache';
import { CommentDoc, commentModel } from './comment.schema';

/** The filters and sorts of the comment queries, one place for the repository and the index tests. */
export const CommentQueries = {
  /** A post's comments oldest first, strictly after `position` (createdAt ms, then _id). */
  page: (
    postId: string,
    position: ScorePosition | undefined,
  ): { filter: FilterQuery<CommentDoc>; sort: Record<string, SortOrder> } => {
    const filter: FilterQuery<CommentDoc> = { postId, deleted: false };
    if (position) {
      const at = new Date(position.score);
      filter.createdAt = { $gte: at };
      filter.$or = [{ createdAt: { $gt: at } }, { createdAt: at, _id: { $gt: position.id } }];
    }
    return { filter, sort: { createdAt: 1, _id: 1 } };
  },
};

@Injectable()
export class CommentsRepository implements OnModuleInit {
  readonly model: Model<CommentDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
  ) {
    this.model = commentModel(connection);
    runtime.registerOutbox(this.model);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  /** A page of a member's data export (the query from SocialExport's ExportQueries). */
  exportPage(query: ExportQuery<CommentDoc>, limit: number): Promise<CommentDoc[]> {
    return readExportPage(this.model, query, limit);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Account erasure: the posts the member commented on. */
  postIdsCommentedBy(authorId: string): Promise<string[]> {
    return this.commentedPostIds({ authorId });
  }

  /** CounterRepair: the posts commented on in `window` (comments deleted since included). */
  postIdsCommentedIn(window: CreatedWindow): Promise<string[]> {
    return this.commentedPostIds(createdIn(window));
  }

  private async commentedPostIds(filter: FilterQuery<CommentDoc>): Promise<string[]> {
    return (await this.model.distinct('postId', filter).exec()).map(String);
  }

  /** Account erasure: deletes the member's comments and replies; answers how many. */
  async deleteAllBy(authorId: string): Promise<number> {
    return (await this.model.deleteMany({ authorId }).exec()).deletedCount;
  }

  async insert(doc: CommentDoc, events: EventRecord[]): Promise<void> {
    await this.model.create({ ...doc, _outbox: toStoredOutbox(events) });
    this.runtime.eventsStored(events, { model: this.model, id: doc._id });
  }

  findById(id: string): Promise<CommentDoc | null> {
    return this.model.findById(id).lean<CommentDoc>().exec();
  }

  /** Hides a comment everywhere (moderation); the comment if this call hid it. */
  markDeleted(id: string): Promise<CommentDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id, deleted: false }, { $set: { deleted: true } }, { new: true })
      .lean<CommentDoc>()
      .exec();
  }

  /** Sets the edited text of a member's live comment; the comment as updated, or null. */
  editText(
    id: string,
    authorId: string,
    fields: Pick<CommentDoc, 'content' | 'mentions' | 'mentionIds'> & { editedAt: Date },
  ): Promise<CommentDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id, authorId, deleted: false }, { $set: fields }, { new: true })
      .lean<CommentDoc>()
      .exec();
  }

  /** Hides the live replies to a comment of a post (deleted with it; read by the post's index); how many. */
  async markRepliesDeleted(postId: string, parentCommentId: string): Promise<number> {
    const result = await this.model
      .updateMany({ postId, parentCommentId, deleted: false }, { $set: { deleted: true } })
      .exec();
    return result.modifiedCount;
  }

  countForPost(postId: string): Promise<number> {
    return this.model.countDocuments({ postId, deleted: false }).exec();
  }

  /** Up to `limit` comments of a post, oldest first, after `position`. */
  page(postId: string, position: ScorePosition | undefined, limit: number): Promise<CommentDoc[]> {
    const query = CommentQueries.page(postId, position);
    return this.model.find(query.filter).sort(query.sort).limit(limit).lean<CommentDoc[]>().exec();
  }

  /**
   * A like added (+1) or withdrawn (-1), in one atomic update that never takes the count below 0.
   * Returns the comment as updated (or as stored if unchanged).
   */
  async addLike(id: string, by: 1 | -1): Promise<CommentDoc | null> {
    const filter: FilterQuery<CommentDoc> = by < 0 ? { _id: id, likesCount: { $gt: 0 } } : { _id: id };
    const updated = await this.model
      .findOneAndUpdate(filter, { $inc: { likesCount: by } }, { new: true })
      .lean<CommentDoc>()
      .exec();
    return updated ?? this.findById(id);
  }

  /** Stores a like count recounted from the like documents (CounterRepair). */
  async setLikes(id: string, likesCount: number): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { likesCount } }).exec();
  }
}
