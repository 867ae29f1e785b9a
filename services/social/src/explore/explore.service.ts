import { MONGO } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Connection, FilterQuery, Model, SortOrder } from 'mongoose';
import { BlocksRepository } from '../blocks/blocks.repository';
import { Clock, CLOCK, systemClock } from '../common/clock';
import { LikesRepository } from '../likes/likes.repository';
import type { MemberDoc } from '../members/member.schema';
import { MembersRepository } from '../members/members.repository';
import { toPost } from '../posts/post.mapper';
import { PostDoc, postModel } from '../posts/post.schema';
import { AnswerCache } from './answer-cache';
import {
  clampLimit,
  couldMatchTag,
  CreatorsQuery,
  escapeRegex,
  parseCreatorsRequest,
  parseSearchRequest,
  parseTrendingPeriod,
  searchLists,
  SearchQuery,
  TRENDING_LIMIT,
  trendingWindow,
} from './explore-rules';
import { ExploreRankings } from './explore-rankings';

export const EXPLORE_OPTIONS = Symbol('ExploreOptions');

export interface ExploreOptions {
  /** How long a trending-tags answer is reused (ms; 0 = computed every time). */
  trendingCacheMs: number;
  /** How long a top-creators answer is reused (ms; 0 = computed every time). */
  creatorsCacheMs: number;
}

export const DEFAULT_EXPLORE_OPTIONS: ExploreOptions = {
  trendingCacheMs: 30_000,
  creatorsCacheMs: 15_000,
};

/**
 * Ranked ids are read beyond the limit (recipients unknown to the members projection are left out,
 * e.g. a deleted account): limit + slack first, then four times as many, up to a bound.
 */
const RANKING_SLACK = 10;
const RANKING_READ_MAX = 1000;

/** The finds of search, one place for the service and the index tests. */
export const SearchQueries = {
  /** Members whose username or display name contains the text, highest aura first. */
  members: (pattern: string, hidden: string[]) => {
    const filter: FilterQuery<MemberDoc> = {
      $or: [{ usernameLower: { $regex: pattern } }, { displayNameLower: { $regex: pattern } }],
    };
    if (hidden.length > 0) filter._id = { $nin: hidden };
    return { filter, sort: { auraScore: -1, usernameLower: 1 } as Record<string, SortOrder> };
  },
  /** Posts or live stories whose text (or, for '#', a tag) contains the text, newest first. */
  content: (query: SearchQuery, pattern: string, hidden: string[], stories: boolean, now: Date) => {
    const filter: FilterQuery<PostDoc> = { isStory: stories, deleted: false };
    if (query.tagQuery) filter.tags = { $regex: pattern };
    else filter.contentLower = { $regex: pattern };
    if (stories) filter.expiresAt = { $gt: now };
    if (query.category) filter.category = query.category;
    if (hidden.length > 0) filter.authorId = { $nin: hidden };
    return { filter, sort: { createdAt: -1 } as Record<string, SortOrder> };
  },
};

/** A member as search results and creator rankings show them (bio whole: the client cuts it at 50). */
export function toMemberSummary(member: MemberDoc): social.MemberSummary {
  return {
    id: member._id,
    username: member.username,
    displayName: member.displayName || member.username,
    profilePicture: member.profilePicture ?? '',
    auraScore: member.auraScore ?? 0,
    bio: member.bio ?? '',
    isSuperAura: Boolean(member.isSuperAura),
  };
}

/**
 * Explore: search (members, posts, stories, tags), trending tags and the creator rankings
 * (spec 000 §2 Explore dialog, §7 Explore; PRODUCT-DECISIONS.md "Social"; ADR 0004).
 *
 * Search is a case-insensitive substring match (an escaped regular expression over the lower-cased
 * copies: usernameLower, displayNameLower, contentLower, tags). The local engine has no text indexes, so
 * the finds walk an index in the answer's order (members by aura, content newest first) and test each
 * entry until the page is full.
 * A query starting with '#' searches tags: the tags whose name contains the text and the posts and
 * stories carrying such a tag (no members). Members blocked either way with the caller are left out
 * everywhere (as members and as authors). Stories count while `expiresAt > now`; deleted content never.
 * Trending tags and the rankings read Explore's own projections (ExploreRankings), never the posts.
 */
