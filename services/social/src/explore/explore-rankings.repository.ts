import { Inject, Injectable } from '@nestjs/common';
import type { PipelineStage } from 'mongoose';
import { prefixRange } from '../common/search-words';
import { TrendingWindow } from './explore-rules';
import { ExploreRepository } from './explore.repository';
import { ACTIVITY_KINDS, ActivityKind, ENGAGEMENT_KINDS } from './explore.schema';

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

/** The filters of the ranking reads, one place for the code and the index tests. */
export const RankingQueries = {
  /** The counter buckets of a trending window. */
  trendingBuckets: (window: TrendingWindow): Record<string, unknown> =>
    window.unit === 'hour'
      ? { hour: { $gte: window.fromKey } }
      : window.fromKey
        ? { day: { $gte: window.fromKey } }
        : {},
  tipsSince: (since: Date | null): Record<string, unknown> => (since ? { at: { $gte: since } } : {}),
  /** The day counters of the tags starting with `prefix` (lower-case, without '#'): a range of tag_1. */
  tagsStartingWith: (prefix: string): Record<string, unknown> => ({ tag: prefixRange(prefix) }),
};

/** Explore's reads: trending tags, the creator rankings and the landing page's engagement. */
@Injectable()
export class ExploreRankings {
  constructor(@Inject(ExploreRepository) private readonly store: ExploreRepository) {}

  /** Tags by uses in the window's buckets, most used first (ties by name). */
  async trendingTags(window: TrendingWindow, limit: number): Promise<TagCountEntry[]> {
    const pipeline: PipelineStage[] = [
      { $match: RankingQueries.trendingBuckets(window) },
      ...rankTags(limit),
    ];
    const rows =
      window.unit === 'hour'
        ? await this.store.tagHours.aggregate<{ _id: string; count: number }>(pipeline)
        : await this.store.tagDays.aggregate<{ _id: string; count: number }>(pipeline);
    return rows.map((row) => ({ tag: row._id, count: row.count }));
  }

  /** All-time uses of the tags starting with `prefix` (lower-case, without '#'), most used first. */
  async tagsStartingWith(prefix: string, limit: number): Promise<TagCountEntry[]> {
    const rows = await this.store.tagDays.aggregate<{ _id: string; count: number }>([
      { $match: RankingQueries.tagsStartingWith(prefix) },
      ...rankTags(limit),
    ]);
    return rows.map((row) => ({ tag: row._id, count: row.count }));
  }

  /** Recipients by the sum of tips received since `since` (null = all time), largest first. */
  async topTipped(since: Date | null, limit: number): Promise<string[]> {
    const rows = await this.store.tips.aggregate<{ _id: string }>([
      { $match: RankingQueries.tipsSince(since) },
      { $group: { _id: '$recipientId', total: { $sum: '$amountMicro' } } },
      { $match: { total: { $gt: 0 } } },
      { $sort: { total: -1, _id: 1 } },
      { $limit: limit },
    ]);
    return rows.map((row) => row._id);
  }

  /** Members by the aura gained (positive changes summed) since `since`, largest first. */
  async topRising(since: Date, limit: number): Promise<string[]> {
    const rows = await this.store.auraChanges.aggregate<{ _id: string }>([
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
    const [tips, gained, acts] = await Promise.all([
      this.store.tips.aggregate<{ _id: string; total: number; count: number }>([
        { $match: { recipientId: { $in: userIds }, ...inWindow } },
        { $group: { _id: '$recipientId', total: { $sum: '$amountMicro' }, count: { $sum: 1 } } },
      ]),
      this.store.auraChanges.aggregate<{ _id: string; gained: number }>([
        { $match: { userId: { $in: userIds }, delta: { $gt: 0 }, ...inWindow } },
        { $group: { _id: '$userId', gained: { $sum: '$delta' } } },
      ]),
      this.store.activity.aggregate<{ _id: { actorId: string; kind: ActivityKind }; count: number }>([
        { $match: { actorId: { $in: userIds }, kind: { $in: ACTIVITY_KINDS }, ...inWindow } },
        { $group: { _id: { actorId: '$actorId', kind: '$kind' }, count: { $sum: 1 } } },
      ]),
    ]);
    for (const row of tips)
      Object.assign(totals.get(row._id)!, { totalTipsMicro: row.total, tipCount: row.count });
    for (const row of gained) totals.get(row._id)!.auraGained = row.gained;
    for (const row of acts) {
      const entry = totals.get(row._id.actorId);
      if (!entry) continue;
      if (row._id.kind === 'post') entry.posts = row.count;
      else if (row._id.kind === 'comment') entry.comments = row.count;
      else if (row._id.kind === 'like') entry.likes = row.count;
    }
    return totals;
  }

  /** Engagement acts (likes standing, comments, tips) per UTC day, from the day counters. */
  async engagementByDay(): Promise<Map<string, number>> {
    const rows = await this.store.activityDays.aggregate<{ _id: string; count: number }>([
      { $match: { kind: { $in: ENGAGEMENT_KINDS } } },
      { $group: { _id: '$day', count: { $sum: '$count' } } },
    ]);
    return new Map(rows.map((row) => [row._id, row.count]));
  }
}

/** Sums the counters of each tag, most used first (ties by name), the first `limit`. */
function rankTags(limit: number): PipelineStage[] {
  return [
    { $group: { _id: '$tag', count: { $sum: '$count' } } },
    { $match: { count: { $gt: 0 } } },
    { $sort: { count: -1, _id: 1 } },
    { $limit: limit },
  ];
}
