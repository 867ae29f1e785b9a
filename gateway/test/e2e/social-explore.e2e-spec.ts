// Issue 4 through HTTP: search, trending tags, creator rankings, and the public landing routes.
import { waitFor } from '@aura/platform/testing';
import { api } from './support/api';
import {
  createPost,
  ids,
  Member,
  socialMember,
  socialMembers,
  uniqueWord,
  CATCH_UP_TIMEOUT_MS,
  socialCaughtUp,
} from './support/social';

const INVALID_TOKEN = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJub2JvZHkifQ.c2lnbmF0dXJl';

beforeAll(socialCaughtUp, CATCH_UP_TIMEOUT_MS);

describe('search', () => {
  let seeker: Member;
  let writer: Member;
  let word: string;
  let post: { id: string };
  let story: { id: string };

  beforeAll(async () => {
    seeker = await socialMember('seek');
    word = uniqueWord('srch');
    writer = await socialMember('wri', `Writer ${word.toUpperCase()}`);
    post = await createPost(writer, { content: `A post about ${word} and #${word}`, category: 'technology' });
    story = await createPost(writer, { content: `A story about ${word}`, is_story: true });
  });

  const search = (query: string, extra = '', token = seeker.token) =>
    api('GET', `/search?query=${encodeURIComponent(query)}${extra}`, { token });

  it('finds members by username and display name, case-insensitively', async () => {
    const byUsername = await search(writer.username.toUpperCase());
    expect(byUsername.status).toBe(200);
    expect(ids(byUsername.body.users)).toContain(writer.id);
    expect(byUsername.body.users.find((u: { id: string }) => u.id === writer.id)).toEqual({
      id: writer.id,
      username: writer.username,
      display_name: `Writer ${word.toUpperCase()}`,
      profile_picture: '',
      aura_score: 100,
      bio: '',
      is_super_aura: false,
    });
    expect(ids((await search(word)).body.users)).toContain(writer.id);
  });

  it('finds posts and stories by their text, and tags by name', async () => {
    const answer = await search(word.toUpperCase());
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['posts', 'stories', 'tags', 'users']);
    expect(ids(answer.body.posts)).toEqual([post.id]);
    expect(ids(answer.body.stories)).toEqual([story.id]);
    expect(answer.body.posts[0]).toMatchObject({ is_story: false, category: 'technology', is_liked: false });
    expect(answer.body.stories[0]).toMatchObject({ is_story: true });
    // Tags are counted by social's Explore consumer (from post.created events): eventually.
    await waitFor(async () => (await search(word)).body.tags.some((t: { tag: string }) => t.tag === word), {
      timeoutMs: 60000,
      intervalMs: 500,
      what: 'the tag in search',
    });
    const byTag = await search(`#${word}`);
    expect(ids(byTag.body.posts)).toEqual([post.id]);
    expect(byTag.body.users).toEqual([]);
  });

  it('narrows by content_type and by category', async () => {
    const users = await search(word, '&content_type=users');
    expect(ids(users.body.users)).toContain(writer.id);
    expect(users.body.posts).toEqual([]);
    expect(users.body.stories).toEqual([]);
    const posts = await search(word, '&content_type=posts');
    expect(ids(posts.body.posts)).toEqual([post.id]);
    expect(posts.body.users).toEqual([]);
    expect(ids((await search(word, '&category=technology')).body.posts)).toEqual([post.id]);
    expect((await search(word, '&category=lifestyle')).body.posts).toEqual([]);
    expect(ids((await search(word, '&category=all')).body.posts)).toEqual([post.id]);
    expect(ids((await search(word, '&category=')).body.posts)).toEqual([post.id]);
  });

  it('runs only on non-empty text: a blank query answers empty lists', async () => {
    for (const query of ['', '   '])
      expect(await search(query)).toMatchObject({
        status: 200,
        body: { users: [], posts: [], stories: [], tags: [] },
      });
    expect(await api('GET', '/search', { token: seeker.token })).toMatchObject({
      status: 200,
      body: { users: [], posts: [], stories: [], tags: [] },
    });
  });

  it('treats the text literally (no regular expressions)', async () => {
    const answer = await search('.*');
    expect(answer.status).toBe(200);
    expect(ids(answer.body.posts)).not.toContain(post.id);
  });

  it('answers 422 for an unknown category, content_type or a bad limit', async () => {
    for (const extra of ['&category=sports', '&content_type=genies', '&limit=0', '&limit=x'])
      expect((await search(word, extra)).status).toBe(422);
  });
});