@Injectable()
export class ExploreService {
  private readonly posts: Model<PostDoc>;
  private readonly options: ExploreOptions;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(ExploreRankings) private readonly rankings: ExploreRankings,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(LikesRepository) private readonly likes: LikesRepository,
    @Inject(AnswerCache) private readonly cache: AnswerCache,
    @Optional() @Inject(EXPLORE_OPTIONS) options?: Partial<ExploreOptions>,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.posts = postModel(connection);
    this.options = { ...DEFAULT_EXPLORE_OPTIONS, ...(options ?? {}) };
  }

  async search(request: social.SearchRequest, callerId: string | undefined): Promise<social.SearchResult> {
    const query = parseSearchRequest(request);
    if (!query) return { users: [], posts: [], stories: [], tags: [] };
    const lists = searchLists(query.contentType);
    const hidden = callerId ? [...(await this.blocks.blockedEitherWay(callerId))] : [];
    const pattern = escapeRegex(query.term);
    const [users, posts, stories, tags] = await Promise.all([
      lists.users && !query.tagQuery ? this.findMembers(pattern, hidden, query.limit) : [],
      lists.posts ? this.findContent(query, pattern, hidden, false) : [],
      lists.stories ? this.findContent(query, pattern, hidden, true) : [],
      lists.tags && couldMatchTag(query.term) ? this.rankings.tagsMatching(pattern, query.limit) : [],
    ]);
    const [postList, storyList] = await this.toPosts([posts, stories], callerId);
    return {
      users: users.map(toMemberSummary),
      posts: postList,
      stories: storyList,
      tags: tags.map((entry) => ({ tag: entry.tag, count: entry.count })),
    };
  }

  async trendingTags(request: social.TrendingTagsRequest): Promise<social.TagList> {
    const period = parseTrendingPeriod(request.period);
    const limit = clampLimit(request.limit, TRENDING_LIMIT);
    return this.cache.get(`trending:${period}:${limit}`, this.options.trendingCacheMs, async () => {
      const tags = await this.rankings.trendingTags(trendingWindow(period, this.clock.now()), limit);
      return { tags: tags.map((entry) => ({ tag: entry.tag, count: entry.count })) };
    });
  }

  async topCreators(request: social.TopCreatorsRequest): Promise<social.CreatorList> {
    const query = parseCreatorsRequest(request, this.clock.now());
    const key = `creators:${query.ranking}:${query.period}:${query.limit}`;
    return this.cache.get(key, this.options.creatorsCacheMs, async () => {
      const { ids, known } = await this.rankedMembers(query);
      const totals = await this.rankings.creatorTotals(ids, query.since);
      return {
        creators: ids.map((id) => {
          const figures = totals.get(id)!;
          return {
            user: toMemberSummary(known.get(id)!),
            totalTipsMicro: figures.totalTipsMicro,
            tipCount: figures.tipCount,
            activityScore: figures.posts + figures.comments + figures.likes,
            recentPosts: figures.posts,
            auraGained: figures.auraGained,
          };
        }),
      };
    });
  }

  /** The first `limit` known members of the ranking, in ranking order. */
  private async rankedMembers(query: CreatorsQuery) {
    for (let want = query.limit + RANKING_SLACK; ; want *= 4) {
      const ranked =
        query.ranking === 'tipped'
          ? await this.rankings.topTipped(query.since, want)
          : await this.rankings.topRising(query.since ?? new Date(0), want);
      const known = await this.members.mapByIds(ranked);
      const ids = ranked.filter((id) => known.has(id));
      if (ids.length >= query.limit || ranked.length < want || want >= RANKING_READ_MAX)
        return { ids: ids.slice(0, query.limit), known };
    }
  }

  private findMembers(pattern: string, hidden: string[], limit: number): Promise<MemberDoc[]> {
    const query = SearchQueries.members(pattern, hidden);
    return this.members.model.find(query.filter).sort(query.sort).limit(limit).lean<MemberDoc[]>().exec();
  }

  private findContent(
    query: SearchQuery,
    pattern: string,
    hidden: string[],
    stories: boolean,
  ): Promise<PostDoc[]> {
    const find = SearchQueries.content(query, pattern, hidden, stories, this.clock.now());
    return this.posts.find(find.filter).sort(find.sort).limit(query.limit).lean<PostDoc[]>().exec();
  }

  /** Posts with their authors and the caller's likes, list by list. */
  private async toPosts(lists: PostDoc[][], callerId: string | undefined): Promise<social.Post[][]> {
    const all = lists.flat();
    const [authors, liked] = await Promise.all([
      this.members.mapByIds(all.map((doc) => doc.authorId)),
      this.likedBy(
        callerId,
        all.map((doc) => doc._id),
      ),
    ]);
    return lists.map((docs) => docs.map((doc) => toPost(doc, authors.get(doc.authorId), liked.has(doc._id))));
  }

  private async likedBy(callerId: string | undefined, postIds: string[]): Promise<Set<string>> {
    if (!callerId || postIds.length === 0) return new Set();
    return this.likes.likedPostIds(callerId, postIds);
  }
}
