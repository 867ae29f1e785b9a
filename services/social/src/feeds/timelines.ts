import { Inject, Injectable } from '@nestjs/common';
import { CacheTtl } from '../common/cache-ttl';
import { CLOCK, Clock } from '../common/clock';
import { byScoreDesc, RedisCache, ScoredId, ScorePosition } from '../common/redis-cache';
import { SOCIAL_SETTINGS, SocialSettings } from '../common/settings';
import { SocialKeys } from '../common/social-keys';
import { FollowsRepository } from '../follows/follows.repository';
import { MembersRepository } from '../members/members.repository';
import type { PostDoc } from '../posts/post.schema';
import { PostsRepository } from '../posts/posts.repository';

/** Timelines one fan-out script call writes at most (a long call would hold up every other client). */
const FANOUT_CHUNK = 500;

/**
 * The Redis lists behind the following feed and members' post lists (ADR 0004):
 * - tl:<member>      post ids of the member and everyone they follow, newest first, fanned out on write,
 *                    trimmed to `timelineSize`, rebuilt from MongoDB (follows + posts) when missing;
 * - posts:<member>   the member's own posts (member timelines, and the read-time merge of big authors);
 * - big-authors      members with more than `fanoutLimit` followers: never fanned out, merged at read;
 * - recent           everyone's recent posts, the candidates of the ranked feeds;
 * - stories          active stories as "<author>:<story>" scored by expiry.
 * Writers change MongoDB first; every list is a generation-guarded copy (see RedisCache).
 */
