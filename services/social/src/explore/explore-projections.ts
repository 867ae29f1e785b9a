import { insertOnce } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { FilterQuery, Model, mongo, UpdateQuery } from 'mongoose';
import { dayKey, hourKey } from './explore-rules';
import { ActivityKind, ExploreStore } from './explore.store';

type Counter = { _id: string; count: number };

/** Inserts a fact once (by its `_id`): true when this call stored it. */
const insertFact = <T extends { _id: string }>(facts: Model<T>, doc: T): Promise<boolean> =>
  insertOnce(facts.collection as unknown as mongo.Collection<T>, doc as mongo.OptionalUnlessRequiredId<T>);

/**
 * Explore's writes, once per event (ExploreConsumer). Each fact is inserted once by its deterministic
 * `_id`; the insert that stored it then `$inc`s its counters (upserts, one document per key), so a
 * redelivered event or the same fact under a new event id changes nothing. A crash between the
 * insert and the `$inc` leaves a display counter (trending tags, landing-page engagement) one short:
 * the redelivered event finds the fact stored. The facts themselves stay exact.
 */
@Injectable()
export class ExploreProjections {
  constructor(@Inject(ExploreStore) private readonly store: ExploreStore) {}

  /** post.created / story.created: the tag uses, and for posts the author's activity. */
  async recordPost(post: { postId: string; authorId: string; isStory: boolean; tags: string[]; at: Date }) {
    const day = dayKey(post.at);
    const hour = hourKey(post.at);
    if (!post.isStory) await this.recordActivity(`post:${post.postId}`, 'post', post.authorId, post.at);
    for (const tag of post.tags) {
      const use = { _id: `${post.postId}:${tag}`, postId: post.postId, tag, day, hour, at: post.at };
      if (!(await insertFact(this.store.tagUses, use))) continue;
      await Promise.all([
        add(this.store.tagDays, `${day}:${tag}`, { day, tag }, 1),
        add(this.store.tagHours, `${hour}:${tag}`, { hour, tag }, 1),
      ]);
    }
  }

  /** post.liked */
  recordLike(postId: string, likerId: string, at: Date): Promise<void> {
    return this.recordActivity(`like:${postId}:${likerId}`, 'like', likerId, at);
  }

  /** post.unliked: the like stops counting (in the day it was given). */
  async removeLike(postId: string, likerId: string): Promise<void> {
    const removed = await this.store.activity
      .findOneAndDelete({ _id: `like:${postId}:${likerId}` })
      .lean()
      .exec();
    if (removed)
      await add(this.store.activityDays, `${removed.day}:like`, { day: removed.day, kind: 'like' }, -1);
  }

  /** comment.created */
  recordComment(commentId: string, commenterId: string, at: Date): Promise<void> {
    return this.recordActivity(`comment:${commentId}`, 'comment', commenterId, at);
  }

  /** tip.sent: the tip (for the rankings) and an act of engagement (for the landing page). */
  async recordTip(tip: {
    transferId: string;
    senderId: string;
    recipientId: string;
    amountMicro: number;
    at: Date;
  }) {
    await insertFact(this.store.tips, {
      _id: tip.transferId,
      senderId: tip.senderId,
      recipientId: tip.recipientId,
      amountMicro: tip.amountMicro,
      at: tip.at,
    });
    await this.recordActivity(`tip:${tip.transferId}`, 'tip', tip.senderId, tip.at);
  }

  /** user.aura_changed, keyed by the event's id. */
  async recordAuraChange(change: {
    eventId: string;
    userId: string;
    delta: number;
    at: Date;
  }): Promise<void> {
    await insertFact(this.store.auraChanges, {
      _id: change.eventId,
      userId: change.userId,
      delta: change.delta,
      at: change.at,
    });
  }

  private async recordActivity(id: string, kind: ActivityKind, actorId: string, at: Date): Promise<void> {
    const day = dayKey(at);
    if (await insertFact(this.store.activity, { _id: id, kind, actorId, day, at }))
      await add(this.store.activityDays, `${day}:${kind}`, { day, kind }, 1);
  }
}

/**
 * Adds to a counter document, creating it at the first use. A decrement applies only while the count
 * is above 0 (and never creates the document).
 */
async function add<C extends Counter>(
  counters: Model<C>,
  id: string,
  fields: Omit<C, '_id' | 'count'>,
  by: 1 | -1,
): Promise<void> {
  if (by < 0) {
    await counters
      .updateOne({ _id: id, count: { $gt: 0 } } as FilterQuery<C>, { $inc: { count: -1 } })
      .exec();
    return;
  }
  await counters
    .updateOne(
      { _id: id } as FilterQuery<C>,
      { $inc: { count: 1 }, $setOnInsert: fields } as UpdateQuery<C>,
      {
        upsert: true,
      },
    )
    .exec();
}
