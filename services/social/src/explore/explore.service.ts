import { social } from '@aura/proto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { BlocksRepository } from '../blocks/blocks.repository';
import { Clock, CLOCK, systemClock } from '../common/clock';
import { contentQueryOf, memberPrefixOf, startsWordsOf } from '../common/search-words';
import { HiddenPostsRepository } from '../hidden-posts/hidden-posts.repository';
import { LikesRepository } from '../likes/likes.repository';
import type { MemberDoc } from '../members/member.schema';
import { MutesRepository } from '../mutes/mutes.repository';
import { mutedPhraseMatcher } from '../mutes/muted-word-rules';
import { MutedWordsRepository } from '../mutes/muted-words.repository';
import { MembersRepository } from '../members/members.repository';
import { STORY_LIFETIME_MS } from '../posts/post-rules';
import { peopleIn, toPost } from '../posts/post.mapper';
import type { PostDoc } from '../posts/post.schema';
import { SavedPostsRepository } from '../saved-posts/saved-posts.repository';
import { AnswerCache } from './answer-cache';
import {
  clampLimit,
  couldMatchTag,
  CreatorsQuery,
  parseCreatorsRequest,
  parseSearchRequest,
  parseTrendingPeriod,
  searchLists,
  SearchQuery,
  TRENDING_LIMIT,
  trendingWindow,
} from './explore-rules';
import { ExploreRankings } from './explore-rankings.repository';
import { MemberRank, SearchRepository, SearchWindow } from './search.repository';

export const EXPLORE_OPTIONS = Symbol('ExploreOptions');

export interface ExploreOptions {
  /** How long a trending-tags answer is reused (ms; 0 = computed every time). */
  trendingCacheMs: number;
  /** How long a top-creators answer is reused (ms; 0 = computed every time). */
  creatorsCacheMs: number;
  /** How long the ranking of a name prefix that many members match is reused (ms; 0 = never). */
  memberSearchCacheMs: number;
}

export const DEFAULT_EXPLORE_OPTIONS: ExploreOptions = {
  trendingCacheMs: 30_000,
  creatorsCacheMs: 15_000,
  memberSearchCacheMs: 10_000,
};

/**
 * A name prefix that this many members match or more is a broad one ("riv" in a community of
 * thousands): its ranking costs a read of every match, so the best this many are kept for a few
 * seconds and shared by every caller (each then drops those hidden from them). A narrower prefix is
 * read every time, so a member who just joined is found at once by their name.
 */
export const MEMBER_SEARCH_KEPT = 100;

/**
 * Ranked ids are read beyond the limit (recipients unknown to the members projection are left out,
 * e.g. a deleted account): limit + slack first, then four times as many, up to a bound.
 */
const RANKING_SLACK = 10;
const RANKING_READ_MAX = 1000;

/** Hours of the time windows post search reads, newest first (each 4 times the last; then the rest). */
const SEARCH_WINDOW_HOURS = [1, 4, 16, 64, 256, 1024, 4096];
const HOUR_MS = 3600_000;

/**
 * The windows a post search reads in turn, newest first, until a page is found: the last hour, the
 * 3 hours before, ... about 170 days, then everything older. Stories live 5 hours: one window.
 */
export function searchWindows(now: Date, stories: boolean): SearchWindow[] {
  if (stories) return [{ from: new Date(now.getTime() - STORY_LIFETIME_MS), to: null }];
  const starts = SEARCH_WINDOW_HOURS.map((hours) => new Date(now.getTime() - hours * HOUR_MS));
  return [...starts, null].map((from, k) => ({ from, to: k === 0 ? null : starts[k - 1] }));
}

