// The four feeds, stories and member content through gRPC against MongoDB and Redis.
import { social } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { HOUR_MS } from '../common/clock';
import { SENTINEL } from '../common/redis-cache';
import { PostsRepository } from '../posts/posts.repository';
import { SocialSweeper } from '../sweep/social-sweeper';
import { Harness, refused, startHarness } from '../test-support/harness';
import { FeedMessages } from './feeds.service';

const FANOUT_LIMIT = 3;
let h: Harness;

beforeAll(async () => {
  h = await startHarness('feeds', { settings: { fanoutLimit: FANOUT_LIMIT } });
});

afterAll(async () => {
  await h?.close();
});

/** Posts `count` posts one millisecond apart; returns their ids, oldest first. */
async function postMany(author: string, count: number, content = 'post'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    h.clock.advance(1);
    ids.push((await h.api.createPost(author, { content: `${content} ${i}` })).id);
  }
  return ids;
}

/** Every page of a feed (following the cursors). */
async function readAll(
  caller: string | undefined,
  request: Partial<social.GetFeedRequest>,
): Promise<{ pages: social.Post[][]; ids: string[] }> {
  const pages: social.Post[][] = [];
  let cursor = '';
  for (let guard = 0; guard < 60; guard++) {
    const page = await h.api.getFeed(caller, { ...request, cursor });
    pages.push(page.posts);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  const ids = pages.flat().map((post) => post.id);
  return { pages, ids };
}

const only = (ids: string[], mine: string[]) => ids.filter((id) => mine.includes(id));

describe('following feed', () => {
  it('shows my posts and those of members I follow, newest first, paged without repeats; never stories', async () => {
    const me = await h.member();
    const friend = await h.member();
    const stranger = await h.member();
    await h.api.follow(me, { userId: friend });
    const mine = await postMany(me, 5, 'mine');
    const theirs = await postMany(friend, 20, 'friend');
    await postMany(stranger, 3, 'stranger');
    await h.api.createPost(friend, { content: 'a story', isStory: true });

    const { pages, ids } = await readAll(me, { feed: 'following', limit: 10 });
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(ids).toEqual([...mine, ...theirs].reverse());
    expect(pages.flat().every((post) => !post.isStory)).toBe(true);
    const times = pages.flat().map((post) => post.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // Default page size is 20.
    expect((await h.api.getFeed(me, { feed: 'following' })).posts).toHaveLength(20);
  });

  it('is rebuilt from MongoDB when Redis lost the timeline, and follows/unfollows change it', async () => {
    const me = await h.member();
    const friend = await h.member();
    const later = await h.member();
    await h.api.follow(me, { userId: friend });
    const friendPosts = await postMany(friend, 3);
    const laterPosts = await postMany(later, 2);
    await h.cache.redis.del(h.keys.timeline(me));
    expect((await readAll(me, { feed: 'following' })).ids).toEqual([...friendPosts].reverse());

    // The cached timeline is patched (not dropped and rebuilt by a scan) when I follow or unfollow.
    const cachedTimeline = async () =>
      (await h.cache.redis.zrange(h.keys.timeline(me), 0, -1)).filter((id) => id !== SENTINEL);
    await h.api.follow(me, { userId: later });
    expect(new Set(await cachedTimeline())).toEqual(new Set([...friendPosts, ...laterPosts]));
    expect(new Set((await readAll(me, { feed: 'following' })).ids)).toEqual(
      new Set([...friendPosts, ...laterPosts]),
    );
    await h.api.unfollow(me, { userId: friend });
    expect(new Set(await cachedTimeline())).toEqual(new Set(laterPosts));
    expect((await readAll(me, { feed: 'following' })).ids).toEqual([...laterPosts].reverse());
  });

  it('does not fan out authors above the limit, and merges their posts at read time', async () => {
    const star = await h.member();
    const fans = await Promise.all(Array.from({ length: FANOUT_LIMIT + 1 }, () => h.member()));
    const small = await h.member();
    for (const fan of fans) await h.api.follow(fan, { userId: star });
    await h.api.follow(fans[0], { userId: small });
    // Every fan has a timeline in Redis before the posts.
    for (const fan of fans) await h.api.getFeed(fan, { feed: 'following' });

    const starPost = (await h.api.createPost(star, { content: 'to my many fans' })).id;
    h.clock.advance(1);
    const smallPost = (await h.api.createPost(small, { content: 'to my one fan' })).id;

    const timeline = await h.cache.redis.zrange(h.keys.timeline(fans[0]), 0, -1);
    expect(timeline).toContain(SENTINEL);
    expect(timeline).toContain(smallPost);
    expect(timeline).not.toContain(starPost);
    expect(await h.cache.redis.sismember(h.keys.bigAuthors(), star)).toBe(1);

    expect((await h.api.getFeed(fans[0], { feed: 'following' })).posts.map((post) => post.id)).toEqual([
      smallPost,
      starPost,
    ]);
    for (const fan of fans.slice(1))
      expect((await h.api.getFeed(fan, { feed: 'following' })).posts.map((post) => post.id)).toEqual([
        starPost,
      ]);

    // Back under the limit: the followers' timelines are rebuilt and hold the post.
    await h.api.unfollow(fans[3], { userId: star });
    expect(await h.cache.redis.sismember(h.keys.bigAuthors(), star)).toBe(0);
    expect((await h.api.getFeed(fans[1], { feed: 'following' })).posts.map((post) => post.id)).toEqual([
      starPost,
    ]);
  });

  it('needs a caller, a known feed and a valid cursor', async () => {
    const me = await h.member();
    expect((await refused(h.api.getFeed(undefined, { feed: 'following' }))).code).toBe(
      status.UNAUTHENTICATED,
    );
    const unknown = await refused(h.api.getFeed(me, { feed: 'trending' }));
    expect([unknown.code, unknown.details]).toEqual([status.INVALID_ARGUMENT, FeedMessages.feed]);
    expect((await refused(h.api.getFeed(me, { feed: 'following', cursor: 'not a cursor' }))).code).toBe(
      status.INVALID_ARGUMENT,
    );
  });
});

describe('ranked feeds', () => {
  it('aura: ranks by engagement, author aura and age; pages inside a snapshot', async () => {
    const viewer = await h.member();
    const low = await h.member(undefined, 100);
    const high = await h.member(undefined, 950);
    const likers = await Promise.all(Array.from({ length: 6 }, () => h.member()));
    h.clock.advance(-30 * HOUR_MS);
    const old = (await h.api.createPost(low, { content: 'old but loved' })).id;
    h.clock.advance(30 * HOUR_MS);
    const plain = (await h.api.createPost(low, { content: 'plain' })).id;
    h.clock.advance(1);
    const highAura = (await h.api.createPost(high, { content: 'high aura' })).id;
    h.clock.advance(1);
    const engaging = (await h.api.createPost(low, { content: 'engaging' })).id;
    for (const liker of likers.slice(0, 3)) await h.api.togglePostLike(liker, { postId: engaging });
    for (const liker of likers) await h.api.togglePostLike(liker, { postId: old });
    // plain:   1 × 1.1 / 2^1.5  ≈ 0.389      highAura: 1 × 1.95 / 2^1.5 ≈ 0.689
    // engaging: 4 × 1.1 / 2^1.5 ≈ 1.556      old:      7 × 1.1 / 32^1.5 ≈ 0.043
    const { ids } = await readAll(viewer, { feed: 'aura', limit: 50 });
    expect(only(ids, [old, plain, highAura, engaging])).toEqual([engaging, highAura, plain, old]);
    expect(only((await readAll(viewer, { feed: '' })).ids, [engaging, highAura])).toEqual([
      engaging,
      highAura,
    ]);
  });

  it('pages never repeat or skip while new posts arrive (snapshot) and never show stories', async () => {
    const viewer = await h.member();
    const author = await h.member();
    await postMany(author, 12);
    await h.api.createPost(author, { content: 'story', isStory: true });
    const first = await h.api.getFeed(viewer, { feed: 'aura', limit: 5 });
    await postMany(author, 3, 'late');
    const rest = await readAllFrom(viewer, 'aura', first.nextCursor, 5);
    const ids = [...first.posts, ...rest].map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...first.posts, ...rest].some((post) => post.isStory)).toBe(false);
    const fresh = await readAll(viewer, { feed: 'aura', limit: 50 });
    expect(fresh.ids.length).toBe(ids.length + 3);
  });

  it('high-aura: only authors at 700 or more, newest first', async () => {
    const viewer = await h.member();
    const radiant = await h.member(undefined, 700);
    const cosmic = await h.member(undefined, 930);
    const rising = await h.member(undefined, 699);
    const a = (await h.api.createPost(radiant, { content: 'a' })).id;
    h.clock.advance(1);
    const b = (await h.api.createPost(rising, { content: 'b' })).id;
    h.clock.advance(1);
    const c = (await h.api.createPost(cosmic, { content: 'c' })).id;
    const { ids, pages } = await readAll(viewer, { feed: 'high-aura', limit: 50 });
    expect(only(ids, [a, b, c])).toEqual([c, a]);
    expect(pages.flat().every((post) => (post.user?.auraScore ?? 0) >= 700)).toBe(true);
  });

  it("discovery: members I don't follow (nor me), ranked by engagement over 72 hours", async () => {
    const viewer = await h.member();
    const followed = await h.member();
    const other = await h.member();
    const fan = await h.member();
    await h.api.follow(viewer, { userId: followed });
    h.clock.advance(-73 * HOUR_MS);
    const tooOld = (await h.api.createPost(other, { content: 'too old' })).id;
    h.clock.advance(73 * HOUR_MS);
    const mine = (await h.api.createPost(viewer, { content: 'mine' })).id;
    const fromFollowed = (await h.api.createPost(followed, { content: 'followed' })).id;
    const quiet = (await h.api.createPost(other, { content: 'quiet' })).id;
    h.clock.advance(1);
    const popular = (await h.api.createPost(other, { content: 'popular' })).id;
    await h.api.togglePostLike(fan, { postId: popular });
    h.clock.advance(1);
    const newest = (await h.api.createPost(other, { content: 'newest' })).id;
    const { ids } = await readAll(viewer, { feed: 'discovery', limit: 50 });
    expect(only(ids, [tooOld, mine, fromFollowed, quiet, popular, newest])).toEqual([popular, newest, quiet]);
  });

  it('hides members blocked either way and deleted posts', async () => {
    const alice = await h.member();
    const bob = await h.member();
    const carol = await h.member();
    const fromAlice = (await h.api.createPost(alice, { content: 'alice' })).id;
    const fromBob = (await h.api.createPost(bob, { content: 'bob' })).id;
    const fromCarol = (await h.api.createPost(carol, { content: 'carol' })).id;
    await h.deliver('user.blocked', {
      blockerId: alice,
      blockedId: bob,
      changedAt: new Date().toISOString(),
    });
    await h.app.get(PostsRepository).markDeleted(fromCarol);
    for (const feed of ['aura', 'discovery']) {
      expect(
        only((await readAll(alice, { feed, limit: 50 })).ids, [fromAlice, fromBob, fromCarol]),
      ).not.toContain(fromBob);
      expect(
        only((await readAll(bob, { feed, limit: 50 })).ids, [fromAlice, fromBob, fromCarol]),
      ).not.toContain(fromAlice);
      expect((await readAll(carol, { feed, limit: 50 })).ids).not.toContain(fromCarol);
    }
    expect(only((await readAll(carol, { feed: 'aura', limit: 50 })).ids, [fromAlice, fromBob])).toHaveLength(
      2,
    );
  });
});