describe('GET /users/search/{text} (the recipient and gift pickers)', () => {
  let seeker: Member;
  let found: Member;
  let word: string;

  beforeAll(async () => {
    seeker = await socialMember('pick');
    word = uniqueWord('pick');
    found = await socialMember('pkd', `Picked ${word}`);
  });

  const searchMembers = (text: string, extra = '') =>
    api('GET', `/users/search/${encodeURIComponent(text)}${extra}`, { token: seeker.token });

  it('lists members by username or display name, as summaries', async () => {
    const byName = await searchMembers(word.toUpperCase());
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([
      {
        id: found.id,
        username: found.username,
        display_name: `Picked ${word}`,
        profile_picture: '',
        aura_score: 100,
        bio: '',
        is_super_aura: false,
      },
    ]);
    expect(ids((await searchMembers(found.username)).body)).toEqual([found.id]);
  });

  it('answers an empty list for blank text, honours limit, and needs a member', async () => {
    expect(await searchMembers('   ')).toMatchObject({ status: 200, body: [] });
    const many = await searchMembers('pkd', '?limit=1');
    expect(many.status).toBe(200);
    expect(many.body.length).toBeLessThanOrEqual(1);
    expect((await searchMembers(word, '?limit=0')).status).toBe(422);
    expect((await api('GET', `/users/search/${word}`)).status).toBe(401);
  });
});

