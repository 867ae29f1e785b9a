import { insertManyNew, insertManyOnce } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { FilterQuery, Model, mongo } from 'mongoose';
import { dayKey, hourKey } from './explore-rules';
import { ExploreRepository } from './explore.repository';
import { ActivityDoc, ActivityKind, AuraChangeDoc, TagUseDoc, TipDoc } from './explore.schema';

type Counter = { _id: string; count: number };

/** A mongoose model's collection, for the driver's bulk calls. */
const raw = <T>(model: Model<T>) => model.collection as unknown as mongo.Collection<T & mongo.Document>;
const asInsert = <T>(docs: T[]) => docs as unknown as mongo.OptionalUnlessRequiredId<T & mongo.Document>[];

/**
 * What events add to Explore, gathered to be written together (ExploreProjections.apply): the facts,
 * each an insert-once document with a deterministic `_id`.
 */
export class ExploreChanges {
  readonly activity: ActivityDoc[] = [];
  readonly tagUses: TagUseDoc[] = [];
  readonly tips: TipDoc[] = [];
  readonly auraChanges: AuraChangeDoc[] = [];

  /** post.created / story.created: the tag uses, and for posts the author's activity. */
  post(post: { postId: string; authorId: string; isStory: boolean; tags: string[]; at: Date }) {
    const day = dayKey(post.at);
    const hour = hourKey(post.at);
    if (!post.isStory) this.act(`post:${post.postId}`, 'post', post.authorId, post.at);
    for (const tag of post.tags)
      this.tagUses.push({ _id: `${post.postId}:${tag}`, postId: post.postId, tag, day, hour, at: post.at });
    return this;
  }

  /** post.liked */
  like(postId: string, likerId: string, at: Date) {
    return this.act(`like:${postId}:${likerId}`, 'like', likerId, at);
  }

  /** comment.created */
  comment(commentId: string, commenterId: string, at: Date) {
    return this.act(`comment:${commentId}`, 'comment', commenterId, at);
  }

  /** tip.sent: the tip (for the rankings) and an act of engagement (for the landing page). */
  tip(tip: { transferId: string; senderId: string; recipientId: string; amountMicro: number; at: Date }) {
    const { transferId, ...fact } = tip;
    this.tips.push({ _id: transferId, ...fact });
    return this.act(`tip:${transferId}`, 'tip', tip.senderId, tip.at);
  }

  /** user.aura_changed, keyed by the event's id. */
  auraChange(change: { eventId: string; userId: string; delta: number; at: Date }) {
    const { eventId, ...fact } = change;
    this.auraChanges.push({ _id: eventId, ...fact });
    return this;
  }

  get empty(): boolean {
    return this.activity.length + this.tagUses.length + this.tips.length + this.auraChanges.length === 0;
  }

  private act(id: string, kind: ActivityKind, actorId: string, at: Date) {
    this.activity.push({ _id: id, kind, actorId, day: dayKey(at), at });
    return this;
  }
}

/**
 * Explore's writes (ExploreConsumer). Each fact is inserted once by its deterministic `_id`; the
 * facts a call inserted then `$inc` their counters (upserts, one document per key), so a redelivered
 * event or the same fact under a new event id changes nothing. A run of events is written together:
 * one insert per kind of fact, one bulk write per kind of counter. A crash between the inserts and the
 * `$inc`s leaves a display counter (trending tags, landing-page engagement) short: the redelivered
 * event finds the fact stored. The facts themselves stay exact.
 */
@Injectable()
export class ExploreProjections {
  constructor(@Inject(ExploreRepository) private readonly store: ExploreRepository) {}

  async apply(changes: ExploreChanges): Promise<void> {
    if (changes.empty) return;
    const [acts, uses] = await Promise.all([
      insertManyNew(raw(this.store.activity), asInsert(changes.activity)),
      insertManyNew(raw(this.store.tagUses), asInsert(changes.tagUses)),
      insertManyOnce(raw(this.store.tips), asInsert(changes.tips)),
      insertManyOnce(raw(this.store.auraChanges), asInsert(changes.auraChanges)),
    ]);
    await Promise.all([
      addAll(
        this.store.activityDays,
        (acts as ActivityDoc[]).map(({ day, kind }) => ({ id: `${day}:${kind}`, fields: { day, kind } })),
      ),
      addAll(
        this.store.tagDays,
        (uses as TagUseDoc[]).map(({ day, tag }) => ({ id: `${day}:${tag}`, fields: { day, tag } })),
      ),
      addAll(
        this.store.tagHours,
        (uses as TagUseDoc[]).map(({ hour, tag }) => ({ id: `${hour}:${tag}`, fields: { hour, tag } })),
      ),
    ]);
  }

  recordPost(post: Parameters<ExploreChanges['post']>[0]): Promise<void> {
    return this.apply(new ExploreChanges().post(post));
  }

  recordLike(postId: string, likerId: string, at: Date): Promise<void> {
    return this.apply(new ExploreChanges().like(postId, likerId, at));
  }

  recordComment(commentId: string, commenterId: string, at: Date): Promise<void> {
    return this.apply(new ExploreChanges().comment(commentId, commenterId, at));
  }

  recordTip(tip: Parameters<ExploreChanges['tip']>[0]): Promise<void> {
    return this.apply(new ExploreChanges().tip(tip));
  }

  recordAuraChange(change: Parameters<ExploreChanges['auraChange']>[0]): Promise<void> {
    return this.apply(new ExploreChanges().auraChange(change));
  }

  /** post.unliked: the like stops counting (in the day it was given). */
  async removeLike(postId: string, likerId: string): Promise<void> {
    const removed = await this.store.activity
      .findOneAndDelete({ _id: `like:${postId}:${likerId}` })
      .lean()
      .exec();
    if (removed)
      await this.store.activityDays
        .updateOne({ _id: `${removed.day}:like`, count: { $gt: 0 } } as FilterQuery<Counter>, {
          $inc: { count: -1 },
        })
        .exec();
  }
}

/** Adds one to a counter document per entry (creating it at its first use), one bulk write for all. */
async function addAll<C extends Counter>(
  counters: Model<C>,
  entries: { id: string; fields: Omit<C, '_id' | 'count'> }[],
): Promise<void> {
  const byId = new Map<string, { fields: Omit<C, '_id' | 'count'>; count: number }>();
  for (const { id, fields } of entries) {
    const seen = byId.get(id);
    byId.set(id, { fields, count: (seen?.count ?? 0) + 1 });
  }
  if (byId.size === 0) return;
  // Counters are plain documents of string keys: the driver's untyped view spares a cast per operator.
  const collection = counters.collection as unknown as mongo.Collection<{ _id: string }>;
  await collection.bulkWrite(
    [...byId].map(([_id, { fields, count }]) => ({
      updateOne: { filter: { _id }, update: { $inc: { count }, $setOnInsert: fields }, upsert: true },
    })),
    { ordered: false },
  );
}