async function readAllFrom(
  caller: string,
  feed: string,
  cursor: string,
  limit: number,
): Promise<social.Post[]> {
  const posts: social.Post[] = [];
  while (cursor) {
    const page = await h.api.getFeed(caller, { feed, cursor, limit });
    posts.push(...page.posts);
    cursor = page.nextCursor;
  }
  return posts;
}

describe('stories', () => {
  it("lists my and followed members' active stories only, newest first, until they expire", async () => {
    const me = await h.member();
    const friend = await h.member();
    const stranger = await h.member();
    await h.api.follow(me, { userId: friend });
    const mine = (await h.api.createPost(me, { content: 'my story', isStory: true })).id;
    h.clock.advance(HOUR_MS);
    const theirs = (
      await h.api.createPost(friend, { mediaUrl: '/api/media/posts/abc123.jpg', isStory: true })
    ).id;
    await h.api.createPost(stranger, { content: 'not for me', isStory: true });
    await h.api.createPost(friend, { content: 'a post, not a story' });

    expect((await h.api.listStories(me, {})).posts.map((post) => post.id)).toEqual([theirs, mine]);
    const friendStories = await h.api.listMemberContent(me, { userId: friend, kind: 'stories' });
    expect(friendStories.posts.map((post) => post.id)).toEqual([theirs]);

    h.clock.advance(4 * HOUR_MS);
    expect((await h.api.listStories(me, {})).posts.map((post) => post.id)).toEqual([theirs]);
    h.clock.advance(HOUR_MS);
    expect((await h.api.listStories(me, {})).posts).toEqual([]);
    expect((await h.api.listMemberContent(me, { userId: friend, kind: 'stories' })).posts).toEqual([]);
    await h.app.get(SocialSweeper).sweep();
    await h.cache.redis.del(h.keys.activeStories());
    expect((await h.api.listStories(me, {})).posts).toEqual([]);
    expect((await refused(h.api.listStories(undefined, {}))).code).toBe(status.UNAUTHENTICATED);
  });
});

