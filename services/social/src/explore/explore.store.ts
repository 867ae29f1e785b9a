import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Connection, FilterQuery, Model, PipelineStage } from 'mongoose';
import { Schema } from 'mongoose';
import { dayKey, hourKey, TrendingWindow } from './explore-rules';
import { SerialQueue } from './serial-queue';

/**
 * Explore's own projections of other services' events (social.content, economy's tip.sent,
 * identity's user.aura_changed), in social's database.
 *
 * Truth: insert-once documents with a deterministic `_id`, so a redelivered event, or the same fact
 * under a new event id (same post, same transfer), is stored once:
 *   explore_tag_uses      `<postId>:<tag>`          one use of a tag by a post or story
 *   explore_tips          `<transfer_id>`            one tip (amount in micro-AC)
 *   explore_aura_changes  `<event id>`               one aura change (no natural key: keyed by event id)
 *   explore_activity      `post:<postId>` | `comment:<commentId>` | `like:<postId>:<likerId>` |
 *                         `tip:<transfer_id>`         one act of a member (an unlike deletes its like)
 * Rankings (Top Tipped, Top Rising, activity) aggregate these documents in the window; FerretDB v1
 * computes only the first accumulator of a `$group` correctly, so each aggregation has exactly one.
 *
 * Counters (trending tags, landing-page engagement) are sharded per writer, never one document that
 * several writers `$inc`: FerretDB v1 applies `$inc` as read, change, write back, so concurrent `$inc`
 * on one document lose updates (ADR 0003). Recounting the truth after each write would be exact too,
 * but FerretDB answers a count by scanning the collection, which is too slow per event. So:
 *   explore_tag_days      `<YYYY-MM-DD>:<tag>:<writer>`      uses of a tag on a UTC day
 *   explore_tag_hours     `<YYYY-MM-DDTHH>:<tag>:<writer>`   uses of a tag in a UTC hour (24 h trend)
 *   explore_activity_days `<YYYY-MM-DD>:<kind>:<writer>`     acts of a kind on a UTC day
 * `writer` is random per ExploreStore instance (one per process), and every projection write of the
 * instance runs through one SerialQueue: each shard document has exactly one writer, one change at a
 * time, so `$inc` on it is safe on both engines, with any number of replicas. Reads sum the shards.
 * Each truth document carries `counted`: the shards are bumped after the insert and `counted` set
 * after the bumps; a retry of an event whose document exists but is not `counted` (the process
 * stopped halfway) bumps again. One act can be counted twice only if a process dies between its last
 * bump and setting `counted`, or if two replicas handle the same act at the same moment (a partition
 * moving mid-event); counters are display figures and tolerate that. All per-event writes are
 * `_id` inserts and `_id` updates (FerretDB's fast path); scans happen only on reads, which the
 * services cache.
 */

export type ActivityKind = 'post' | 'comment' | 'like' | 'tip';
/** The acts that count as engagement on the landing page: likes, comments, tips. */
export const ENGAGEMENT_KINDS: ActivityKind[] = ['like', 'comment', 'tip'];
/** The acts of a creator's activity score: posts written, comments written, likes given. */
export const ACTIVITY_KINDS: ActivityKind[] = ['post', 'comment', 'like'];

interface TagUseDoc {
  _id: string;
  postId: string;
  tag: string;
  day: string;
  hour: string;
  at: Date;
  counted: boolean;
}

interface TagDayDoc {
  _id: string;
  day: string;
  tag: string;
  writer: string;
  count: number;
}

interface TagHourDoc {
  _id: string;
  hour: string;
  tag: string;
  writer: string;
  count: number;
}

interface TipDoc {
  _id: string;
  senderId: string;
  recipientId: string;
  amountMicro: number;
  at: Date;
}

interface AuraChangeDoc {
  _id: string;
  userId: string;
  delta: number;
  at: Date;
}

interface ActivityDoc {
  _id: string;
  kind: ActivityKind;
  actorId: string;
  day: string;
  at: Date;
  counted: boolean;
}

interface ActivityDayDoc {
  _id: string;
  day: string;
  kind: ActivityKind;
  writer: string;
  count: number;
}

const options = (collection: string) => ({ collection, versionKey: false as const });

const tagUseSchema = new Schema<TagUseDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    tag: { type: String, required: true },
    day: { type: String, required: true },
    hour: { type: String, required: true },
    at: { type: Date, required: true },
    counted: { type: Boolean, default: false },
  },
  options('explore_tag_uses'),
);
tagUseSchema.index({ tag: 1, day: 1 });

