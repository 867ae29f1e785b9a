import { Schema } from 'mongoose';

/**
 * Explore's collections in social's database: projections of other services' events
 * (social.content, economy's tip.sent, identity's user.aura_changed), written by ExploreProjections
 * and read by ExploreRankings, through ExploreRepository's models.
 *
 * Facts: insert-once documents with a deterministic `_id`, so a redelivered event, or the same fact
 * under a new event id (same post, same transfer), is stored once:
 *   explore_tag_uses      `<postId>:<tag>`          one use of a tag by a post or story
 *   explore_tips          `<transfer_id>`            one tip (amount in micro-AC)
 *   explore_aura_changes  `<event id>`               one aura change (no natural key: keyed by event id)
 *   explore_activity      `post:<postId>` | `comment:<commentId>` | `like:<postId>:<likerId>` |
 *                         `tip:<transfer_id>`         one act of a member (an unlike deletes its like)
 * Counters, one document per key, `$inc`-ed (upserted) when a fact is inserted or deleted:
 *   explore_tag_days      `<YYYY-MM-DD>:<tag>`       uses of a tag on a UTC day
 *   explore_tag_hours     `<YYYY-MM-DDTHH>:<tag>`    uses of a tag in a UTC hour (24 h trend)
 *   explore_activity_days `<YYYY-MM-DD>:<kind>`      acts of a kind on a UTC day (landing page)
 */

export type ActivityKind = 'post' | 'comment' | 'like' | 'tip';
/** The acts that count as engagement on the landing page: likes, comments, tips. */
export const ENGAGEMENT_KINDS: ActivityKind[] = ['like', 'comment', 'tip'];
/** The acts of a creator's activity score: posts written, comments written, likes given. */
export const ACTIVITY_KINDS: ActivityKind[] = ['post', 'comment', 'like'];

export interface TagUseDoc {
  _id: string;
  postId: string;
  tag: string;
  day: string;
  hour: string;
  at: Date;
}

export interface TagDayDoc {
  _id: string;
  day: string;
  tag: string;
  count: number;
}

export interface TagHourDoc {
  _id: string;
  hour: string;
  tag: string;
  count: number;
}

export interface TipDoc {
  _id: string;
  senderId: string;
  recipientId: string;
  amountMicro: number;
  at: Date;
}

export interface AuraChangeDoc {
  _id: string;
  userId: string;
  delta: number;
  at: Date;
}

export interface ActivityDoc {
  _id: string;
  kind: ActivityKind;
  actorId: string;
  day: string;
  at: Date;
}

export interface ActivityDayDoc {
  _id: string;
  day: string;
  kind: ActivityKind;
  count: number;
}

const options = (collection: string) => ({ collection, versionKey: false as const });

export const tagUseSchema = new Schema<TagUseDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    tag: { type: String, required: true },
    day: { type: String, required: true },
    hour: { type: String, required: true },
    at: { type: Date, required: true },
  },
  options('explore_tag_uses'),
);
tagUseSchema.index({ tag: 1, day: 1 });

export const tagDaySchema = new Schema<TagDayDoc>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true },
    tag: { type: String, required: true },
    count: { type: Number, required: true },
  },
  options('explore_tag_days'),
);
/** Trending over days (7d, 30d). */
tagDaySchema.index({ day: 1 });
/** Tag search (the tags starting with the text: a range of this index). */
tagDaySchema.index({ tag: 1 });

export const tagHourSchema = new Schema<TagHourDoc>(
  {
    _id: { type: String, required: true },
    hour: { type: String, required: true },
    tag: { type: String, required: true },
    count: { type: Number, required: true },
  },
  options('explore_tag_hours'),
);
/** Trending over 24 h. */
tagHourSchema.index({ hour: 1 });

export const tipSchema = new Schema<TipDoc>(
  {
    _id: { type: String, required: true },
    senderId: { type: String, required: true },
    recipientId: { type: String, required: true },
    amountMicro: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  options('explore_tips'),
);
/** Top Tipped in a window. */
tipSchema.index({ at: 1 });
/** The figures of some creators in a window. */
tipSchema.index({ recipientId: 1, at: 1 });

export const auraChangeSchema = new Schema<AuraChangeDoc>(
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

export const activitySchema = new Schema<ActivityDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    actorId: { type: String, required: true },
    day: { type: String, required: true },
    at: { type: Date, required: true },
  },
  options('explore_activity'),
);
activitySchema.index({ actorId: 1, at: 1 });

export const activityDaySchema = new Schema<ActivityDayDoc>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true },
    kind: { type: String, required: true },
    count: { type: Number, required: true },
  },
  options('explore_activity_days'),
);
/** Engagement per day (landing page). */
activityDaySchema.index({ kind: 1, day: 1 });
