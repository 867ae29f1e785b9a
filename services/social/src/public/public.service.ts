import { social } from '@aura/proto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Clock, CLOCK, systemClock } from '../common/clock';
import { AnswerCache } from '../explore/answer-cache';
import { clampLimit, startOfUtcDay } from '../explore/explore-rules';
import { ExploreRankings } from '../explore/explore-rankings.repository';
import { MembersRepository } from '../members/members.repository';
import { peopleIn, toPost } from '../posts/post.mapper';
import { PostsRepository } from '../posts/posts.repository';
import { ACTIVE_WINDOW_MS, engagementFigures, int32, PREVIEW_LIMIT } from './public-rules';

export const PUBLIC_OPTIONS = Symbol('PublicOptions');

export interface PublicOptions {
  /** How long the stats answer is reused (ms; 0 = computed every time). */
  statsCacheMs: number;
  /** How long a preview answer is reused (ms; 0 = computed every time). */
  previewCacheMs: number;
}

export const DEFAULT_PUBLIC_OPTIONS: PublicOptions = {
  statsCacheMs: 5_000,
  previewCacheMs: 5_000,
};

/**
 * The signed-out landing page (spec 000 §2 Landing page, §3 Public stats, §7 Auth and public): a live
 * preview of recent posts and the community figures. Every visitor polls both every 15 s, so both
 * answers are cached in Redis for a few seconds (AnswerCache keys `…:cache:stats` and
 * `…:cache:preview:<limit>`) and every figure is an indexed count or a read of small counters:
 *
 * - total_users: members in the projection (the collection's count); active_users_24h: members with
 *   lastActiveAt in 24 h;
 * - total_posts / posts_today: posts that are not stories and not deleted (all time / this UTC day);
 * - total_engagement / engagement_today: likes standing + comments + tips, from Explore's per-day
 *   counters (explore_activity_days, `$inc`-ed by ExploreProjections from social.content and tip.sent
 *   events).
 */
@Injectable()
export class PublicService {
  private readonly options: PublicOptions;

  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(ExploreRankings) private readonly rankings: ExploreRankings,
    @Inject(AnswerCache) private readonly cache: AnswerCache,
    @Optional() @Inject(PUBLIC_OPTIONS) options?: Partial<PublicOptions>,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.options = { ...DEFAULT_PUBLIC_OPTIONS, ...(options ?? {}) };
  }

  /** Recent posts (no stories, nothing deleted), newest first, with their authors; is_liked false. */
  feedPreview(request: social.PublicFeedPreviewRequest): Promise<social.PostPage> {
    const limit = clampLimit(request.limit, PREVIEW_LIMIT);
    return this.cache.get(`preview:${limit}`, this.options.previewCacheMs, async () => {
      const docs = await this.posts.newestPosts(limit);
      const byId = await this.members.mapByIds(peopleIn(docs));
      return {
        posts: docs.map((doc) => toPost(doc, byId.get(doc.authorId), false, false, byId)),
        nextCursor: '',
      };
    });
  }

  stats(): Promise<social.PublicStatsResult> {
    return this.cache.get('stats', this.options.statsCacheMs, async () => {
      const now = this.clock.now();
      const [totalUsers, activeUsers, totalPosts, postsToday, byDay] = await Promise.all([
        this.members.count(),
        this.members.countActiveSince(new Date(now.getTime() - ACTIVE_WINDOW_MS)),
        this.posts.countPosts(),
        this.posts.countPosts(startOfUtcDay(now)),
        this.rankings.engagementByDay(),
      ]);
      const engagement = engagementFigures(byDay, now);
      return {
        totalUsers: int32(totalUsers),
        activeUsers24h: int32(activeUsers),
        totalPosts: int32(totalPosts),
        totalEngagement: engagement.totalEngagement,
        postsToday: int32(postsToday),
        engagementToday: engagement.engagementToday,
      };
    });
  }
}