const tagDaySchema = new Schema<TagDayDoc>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true },
    tag: { type: String, required: true },
    writer: { type: String, required: true },
    count: { type: Number, required: true },
  },
  options('explore_tag_days'),
);
tagDaySchema.index({ day: 1 });
tagDaySchema.index({ tag: 1 });

const tagHourSchema = new Schema<TagHourDoc>(
  {
    _id: { type: String, required: true },
    hour: { type: String, required: true },
    tag: { type: String, required: true },
    writer: { type: String, required: true },
    count: { type: Number, required: true },
  },
  options('explore_tag_hours'),
);
tagHourSchema.index({ hour: 1 });

const tipSchema = new Schema<TipDoc>(
  {
    _id: { type: String, required: true },
    senderId: { type: String, required: true },
    recipientId: { type: String, required: true },
    amountMicro: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  options('explore_tips'),
);
tipSchema.index({ at: 1 });
tipSchema.index({ recipientId: 1, at: 1 });

const auraChangeSchema = new Schema<AuraChangeDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    delta: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  options('explore_aura_changes'),
);
auraChangeSchema.index({ at: 1 });
auraChangeSchema.index({ userId: 1, at: 1 });

const activitySchema = new Schema<ActivityDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    actorId: { type: String, required: true },
    day: { type: String, required: true },
    at: { type: Date, required: true },
    counted: { type: Boolean, default: false },
  },
  options('explore_activity'),
);
activitySchema.index({ kind: 1, day: 1 });
activitySchema.index({ actorId: 1, at: 1 });

const activityDaySchema = new Schema<ActivityDayDoc>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true },
    kind: { type: String, required: true },
    writer: { type: String, required: true },
    count: { type: Number, required: true },
  },
  options('explore_activity_days'),
);
activityDaySchema.index({ day: 1 });

function model<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T>) ?? connection.model<T>(name, schema);
}

