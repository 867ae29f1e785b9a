// Issue 4 through HTTP: the four feeds (PRODUCT-DECISIONS.md "Social", ADR 0004) and their paging.
import { waitFor } from '@aura/platform/testing';
import { api } from './support/api';
import {
  allPages,
  createPost,
  ids,
  Member,
  publishAuraChanged,
  socialMember,
  socialMembers,
  CATCH_UP_TIMEOUT_MS,
  socialCaughtUp,
} from './support/social';

const FEEDS = ['aura', 'high-aura', 'discovery', 'following'];

const feed = (member: Member, name: string, query = '') =>
  api('GET', `/posts/feed/${name}${query}`, { token: member.token });

/** Every post of a feed, following X-Next-Cursor to the end. */
const wholeFeed = (member: Member, name: string, limit = 50) =>
  allPages(`/posts/feed/${name}`, member.token, { limit, maxPages: 300 });

beforeAll(socialCaughtUp, CATCH_UP_TIMEOUT_MS);

describe('the four feeds', () => {
  let author: Member;
  let follower: Member;
  let stranger: Member;
  let post: { id: string };
  let story: { id: string };
  let strangersPost: { id: string };

  beforeAll(async () => {
    [author, follower, stranger] = await socialMembers(3, 'feed');
    expect((await api('POST', `/users/${author.id}/follow`, { token: follower.token })).status).toBe(200);
    post = await createPost(author, { content: 'For my followers' });
    story = await createPost(author, { content: 'A story, never in a feed', is_story: true });
    strangersPost = await createPost(stranger, { content: 'Hello, discovery' });
  });

  it.each(FEEDS)('%s answers a JSON array of posts (never stories)', async (name) => {
    const answer = await feed(follower, name);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    for (const item of answer.body) {
      expect(item).toMatchObject({
        id: expect.any(String),
        is_story: false,
        user: { id: expect.any(String) },
      });
      expect(item).toHaveProperty('is_liked');
    }
  });

  it("following shows a followed member's post, and the member's own", async () => {
    const following = await waitFor(
      async () => {
        const { items } = await wholeFeed(follower, 'following');
        return ids(items).includes(post.id) ? items : undefined;
      },
      { timeoutMs: 15000, what: "the followed member's post in the following feed" },
    );
    expect(ids(following)).not.toContain(strangersPost.id);
    const own = await createPost(follower, { content: 'My own' });
    await waitFor(async () => ids((await wholeFeed(follower, 'following')).items).includes(own.id), {
      what: 'the own post in the following feed',
    });
  });

  it('following is newest first', async () => {
    const later = await createPost(author, { content: 'Later' });
    const items = await waitFor(
      async () => {
        const { items } = await wholeFeed(follower, 'following');
        return ids(items).includes(later.id) ? items : undefined;
      },
      { what: 'the later post' },
    );
    expect(ids(items).indexOf(later.id)).toBeLessThan(ids(items).indexOf(post.id));
    const times = items.map((item) => Date.parse((item as unknown as { created_at: string }).created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a new follower sees the posts from before the follow; an unfollow removes them', async () => {
    const late = await socialMember('late');
    await api('POST', `/users/${author.id}/follow`, { token: late.token });
    await waitFor(async () => ids((await wholeFeed(late, 'following')).items).includes(post.id), {
      what: 'older posts after a new follow',
    });
    await api('DELETE', `/users/${author.id}/unfollow`, { token: late.token });
    await waitFor(async () => !ids((await wholeFeed(late, 'following')).items).includes(post.id), {
      what: 'posts gone after the unfollow',
    });
  });

  it('discovery leaves out followed members and oneself, and shows others', async () => {
    const { items } = await wholeFeed(follower, 'discovery');
    expect(ids(items)).not.toContain(post.id);
    expect(items.every((item) => (item as unknown as { user: { id: string } }).user.id !== author.id)).toBe(
      true,
    );
    expect(items.every((item) => (item as unknown as { user: { id: string } }).user.id !== follower.id)).toBe(
      true,
    );
    expect(ids(items)).toContain(strangersPost.id);
  });

  it('the aura feed holds recent posts of everyone', async () => {
    const { items } = await wholeFeed(stranger, 'aura');
    expect(ids(items)).toEqual(expect.arrayContaining([post.id, strangersPost.id]));
  });

  it('no feed ever holds a story', async () => {
    for (const name of FEEDS)
      for (const viewer of [author, follower, stranger]) {
        const { items } = await wholeFeed(viewer, name);
        expect(ids(items)).not.toContain(story.id);
        expect(items.every((item) => !(item as unknown as { is_story: boolean }).is_story)).toBe(true);
      }
  });

  it('high-aura holds posts by members with aura ≥ 700 only', async () => {
    const radiant = await socialMember('radiant');
    const glowing = await createPost(radiant, { content: 'High vibes' });
    const { items: before } = await wholeFeed(stranger, 'high-aura');
    expect(ids(before)).not.toContain(glowing.id);
    expect(ids(before)).not.toContain(strangersPost.id);

    // Identity announces the member's new aura (a fixture stands in for identity here).
    await publishAuraChanged(radiant.id, 800, 700);
    await waitFor(
      async () =>
        (await api('GET', `/users/${radiant.id}/posts`, { token: stranger.token })).body[0]?.user
          .aura_score === 800,
      { timeoutMs: 20000, what: "social to take the member's new aura" },
    );
    const fresh = await createPost(radiant, { content: 'Higher vibes' });
    // The member's aura now counts, for the post written before the change too.
    const after = await waitFor(
      async () => {
        const { items } = await wholeFeed(stranger, 'high-aura');
        return ids(items).includes(fresh.id) && ids(items).includes(glowing.id) ? items : undefined;
      },
      { timeoutMs: 20000, what: 'the posts of a member at aura 800 in high-aura' },
    );
    for (const item of after)
      expect((item as unknown as { user: { aura_score: number } }).user.aura_score).toBeGreaterThanOrEqual(
        700,
      );
    expect(ids(after)).not.toContain(strangersPost.id);
  });

  it('answers 404 for an unknown feed and 422 for a bad limit', async () => {
    for (const name of ['trending', 'Aura', 'feed', '00000000-0000-4000-8000-000000000000'])
      expect(await feed(follower, name)).toMatchObject({ status: 404, body: { detail: 'Feed not found' } });
    for (const limit of ['abc', '0', '51', '1.5'])
      expect((await feed(follower, 'aura', `?limit=${limit}`)).status).toBe(422);
  });

  it('needs a token', async () => {
    for (const name of FEEDS) expect((await api('GET', `/posts/feed/${name}`)).status).toBe(401);
  });
});

describe('feed paging', () => {
  it('pages the following feed by X-Next-Cursor: every post once, none skipped', async () => {
    const [writer, reader] = await socialMembers(2, 'page');
    await api('POST', `/users/${writer.id}/follow`, { token: reader.token });
    const written: string[] = [];
    for (let i = 0; i < 5; i++) written.push((await createPost(writer, { content: `page post ${i}` })).id);
    await waitFor(async () => ids((await wholeFeed(reader, 'following')).items).length === 5, {
      what: 'five posts in the following feed',
    });

    const { items, pages } = await wholeFeed(reader, 'following', 2);
    expect(pages.map((page) => page.body.length)).toEqual([2, 2, 1]);
    expect(pages[0].headers.get('x-next-cursor')).toBeTruthy();
    expect(pages[1].headers.get('x-next-cursor')).toBeTruthy();
    expect(pages[2].headers.get('x-next-cursor')).toBeNull();
    expect(ids(items)).toEqual([...written].reverse());
  });

  it.each(['aura', 'discovery', 'high-aura'])(
    'pages the ranked %s feed without repeating a post',
    async (name) => {
      const [reader, writer] = await socialMembers(2, 'rank');
      for (let i = 0; i < 3; i++) await createPost(writer, { content: `ranked ${i}` });
      const small = await wholeFeed(reader, name, 2);
      const seen = ids(small.items);
      expect(new Set(seen).size).toBe(seen.length);
      for (const page of small.pages.slice(0, -1)) expect(page.body.length).toBe(2);
      // The same snapshot read in one page holds the same posts.
      const whole = await wholeFeed(reader, name, 50);
      expect(new Set(ids(whole.items))).toEqual(new Set(seen));
    },
  );

  it('answers 20 posts by default at most', async () => {
    const reader = await socialMember('dflt');
    const answer = await api('GET', '/posts/feed/aura', { token: reader.token });
    expect(answer.body.length).toBeLessThanOrEqual(20);
    if (answer.headers.get('x-next-cursor')) expect(answer.body).toHaveLength(20);
  });
});
