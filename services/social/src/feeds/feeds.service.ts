import { CallContext, InvalidInput } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CacheTtl } from '../common/cache-ttl';
import { CLOCK, Clock } from '../common/clock';
import { memberIdOf, requireCaller } from '../common/ids';
import { RedisCache, ScoredId, ScorePosition } from '../common/redis-cache';
import { pageLimit, PageSizes } from '../common/settings';
import { SocialKeys } from '../common/social-keys';
import { FollowsRepository } from '../follows/follows.repository';
import { MembersRepository } from '../members/members.repository';
import { PostDoc } from '../posts/post.schema';
import { PostViews } from '../posts/post-views';
import { PostsRepository } from '../posts/posts.repository';
import { decodeRankCursor, decodeTimeCursor, encodeRankCursor, encodeTimeCursor } from './cursor';
import { FEED_WINDOW_MS, isFeedName, rankFeed, RankedFeed } from './ranking';
import { Timelines } from './timelines';

export const FeedMessages = {
  feed: 'feed must be one of: aura, high-aura, discovery, following',
  kind: 'kind must be posts or stories',
  media: 'media must be one of: all, image, video',
} as const;

/** Ranked snapshots keep at most this many posts (a member scrolls 50 pages of 20 before the end). */
const SNAPSHOT_SIZE = 1000;

const positionOf = (doc: PostDoc): ScorePosition => ({
  score: new Date(doc.createdAt).getTime(),
  id: doc._id,
});