/** Inserts a document once; a duplicate `_id` means it is already there (returns false). */
async function insertOnce<T>(target: Model<T>, doc: T): Promise<boolean> {
  try {
    await target.create(doc);
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

export interface TagCountEntry {
  tag: string;
  count: number;
}

export interface CreatorTotals {
  /** micro-AC */
  totalTipsMicro: number;
  tipCount: number;
  auraGained: number;
  posts: number;
  comments: number;
  likes: number;
}

@Injectable()
export class ExploreStore implements OnModuleInit {
  readonly tagUses: Model<TagUseDoc>;
  readonly tagDays: Model<TagDayDoc>;
  readonly tagHours: Model<TagHourDoc>;
  readonly tips: Model<TipDoc>;
  readonly auraChanges: Model<AuraChangeDoc>;
  readonly activity: Model<ActivityDoc>;
  readonly activityDays: Model<ActivityDayDoc>;
  /** This instance's shard of every counter (see the file header). */
  readonly writer = randomBytes(6).toString('hex');
  private readonly writes = new SerialQueue();

  constructor(@Inject(MONGO) connection: Connection) {
    this.tagUses = model(connection, 'ExploreTagUse', tagUseSchema);
    this.tagDays = model(connection, 'ExploreTagDay', tagDaySchema);
    this.tagHours = model(connection, 'ExploreTagHour', tagHourSchema);
    this.tips = model(connection, 'ExploreTip', tipSchema);
    this.auraChanges = model(connection, 'ExploreAuraChange', auraChangeSchema);
    this.activity = model(connection, 'ExploreActivity', activitySchema);
    this.activityDays = model(connection, 'ExploreActivityDay', activityDaySchema);
  }

  async onModuleInit(): Promise<void> {
    await this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all(
      [
        this.tagUses,
        this.tagDays,
        this.tagHours,
        this.tips,
        this.auraChanges,
        this.activity,
        this.activityDays,
      ].map((target) => (target as unknown as { init(): Promise<unknown> }).init()),
    );
  }

  // ---- writes (ExploreConsumer, once per event; each is idempotent; all through one queue) ----

  /** post.created / story.created: the tag uses, and for posts the author's activity. */
  recordPost(post: { postId: string; authorId: string; isStory: boolean; tags: string[]; at: Date }) {
    return this.writes.run(async () => {
      const day = dayKey(post.at);
      const hour = hourKey(post.at);
      if (!post.isStory) await this.recordActivity(`post:${post.postId}`, 'post', post.authorId, post.at);
      for (const tag of post.tags) {
        const use = { _id: `${post.postId}:${tag}`, postId: post.postId, tag, day, hour, at: post.at };
        await this.countOnce(this.tagUses, use, async () => {
          await this.bump(this.tagDays, `${day}:${tag}`, { day, tag }, 1);
          await this.bump(this.tagHours, `${hour}:${tag}`, { hour, tag }, 1);
        });
      }
    });
  }

  /** post.liked */
  recordLike(postId: string, likerId: string, at: Date): Promise<void> {
    return this.writes.run(() => this.recordActivity(`like:${postId}:${likerId}`, 'like', likerId, at));
  }

  /** post.unliked: the like stops counting (in the day it was given). */
  removeLike(postId: string, likerId: string): Promise<void> {
    return this.writes.run(async () => {
      const removed = await this.activity
        .findOneAndDelete({ _id: `like:${postId}:${likerId}` })
        .lean()
        .exec();
      if (removed?.counted)
        await this.bump(this.activityDays, `${removed.day}:like`, { day: removed.day, kind: 'like' }, -1);
    });
  }

  /** comment.created */
  recordComment(commentId: string, commenterId: string, at: Date): Promise<void> {
    return this.writes.run(() => this.recordActivity(`comment:${commentId}`, 'comment', commenterId, at));
  }

  /** tip.sent: the tip (for the rankings) and an act of engagement (for the landing page). */
  recordTip(tip: {
    transferId: string;
    senderId: string;
    recipientId: string;
    amountMicro: number;
    at: Date;
  }) {
    return this.writes.run(async () => {
      await insertOnce(this.tips, {
        _id: tip.transferId,
        senderId: tip.senderId,
        recipientId: tip.recipientId,
        amountMicro: tip.amountMicro,
        at: tip.at,
      });
      await this.recordActivity(`tip:${tip.transferId}`, 'tip', tip.senderId, tip.at);
    });
  }

  /** user.aura_changed, keyed by the event's id. */
  recordAuraChange(change: { eventId: string; userId: string; delta: number; at: Date }): Promise<void> {
    return this.writes.run(async () => {
      await insertOnce(this.auraChanges, {
        _id: change.eventId,
        userId: change.userId,
        delta: change.delta,
        at: change.at,
      });
    });
  }

  private recordActivity(id: string, kind: ActivityKind, actorId: string, at: Date): Promise<void> {
    const day = dayKey(at);
    return this.countOnce(this.activity, { _id: id, kind, actorId, day, at }, () =>
      this.bump(this.activityDays, `${day}:${kind}`, { day, kind }, 1),
    );
  }

  /**
   * Inserts a truth document once and runs `bumps` for it once: when the document already exists
   * and is `counted`, nothing happens; when it exists uncounted (an earlier attempt stopped halfway),
   * the bumps run now.
   */
  private async countOnce<T extends { _id: string; counted: boolean }>(
    truth: Model<T>,
    doc: Omit<T, 'counted'>,
    bumps: () => Promise<void>,
  ): Promise<void> {
    const inserted = await insertOnce(truth, { ...doc, counted: false } as T);
    if (!inserted) {
      const existing = await truth.findById(doc._id).lean<{ counted?: boolean }>().exec();
      if (!existing || existing.counted !== false) return;
    }
    await bumps();
    await truth.updateOne({ _id: doc._id } as FilterQuery<T>, { $set: { counted: true } }).exec();
  }

  /** Adds to this writer's shard of a counter (single writer: see the file header). */
  private async bump<C extends { count: number; writer: string }>(
    counter: Model<C>,
    bucket: string,
    fields: Partial<C>,
    by: number,
  ): Promise<void> {
    await counter
      .updateOne(
        { _id: `${bucket}:${this.writer}` } as FilterQuery<C>,
        { $inc: { count: by }, $set: { ...fields, writer: this.writer } },
        { upsert: true },
      )
      .exec();
  }

  // ---- reads ----

  /** Tags by uses in the window's buckets, most used first (ties by name). */
  async trendingTags(window: TrendingWindow, limit: number): Promise<TagCountEntry[]> {
    const pipeline = (match: Record<string, unknown>): PipelineStage[] => [
      { $match: match },
      { $group: { _id: '$tag', count: { $sum: '$count' } } },
      { $match: { count: { $gt: 0 } } },
      { $sort: { count: -1, _id: 1 } },
      { $limit: limit },
    ];
    const rows =
      window.unit === 'hour'
        ? await this.tagHours.aggregate<{ _id: string; count: number }>(
            pipeline({ hour: { $gte: window.fromKey } }),
          )
        : await this.tagDays.aggregate<{ _id: string; count: number }>(
            pipeline(window.fromKey ? { day: { $gte: window.fromKey } } : {}),
          );
    return rows.map((row) => ({ tag: row._id, count: row.count }));
  }

  /** All-time uses of the tags whose name matches (a regular expression over lower-case tags). */
  async tagsMatching(pattern: string, limit: number): Promise<TagCountEntry[]> {
    const rows = await this.tagDays.aggregate<{ _id: string; count: number }>([
      { $match: { tag: { $regex: pattern } } },
      { $group: { _id: '$tag', count: { $sum: '$count' } } },
      { $match: { count: { $gt: 0 } } },
      { $sort: { count: -1, _id: 1 } },
      { $limit: limit },
    ]);
    return rows.map((row) => ({ tag: row._id, count: row.count }));
  }

  /** Recipients by the sum of tips received since `since` (null = all time), largest first. */
  async topTipped(since: Date | null, limit: number): Promise<string[]> {
    const rows = await this.tips.aggregate<{ _id: string }>([
      { $match: since ? { at: { $gte: since } } : {} },
      { $group: { _id: '$recipientId', total: { $sum: '$amountMicro' } } },
      { $match: { total: { $gt: 0 } } },
      { $sort: { total: -1, _id: 1 } },
      { $limit: limit },
    ]);
    return rows.map((row) => row._id);
  }

  /** Members by the aura gained (positive changes summed) since `since`, largest first. */
  async topRising(since: Date, limit: number): Promise<string[]> {
    const rows = await this.auraChanges.aggregate<{ _id: string }>([
      { $match: { at: { $gte: since }, delta: { $gt: 0 } } },
      { $group: { _id: '$userId', gained: { $sum: '$delta' } } },
      { $sort: { gained: -1, _id: 1 } },
      { $limit: limit },
    ]);
    return rows.map((row) => row._id);
  }

  /** Tips, aura gained and activity of some members in one window. */
  async creatorTotals(userIds: string[], since: Date | null): Promise<Map<string, CreatorTotals>> {
    const totals = new Map<string, CreatorTotals>(
      userIds.map((id) => [
        id,
        { totalTipsMicro: 0, tipCount: 0, auraGained: 0, posts: 0, comments: 0, likes: 0 },
      ]),
    );
    if (userIds.length === 0) return totals;
    const inWindow = since ? { at: { $gte: since } } : {};
    const sumBy = <T>(target: Model<T>, match: Record<string, unknown>, key: string, value: unknown) =>
      target.aggregate<{ _id: string; value: number }>([
        { $match: match },
        { $group: { _id: key, value: { $sum: value } } },
      ]);
    const [tipSums, tipCounts, gained, acts] = await Promise.all([
      sumBy(this.tips, { recipientId: { $in: userIds }, ...inWindow }, '$recipientId', '$amountMicro'),
      sumBy(this.tips, { recipientId: { $in: userIds }, ...inWindow }, '$recipientId', 1),
      sumBy(
        this.auraChanges,
        { userId: { $in: userIds }, delta: { $gt: 0 }, ...inWindow },
        '$userId',
        '$delta',
      ),
      this.activity.aggregate<{ _id: { actorId: string; kind: ActivityKind }; value: number }>([
        { $match: { actorId: { $in: userIds }, kind: { $in: ACTIVITY_KINDS }, ...inWindow } },
        { $group: { _id: { actorId: '$actorId', kind: '$kind' }, value: { $sum: 1 } } },
      ]),
    ]);
    for (const row of tipSums) totals.get(row._id)!.totalTipsMicro = row.value;
    for (const row of tipCounts) totals.get(row._id)!.tipCount = row.value;
    for (const row of gained) totals.get(row._id)!.auraGained = row.value;
    for (const row of acts) {
      const entry = totals.get(row._id.actorId);
      if (!entry) continue;
      if (row._id.kind === 'post') entry.posts = row.value;
      else if (row._id.kind === 'comment') entry.comments = row.value;
      else if (row._id.kind === 'like') entry.likes = row.value;
    }
    return totals;
  }

  /** Engagement acts (likes standing, comments, tips) per UTC day, from the day buckets. */
  async engagementByDay(): Promise<Map<string, number>> {
    const rows = await this.activityDays.aggregate<{ _id: string; value: number }>([
      { $match: { kind: { $in: ENGAGEMENT_KINDS } } },
      { $group: { _id: '$day', value: { $sum: '$count' } } },
    ]);
    return new Map(rows.map((row) => [row._id, row.value]));
  }
}