/** Highest aura first, then username. */
const byAuraThenName = (a: MemberRank, b: MemberRank) =>
  (b.auraScore ?? 0) - (a.auraScore ?? 0) ||
  (a.usernameLower < b.usernameLower ? -1 : a.usernameLower > b.usernameLower ? 1 : 0);

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
 * Search matches the start of words, case-insensitively (services/social/README.md "Search"):
 * - members: a word of the username or display name, or the whole of either, starts with the text
 *   (`nameWords`); highest aura first, then username;
 * - posts and stories: every word of the text starts a word of the content (`contentPrefixes` holds
 *   the words' beginnings; the longest word of the text is looked up); newest first, read window by
 *   window (`searchWindows`) until the page is full;
 * - a query starting with '#' searches tags: the tags starting with the text and the posts and
 *   stories carrying such a tag (no members).
 * The local engine has no text indexes and costs a find by every index key within its bounds, so each
 * find is a short range of a words index. Members blocked either way with the caller are left out
 * everywhere (as members and as authors). Stories count while `expiresAt > now`; deleted content never.
 * Trending tags and the rankings read Explore's own projections (ExploreRankings), never the posts.
 */
@Injectable()
export class ExploreService {
  private readonly options: ExploreOptions;

  constructor(
    @Inject(SearchRepository) private readonly searchReads: SearchRepository,
    @Inject(ExploreRankings) private readonly rankings: ExploreRankings,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(MutesRepository) private readonly mutes: MutesRepository,
    @Inject(MutedWordsRepository) private readonly mutedWords: MutedWordsRepository,
    @Inject(LikesRepository) private readonly likes: LikesRepository,
    @Inject(HiddenPostsRepository) private readonly hiddenPosts: HiddenPostsRepository,
    @Inject(SavedPostsRepository) private readonly savedPosts: SavedPostsRepository,
    @Inject(AnswerCache) private readonly cache: AnswerCache,
    @Optional() @Inject(EXPLORE_OPTIONS) options?: Partial<ExploreOptions>,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.options = { ...DEFAULT_EXPLORE_OPTIONS, ...(options ?? {}) };
  }

  async search(request: social.SearchRequest, callerId: string | undefined): Promise<social.SearchResult> {
    const query = parseSearchRequest(request);
    if (!query) return { users: [], posts: [], stories: [], tags: [] };
    const lists = searchLists(query.contentType);
    const [hidden, muted, mutedPhrases, hiddenPosts] = await Promise.all([
      callerId ? this.blocks.blockedEitherWay(callerId) : new Set<string>(),
      callerId ? this.mutes.mutedBy(callerId) : new Set<string>(),
      callerId ? this.mutedWords.phrasesOf(callerId, this.clock.now()) : [],
      callerId ? this.hiddenPosts.hiddenBy(callerId) : new Set<string>(),
    ]);
    const holdsMuted = mutedPhraseMatcher(mutedPhrases);
    // A muted member can still be found by name; their posts and stories are left out, as are posts
    // and stories with a muted word or tag, and those the caller hid.
    const hiddenAuthors = muted.size === 0 ? hidden : new Set([...hidden, ...muted]);
    const content = {
      hidden: hiddenAuthors,
      muted: (doc: PostDoc) =>
        hiddenPosts.has(doc._id) ||
        (doc.authorId !== callerId && holdsMuted(doc.content ?? '', doc.tags ?? [])),
    };
    const [users, posts, stories, tags] = await Promise.all([
      lists.users && !query.tagQuery ? this.findMembers(query.term, hidden, query.limit) : [],
      lists.posts ? this.findContent(query, content, false) : [],
      lists.stories ? this.findContent(query, content, true) : [],
      lists.tags && couldMatchTag(query.term) ? this.rankings.tagsStartingWith(query.term, query.limit) : [],
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

  /** The members a name search finds, the highest aura first, without those hidden from the caller. */
  private async findMembers(term: string, hidden: Set<string>, limit: number): Promise<MemberDoc[]> {
    const prefix = memberPrefixOf(term);
    if (!prefix) return [];
    const visible = (ids: string[]) => ids.filter((id) => !hidden.has(id)).slice(0, limit);
    let top = visible((await this.cache.peek<string[]>(`members:${prefix}`)) ?? []);
    if (top.length < limit) {
      const ranked = await this.rankMembers(prefix);
      if (ranked.length >= MEMBER_SEARCH_KEPT)
        await this.cache.put(
          `members:${prefix}`,
          ranked.slice(0, MEMBER_SEARCH_KEPT),
          this.options.memberSearchCacheMs,
        );
      top = visible(ranked);
    }
    const docs = await this.members.mapByIds(top);
    return top.flatMap((id) => docs.get(id) ?? []);
  }

  /** The ids of every member with a name word starting with `prefix`, highest aura first. */
  private async rankMembers(prefix: string): Promise<string[]> {
    const matches = await this.searchReads.membersStartingWith(prefix);
    return matches.sort(byAuraThenName).map((member) => member._id);
  }

  /** Posts or live stories the text finds, newest first, read window by window until a page is full. */
  private async findContent(
    query: SearchQuery,
    { hidden, muted }: { hidden: Set<string>; muted: (doc: PostDoc) => boolean },
    stories: boolean,
  ): Promise<PostDoc[]> {
    const words = query.tagQuery ? null : contentQueryOf(query.term);
    if (!query.tagQuery && !words) return [];
    const now = this.clock.now();
    const keep = (doc: PostDoc) =>
      doc.isStory === stories &&
      !doc.deleted &&
      (!stories || (doc.expiresAt !== null && new Date(doc.expiresAt) > now)) &&
      (!query.category || doc.category === query.category) &&
      !hidden.has(doc.authorId) &&
      (!words || startsWordsOf(doc.content ?? '', words.words)) &&
      !muted(doc);
    // Tags are a range of their index, which a window would not narrow on this engine: one read.
    const windows = words ? searchWindows(now, stories) : [{ from: null, to: null }];
    const found: PostDoc[] = [];
    for (const window of windows) {
      const docs = words
        ? await this.searchReads.contentStartingWith(words.indexed, window, false)
        : await this.searchReads.contentStartingWith(query.term, window, true);
      found.push(...docs.filter(keep));
      if (found.length >= query.limit) break;
    }
    return found.slice(0, query.limit);
  }

  /** Posts with their authors and the caller's likes and saves, list by list. */
  private async toPosts(lists: PostDoc[][], callerId: string | undefined): Promise<social.Post[][]> {
    const all = lists.flat();
    const ids = all.map((doc) => doc._id);
    const none = new Set<string>();
    const [authors, liked, saved] = await Promise.all([
      this.members.mapByIds(peopleIn(all)),
      callerId && ids.length > 0 ? this.likes.likedPostIds(callerId, ids) : none,
      callerId && ids.length > 0 ? this.savedPosts.savedPostIds(callerId, ids) : none,
    ]);
    return lists.map((docs) =>
      docs.map((doc) =>
        toPost(doc, authors.get(doc.authorId), liked.has(doc._id), saved.has(doc._id), authors),
      ),
    );
  }
}