describe('trending tags (public)', () => {
  it('counts tags of recent posts', async () => {
    const [a, b] = await socialMembers(2, 'trend');
    const tag = uniqueWord('trend');
    await createPost(a, { content: `Morning #${tag}` });
    await createPost(b, { content: `Evening #${tag.toUpperCase()}` });
    await createPost(b, { content: `Night #${tag} #${tag}` });
    const entry = await waitFor(
      async () => {
        const answer = await api('GET', '/tags/trending?period=7d&limit=50');
        return answer.body.find((t: { tag: string; count: number }) => t.tag === tag && t.count >= 3);
      },
      { timeoutMs: 60000, intervalMs: 500, what: 'the tag among trending tags' },
    );
    expect(entry).toEqual({ tag, count: 3 });
  });

  it('needs no token and tolerates a bearer header, even an invalid one', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${INVALID_TOKEN}` },
      { authorization: 'Bearer' },
    ];
    for (const headers of variants) {
      const answer = await api('GET', '/tags/trending?period=7d&limit=20', { headers });
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
      for (const item of answer.body)
        expect(item).toEqual({ tag: expect.any(String), count: expect.any(Number) });
    }
  });

  it('answers 422 for an unknown period or a bad limit', async () => {
    expect((await api('GET', '/tags/trending?period=1y')).status).toBe(422);
    expect((await api('GET', '/tags/trending?limit=many')).status).toBe(422);
  });
});

describe('creator rankings', () => {
  let member: Member;

  beforeAll(async () => {
    member = await socialMember('rank');
  });

  it.each(['daily', 'weekly', 'monthly', 'all'])(
    'top-tipped (%s) is a list of ranking entries (empty until tips exist), never an error',
    async (period) => {
      // Other suites of the run (economy) send real tips, so the list may already hold entries.
      const answer = await api('GET', `/creators/top-tipped?period=${period}&limit=10`, {
        token: member.token,
      });
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
      expect(answer.body.length).toBeLessThanOrEqual(10);
      for (const entry of answer.body)
        expect(entry).toEqual({
          user: expect.objectContaining({ id: expect.any(String), username: expect.any(String) }),
          total_tips: expect.any(Number),
          tip_count: expect.any(Number),
          activity_score: expect.any(Number),
          recent_posts: expect.any(Number),
          aura_gained: expect.any(Number),
        });
      const totals = answer.body.map((entry: { total_tips: number }) => entry.total_tips);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    },
  );

  it.each(['7d', '30d'])('top-rising (%s) is a list of ranking entries', async (period) => {
    const answer = await api('GET', `/creators/top-rising?period=${period}&limit=10`, {
      token: member.token,
    });
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body.length).toBeLessThanOrEqual(10);
    for (const entry of answer.body)
      expect(entry).toEqual({
        user: expect.objectContaining({ id: expect.any(String), username: expect.any(String) }),
        total_tips: expect.any(Number),
        tip_count: expect.any(Number),
        activity_score: expect.any(Number),
        recent_posts: expect.any(Number),
        aura_gained: expect.any(Number),
      });
  });

  it('answers 422 for a period of the other ranking', async () => {
    expect((await api('GET', '/creators/top-tipped?period=7d', { token: member.token })).status).toBe(422);
    expect((await api('GET', '/creators/top-rising?period=weekly', { token: member.token })).status).toBe(
      422,
    );
  });
});

describe('the public landing routes', () => {
  it('previews recent posts without a token (no is_liked), and with an invalid one', async () => {
    const author = await socialMember('land');
    const post = await createPost(author, { content: 'Welcome to Aura' });
    const story = await createPost(author, { content: 'Not on the landing page', is_story: true });
    const preview = await waitFor(
      async () => {
        const answer = await api('GET', '/public/feed/preview?limit=20');
        return answer.status === 200 && ids(answer.body).includes(post.id) ? answer : undefined;
      },
      { timeoutMs: 20000, intervalMs: 500, what: 'the post in the public preview' },
    );
    expect(ids(preview.body)).not.toContain(story.id);
    const shown = preview.body.find((p: { id: string }) => p.id === post.id);
    expect(shown).toMatchObject({
      content: 'Welcome to Aura',
      likes_count: 0,
      comments_count: 0,
      created_at: expect.any(String),
      user: { id: author.id, username: author.username, aura_score: 100 },
    });
    expect(shown).not.toHaveProperty('is_liked');

    const withBadToken = await api('GET', '/public/feed/preview', {
      headers: { authorization: `Bearer ${INVALID_TOKEN}` },
    });
    expect(withBadToken.status).toBe(200);
    expect(withBadToken.body.length).toBeLessThanOrEqual(10);
  });

  it('answers the landing figures without a token, and with an invalid one', async () => {
    const keys = [
      'total_users',
      'active_users_24h',
      'total_posts',
      'total_engagement',
      'posts_today',
      'engagement_today',
    ];
    const variants: Record<string, string>[] = [{}, { authorization: `Bearer ${INVALID_TOKEN}` }];
    for (const headers of variants) {
      const answer = await api('GET', '/public/stats', { headers });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual([...keys].sort());
      for (const key of keys) expect(Number.isInteger(answer.body[key])).toBe(true);
    }
  });

  it('counts real members and posts', async () => {
    const before = (await api('GET', '/public/stats')).body;
    expect(before.total_users).toBeGreaterThanOrEqual(1);
    const author = await socialMember('stat');
    await createPost(author, { content: 'One more post' });
    const after = await waitFor(
      async () => {
        const stats = (await api('GET', '/public/stats')).body;
        return stats.total_posts > before.total_posts && stats.total_users > before.total_users
          ? stats
          : undefined;
      },
      { timeoutMs: 30000, intervalMs: 1000, what: 'the new member and post in the public stats' },
    );
    expect(after.posts_today).toBeGreaterThanOrEqual(1);
    expect(after.active_users_24h).toBeGreaterThanOrEqual(1);
    expect(after.total_posts).toBeGreaterThanOrEqual(after.posts_today);
  });

  it('answers 422 for a bad preview limit', async () => {
    expect((await api('GET', '/public/feed/preview?limit=abc')).status).toBe(422);
  });
});