describe('member content', () => {
  it('lists posts (never stories) newest first with paging, media filters, and hides blocked members', async () => {
    const author = await h.member();
    const viewer = await h.member();
    const texts = await postMany(author, 12, 'text');
    h.clock.advance(1);
    const image = (await h.api.createPost(author, { mediaUrl: `/api/media/posts/${randomUUID()}.png` })).id;
    h.clock.advance(1);
    const video = (await h.api.createPost(author, { content: 'clip', mediaUrl: '/api/media/posts/v1.mp4' }))
      .id;
    await h.api.createPost(author, { content: 'story', isStory: true });

    const first = await h.api.listMemberContent(viewer, { userId: author });
    expect(first.posts.map((post) => post.id)).toEqual([video, image, ...[...texts].reverse().slice(0, 8)]);
    const second = await h.api.listMemberContent(viewer, {
      userId: author,
      cursor: first.nextCursor,
      limit: 10,
    });
    expect(second.posts.map((post) => post.id)).toEqual([...texts].reverse().slice(8));
    expect(second.nextCursor).toBe('');

    expect(
      (await h.api.listMemberContent(viewer, { userId: author, media: 'image' })).posts.map((p) => p.id),
    ).toEqual([image]);
    expect(
      (await h.api.listMemberContent(viewer, { userId: author, media: 'video' })).posts.map((p) => p.id),
    ).toEqual([video]);
    expect(
      (await h.api.listMemberContent(undefined, { userId: author, media: 'all', limit: 3 })).posts,
    ).toHaveLength(3);

    await h.deliver('user.blocked', {
      blockerId: author,
      blockedId: viewer,
      changedAt: new Date().toISOString(),
    });
    expect((await h.api.listMemberContent(viewer, { userId: author })).posts).toEqual([]);

    const badKind = await refused(h.api.listMemberContent(viewer, { userId: author, kind: 'lives' }));
    expect([badKind.code, badKind.details]).toEqual([status.INVALID_ARGUMENT, FeedMessages.kind]);
    expect((await refused(h.api.listMemberContent(viewer, { userId: author, media: 'gif' }))).code).toBe(
      status.INVALID_ARGUMENT,
    );
    expect((await refused(h.api.listMemberContent(viewer, { userId: 'me' }))).code).toBe(status.NOT_FOUND);
  });
});