/** The four feeds, the stories strip and a member's posts or stories (ADR 0004). */
@Injectable()
export class FeedsService {
  constructor(
    @Inject(Timelines) private readonly timelines: Timelines,
    @Inject(PostViews) private readonly views: PostViews,
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(FollowsRepository) private readonly follows: FollowsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async feed(request: social.GetFeedRequest, context: CallContext): Promise<social.PostPage> {
    const feed = (request.feed || 'aura').toLowerCase();
    if (!isFeedName(feed)) throw new InvalidInput(FeedMessages.feed);
    const limit = pageLimit(request.limit, PageSizes.feed.fallback, PageSizes.feed.max);
    if (feed === 'following') return this.following(requireCaller(context), request.cursor, limit);
    return this.ranked(feed, context.caller?.userId, request.cursor, limit);
  }

  // ---- following: fan-out on write, merged with big authors at read ------------------------------

  private async following(viewerId: string, cursor: string, limit: number): Promise<social.PostPage> {
    const start = decodeTimeCursor(cursor);
    const [hidden, following, leftOut] = await Promise.all([
      this.views.hiddenInFeedsFor(viewerId),
      this.follows.following(viewerId),
      this.views.leftOutOfFeedsFor(viewerId),
    ]);
    const allowed = (doc: PostDoc) =>
      (doc.authorId === viewerId || following.has(doc.authorId)) && !leftOut(doc);
    return this.timePage(
      (position, count) => this.timelines.followingCandidates(viewerId, following, position, count),
      start,
      limit,
      hidden,
      viewerId,
      allowed,
    );
  }

  /**
   * A newest-first page of visible posts from a candidate source: reads batches until `limit` posts
   * are visible (or the source ends) and answers a cursor after the last one when more may follow.
   */
  private async timePage(
    source: (position: ScorePosition | undefined, count: number) => Promise<ScoredId[]>,
    start: ScorePosition | undefined,
    limit: number,
    hidden: Set<string>,
    viewerId: string | undefined,
    allowed: (doc: PostDoc) => boolean = () => true,
  ): Promise<social.PostPage> {
    const found: PostDoc[] = [];
    let position = start;
    let exhausted = false;
    for (let round = 0; round < 6 && found.length <= limit; round++) {
      const batch = await source(position, limit + 1);
      if (batch.length === 0) {
        exhausted = true;
        break;
      }
      const docs = await this.views.visible(
        batch.map((item) => item.id),
        hidden,
      );
      found.push(...docs.filter((doc) => !doc.isStory && allowed(doc)));
      position = batch[batch.length - 1];
      if (batch.length < limit + 1) {
        exhausted = true;
        break;
      }
    }
    const page = found.slice(0, limit);
    const hasNext = found.length > limit || (!exhausted && page.length > 0);
    const last = page[page.length - 1];
    return {
      posts: await this.views.render(page, viewerId),
      nextCursor: hasNext && last ? encodeTimeCursor(positionOf(last)) : '',
    };
  }

  // ---- ranked feeds: a snapshot per viewer and feed, paged by position -------------------------

  private async ranked(
    feed: RankedFeed,
    viewerId: string | undefined,
    cursor: string,
    limit: number,
  ): Promise<social.PostPage> {
    const continued = decodeRankCursor(cursor);
    // One snapshot per viewer and feed (a first page replaces it), so memory grows with active
    // members, not with requests.
    const key = this.keys.rankedSnapshot(feed, viewerId ?? 'anonymous');
    const offset = continued?.offset ?? 0;
    let snapshot: { id: string; ids: string[] } | undefined;
    if (continued) {
      const [stored] = await this.cache.getJson<{ id: string; ids: string[] }>([key]);
      if (stored?.id === continued.snapshot) snapshot = stored;
    }
    if (!snapshot) {
      // First page, or a snapshot that expired or was replaced while the member read: rank afresh
      // and continue at the same position (best effort).
      snapshot = { id: randomUUID(), ids: await this.rank(feed, viewerId) };
      await this.cache.redis.set(key, JSON.stringify(snapshot), 'EX', CacheTtl.ranked);
    }
    const { ids } = snapshot;
    const [hidden, leftOut] = await Promise.all([
      this.views.hiddenInFeedsFor(viewerId),
      this.views.leftOutOfFeedsFor(viewerId),
    ]);
    const slice = ids.slice(offset, offset + limit);
    const docs = (await this.views.visible(slice, hidden)).filter((doc) => !doc.isStory && !leftOut(doc));
    const next = offset + limit;
    return {
      posts: await this.views.render(docs, viewerId),
      nextCursor: next < ids.length ? encodeRankCursor({ snapshot: snapshot.id, offset: next }) : '',
    };
  }

  /** The ranked post ids of a feed for a viewer (ADR 0004), at most SNAPSHOT_SIZE. */
  async rank(feed: RankedFeed, viewerId: string | undefined): Promise<string[]> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - FEED_WINDOW_MS[feed]);
    const [recent, hidden, following] = await Promise.all([
      this.timelines.recentPosts(since),
      this.views.hiddenInFeedsFor(viewerId),
      feed === 'discovery' && viewerId
        ? this.follows.following(viewerId)
        : Promise.resolve(new Set<string>()),
    ]);
    const docs = (
      await this.views.visible(
        recent.map((item) => item.id),
        hidden,
      )
    ).filter(
      (doc) =>
        !doc.isStory &&
        new Date(doc.createdAt).getTime() >= since.getTime() &&
        (feed !== 'discovery' || (doc.authorId !== viewerId && !following.has(doc.authorId))),
    );
    const authors = await this.members.mapByIds(docs.map((doc) => doc.authorId));
    const candidates = docs.map((doc) => ({
      id: doc._id,
      authorId: doc.authorId,
      createdAtMs: new Date(doc.createdAt).getTime(),
      engagementScore: doc.engagementScore ?? 0,
      authorAura: authors.get(doc.authorId)?.auraScore ?? 0,
    }));
    return rankFeed(feed, candidates, now.getTime()).slice(0, SNAPSHOT_SIZE);
  }

  // ---- stories -------------------------------------------------------------------------------

  /** Active stories of the caller and the members they follow, newest first. */
  async stories(request: social.ListStoriesRequest, context: CallContext): Promise<social.PostPage> {
    const viewerId = requireCaller(context);
    const limit = pageLimit(request.limit, PageSizes.stories.fallback, PageSizes.stories.max);
    const now = this.clock.now();
    const [active, following, hidden, leftOut] = await Promise.all([
      this.timelines.activeStories(now),
      this.follows.following(viewerId),
      this.views.hiddenInFeedsFor(viewerId),
      this.views.leftOutOfFeedsFor(viewerId),
    ]);
    const ids = active
      .filter((story) => story.authorId === viewerId || following.has(story.authorId))
      .map((story) => story.storyId);
    const docs = (await this.views.visible(ids, hidden))
      .filter((doc) => doc.isStory && !leftOut(doc))
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
      .slice(0, limit);
    return { posts: await this.views.render(docs, viewerId), nextCursor: '' };
  }

  // ---- a member's content --------------------------------------------------------------------

  async memberContent(
    request: social.ListMemberContentRequest,
    context: CallContext,
  ): Promise<social.PostPage> {
    const memberId = memberIdOf(request.userId);
    const kind = (request.kind || 'posts').toLowerCase();
    const media = (request.media || 'all').toLowerCase();
    if (kind !== 'posts' && kind !== 'stories') throw new InvalidInput(FeedMessages.kind);
    if (!['all', 'image', 'video'].includes(media)) throw new InvalidInput(FeedMessages.media);
    const viewerId = context.caller?.userId;
    const hidden = await this.views.hiddenFor(viewerId);
    const start = decodeTimeCursor(request.cursor);
    if (hidden.has(memberId)) return { posts: [], nextCursor: '' };

    if (kind === 'stories') {
      const limit = pageLimit(request.limit, PageSizes.memberStories.fallback, PageSizes.memberStories.max);
      const now = this.clock.now();
      const ids = (await this.timelines.activeStories(now))
        .filter((story) => story.authorId === memberId)
        .map((story) => story.storyId);
      const docs = (await this.views.visible(ids, hidden))
        .filter((doc) => doc.isStory)
        .map((doc) => ({ doc, position: positionOf(doc) }))
        .sort((a, b) => b.position.score - a.position.score || (a.doc._id < b.doc._id ? 1 : -1))
        .filter(
          ({ position }) =>
            !start ||
            position.score < start.score ||
            (position.score === start.score && position.id < start.id),
        )
        .map(({ doc }) => doc);
      const page = docs.slice(0, limit);
      const last = page[page.length - 1];
      return {
        posts: await this.views.render(page, viewerId),
        nextCursor: docs.length > limit && last ? encodeTimeCursor(positionOf(last)) : '',
      };
    }

    const limit = pageLimit(request.limit, PageSizes.memberPosts.fallback, PageSizes.memberPosts.max);
    if (media === 'image' || media === 'video') {
      const docs = (await this.posts.authorMediaPosts(memberId, media, start, limit + 1)).filter(
        (doc) => !doc.deleted,
      );
      const page = docs.slice(0, limit);
      const last = page[page.length - 1];
      return {
        posts: await this.views.render(page, viewerId),
        nextCursor: docs.length > limit && last ? encodeTimeCursor(positionOf(last)) : '',
      };
    }
    return this.timePage(
      (position, count) => this.timelines.authorPosts(memberId, position, count),
      start,
      limit,
      hidden,
      viewerId,
    );
  }
}