@Injectable()
export class Timelines {
  constructor(
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(FollowsRepository) private readonly follows: FollowsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(SOCIAL_SETTINGS) private readonly settings: SocialSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Puts a new post or story where readers look for it. */
  async distribute(post: PostDoc, authorFollowers: number): Promise<{ fannedOut: number }> {
    if (post.isStory) {
      const expiresAt = new Date(post.expiresAt ?? 0).getTime();
      await this.cache.addToZset(this.keys.activeStories(), [
        { id: `${post.authorId}:${post._id}`, score: expiresAt },
      ]);
      return { fannedOut: 0 };
    }
    const entry: ScoredId = { id: post._id, score: post.createdAt.getTime() };
    const ownLists = [
      { key: this.keys.authorPosts(post.authorId), cap: this.settings.timelineSize },
      { key: this.keys.recentPosts(), cap: this.settings.rankedCandidates },
      { key: this.keys.timeline(post.authorId), cap: this.settings.timelineSize },
    ];
    if (authorFollowers > this.settings.fanoutLimit) {
      // A big author: followers merge their posts at read time; posting stays as fast as anyone's.
      await this.cache.addToZsets(entry, ownLists);
      await this.setBigAuthor(post.authorId, true);
      return { fannedOut: 0 };
    }
    const followers = [...(await this.follows.followers(post.authorId))];
    const timelines = followers.map((follower) => ({
      key: this.keys.timeline(follower),
      cap: this.settings.timelineSize,
    }));
    // One script call per FANOUT_CHUNK timelines (a single one up to that many followers), the
    // author's own lists in the first.
    const calls = [ownLists.concat(timelines.slice(0, FANOUT_CHUNK))];
    for (let start = FANOUT_CHUNK; start < timelines.length; start += FANOUT_CHUNK)
      calls.push(timelines.slice(start, start + FANOUT_CHUNK));
    await Promise.all(calls.map((targets) => this.cache.addToZsets(entry, targets)));
    return { fannedOut: followers.length };
  }

  /**
   * Patches a follower's timeline, if cached, with the followee's recent posts (follow) or without
   * them (unfollow), instead of dropping it (a rebuild reads the posts of everyone followed). Entries a
   * racing fan-out leaves behind are harmless, the following feed keeps only authors followed at read.
   */
  async followChanged(followerId: string, followeeId: string, following: boolean): Promise<void> {
    const recent = await this.authorPosts(followeeId, undefined, this.settings.timelineSize);
    if (recent.length === 0) return;
    const key = this.keys.timeline(followerId);
    if (following) await this.cache.addToZset(key, recent, this.settings.timelineSize);
    else await this.cache.removeFromZset(key, ...recent.map((item) => item.id));
  }

  /** Drops a member's timeline; the next read rebuilds it. */
  async invalidate(memberId: string): Promise<void> {
    await this.cache.invalidate(this.keys.timeline(memberId));
  }

  bigAuthors(): Promise<Set<string>> {
    return this.cache.set(this.keys.bigAuthors(), CacheTtl.memberSet, () =>
      this.members.idsWithFollowersAbove(this.settings.fanoutLimit),
    );
  }

  /** Keeps big-authors in line with a member's follower count. */
  async followersChanged(memberId: string, followersCount: number): Promise<void> {
    await this.setBigAuthor(memberId, followersCount > this.settings.fanoutLimit);
  }

  private async setBigAuthor(memberId: string, big: boolean): Promise<void> {
    const current = await this.bigAuthors();
    if (current.has(memberId) === big) return;
    if (big) {
      await this.cache.addToSet(this.keys.bigAuthors(), memberId);
      return;
    }
    await this.cache.removeFromSet(this.keys.bigAuthors(), memberId);
    // Their posts of the big period were never fanned out: followers' timelines are rebuilt.
    const followers = [...(await this.follows.followers(memberId))];
    for (const follower of followers) await this.invalidate(follower);
  }

  /**
   * Candidates of the following feed after `position`, newest first: the member's timeline merged with
   * the recent posts of the big authors they follow. Visibility is checked by the caller.
   */
  async followingCandidates(
    memberId: string,
    following: Set<string>,
    position: ScorePosition | undefined,
    count: number,
  ): Promise<ScoredId[]> {
    const bigAuthors = [...(await this.bigAuthors())].filter((author) => following.has(author));
    const sources = await Promise.all([
      this.cache.zsetPage(
        this.keys.timeline(memberId),
        CacheTtl.timeline,
        () => this.posts.newestByAuthors([memberId, ...following], this.settings.timelineSize),
        position,
        count,
      ),
      ...bigAuthors.map((author) => this.authorPosts(author, position, count)),
    ]);
    const seen = new Set<string>();
    return sources
      .flat()
      .sort(byScoreDesc)
      .filter((item) => !seen.has(item.id) && seen.add(item.id))
      .slice(0, count);
  }

  /** A member's own posts after `position`, newest first. */
  authorPosts(authorId: string, position: ScorePosition | undefined, count: number): Promise<ScoredId[]> {
    return this.cache.zsetPage(
      this.keys.authorPosts(authorId),
      CacheTtl.timeline,
      () => this.posts.newestByAuthors([authorId], this.settings.timelineSize),
      position,
      count,
    );
  }

  /** Everyone's posts since `since`, newest first (up to the candidate cap). */
  async recentPosts(since: Date): Promise<ScoredId[]> {
    const all = await this.cache.zsetPage(
      this.keys.recentPosts(),
      CacheTtl.timeline,
      () =>
        this.posts.newestSince(
          new Date(this.clock.now().getTime() - 7 * 24 * 3600 * 1000),
          this.settings.rankedCandidates,
        ),
      undefined,
      this.settings.rankedCandidates,
    );
    return all.filter((item) => item.score >= since.getTime());
  }

  /** Active stories at `now` as (author, story id, expiry). */
  async activeStories(now: Date): Promise<{ authorId: string; storyId: string; expiresAt: number }[]> {
    const entries = await this.cache.zsetPage(
      this.keys.activeStories(),
      CacheTtl.timeline,
      () => this.posts.activeStories(now),
      undefined,
      100_000,
    );
    return entries
      .filter((entry) => entry.score > now.getTime())
      .map((entry) => {
        const [authorId, storyId] = entry.id.split(':');
        return { authorId, storyId, expiresAt: entry.score };
      });
  }

  /** Drops expired stories from the active list (the sweep). */
  async forgetExpiredStories(now: Date): Promise<void> {
    await this.cache.redis.zremrangebyscore(this.keys.activeStories(), 0, now.getTime());
  }
}
