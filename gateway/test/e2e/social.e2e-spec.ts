// Issue 4 through HTTP: posts and stories, likes, comments, who may do what.
// Feeds: social-feeds.e2e-spec.ts; follows, profiles, member content: social-members.e2e-spec.ts;
// search, trending, rankings, public routes: social-explore.e2e-spec.ts.
import { api } from './support/api';
import { pngBytes, uploadFile } from './support/media-files';
import {
  allPages,
  createPost,
  ids,
  Member,
  missingUuid,
  socialMembers,
  uniqueWord,
  CATCH_UP_TIMEOUT_MS,
  socialCaughtUp,
} from './support/social';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POST_MESSAGE = 'Please add content or media to your post';
const STORY_MESSAGE = 'Please add content or media to your story';

/** The member's own posts and stories, as stored (to check that a refused request stored nothing). */
async function storedContent(member: Member) {
  const posts = await allPages(`/users/${member.id}/posts`, member.token);
  const stories = await allPages(`/users/${member.id}/stories`, member.token);
  return { posts: ids(posts.items), stories: ids(stories.items) };
}

async function findPost(viewer: Member, author: Member, postId: string) {
  const { items } = await allPages(`/users/${author.id}/posts`, viewer.token);
  return items.find((post) => post.id === postId) as Record<string, unknown> | undefined;
}

beforeAll(socialCaughtUp, CATCH_UP_TIMEOUT_MS);

describe('social through the gateway', () => {
  it('reports social in /api/health', async () => {
    const health = await api('GET', '/health');
    expect(health).toMatchObject({ status: 200, body: { checks: { social: 'ok' } } });
  });
});

describe('posts', () => {
  let luna: Member;
  let sol: Member;

  beforeAll(async () => {
    [luna, sol] = await socialMembers(2, 'post');
  });

  it('creates a text post: 201 with the shape of ADR 0004 and the caller as author', async () => {
    const answer = await api('POST', '/posts', {
      token: luna.token,
      body: { content: 'Morning pages done', content_type: 'text', category: 'lifestyle', is_story: false },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(UUID),
      content: 'Morning pages done',
      content_type: 'text',
      category: 'lifestyle',
      media_url: null,
      media_type: null,
      is_story: false,
      likes_count: 0,
      comments_count: 0,
      engagement_score: 0,
      is_liked: false,
      is_saved: false,
      tags: [],
      mentions: [],
      mentioned_users: [],
      created_at: expect.any(String),
      edited_at: null,
      expires_at: null,
      user: {
        id: luna.id,
        username: luna.username,
        display_name: luna.username,
        aura_score: 100,
        profile_picture: '',
        is_super_aura: false,
      },
    });
    expect(Math.abs(Date.parse(answer.body.created_at) - Date.now())).toBeLessThan(60_000);
    expect(await findPost(sol, luna, answer.body.id)).toMatchObject({ content: 'Morning pages done' });
  });

  it('defaults the category to general and extracts #tags (lower-cased) and @mentions', async () => {
    const tag = uniqueWord('t');
    const post = await createPost(luna, {
      content: `Grateful today #${tag.toUpperCase()} #calm_mind with @${sol.username}`,
      category: undefined,
    });
    expect(post.category).toBe('general');
    expect(post.tags).toEqual(expect.arrayContaining([tag, 'calm_mind']));
    expect(post.tags).toHaveLength(2);
    expect(post.mentions).toEqual([sol.username]);
    // The mention names a member: the post carries their id for a link, also when read back.
    expect(post.mentioned_users).toEqual([{ id: sol.id, username: sol.username }]);
    const read = await findPost(sol, luna, post.id);
    expect(read?.mentioned_users).toEqual([{ id: sol.id, username: sol.username }]);
  });

  it.each(['general', 'lifestyle', 'technology', 'inspiration', 'personal'])(
    'accepts the category %s',
    async (category) => {
      expect((await createPost(luna, { category })).category).toBe(category);
    },
  );

  it('accepts media without text (multimedia)', async () => {
    const upload = await uploadFile(
      '/media/upload',
      { bytes: await pngBytes(), name: 'sky.png', type: 'image/png' },
      { token: luna.token },
    );
    expect(upload.status).toBe(200);
    const answer = await api('POST', '/posts', {
      token: luna.token,
      body: {
        content: '',
        content_type: 'multimedia',
        category: 'personal',
        media_url: upload.body.file_url,
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      content: '',
      content_type: 'multimedia',
      media_url: upload.body.file_url,
      media_type: 'image',
    });
  });

  it.each([
    ['no content and no media', {}],
    ['blank content', { content: '   \n\t ' }],
    ['empty content and a null media_url', { content: '', media_url: null }],
    ['empty content and a blank media_url', { content: '', media_url: '  ' }],
  ])('refuses a post with %s: 400 with the spec text, nothing stored', async (_case, body) => {
    const before = await storedContent(luna);
    const answer = await api('POST', '/posts', { token: luna.token, body: { category: 'general', ...body } });
    expect(answer).toMatchObject({ status: 400, body: { detail: POST_MESSAGE } });
    expect(await storedContent(luna)).toEqual(before);
  });

  it('refuses an empty story with the story text, nothing stored', async () => {
    const before = await storedContent(luna);
    const answer = await api('POST', '/posts', {
      token: luna.token,
      body: { content: '  ', is_story: true, category: 'general' },
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: STORY_MESSAGE } });
    expect(await storedContent(luna)).toEqual(before);
  });

  it.each([
    ['an unknown category', { category: 'sports' }, 'category must be one of: general, lifestyle'],
    ['a category of the wrong type', { category: 7 }, 'category must be one of'],
    ['an unknown content_type', { content_type: 'poll' }, 'content_type must be text or multimedia'],
    ['a non-boolean is_story', { is_story: 'yes' }, 'is_story must be true or false'],
    ['content that is not text', { content: 42 }, 'content must be text'],
  ])('answers 422 for %s, and stores nothing', async (_case, body, detail) => {
    const before = await storedContent(luna);
    const answer = await api('POST', '/posts', {
      token: luna.token,
      body: { content: 'valid text', ...body },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toContain(detail);
    expect(await storedContent(luna)).toEqual(before);
  });

  it('answers 422 for a body that is not JSON', async () => {
    const answer = await api('POST', '/posts', { token: luna.token, rawBody: '{"content": ' });
    expect(answer.status).toBe(422);
  });
});

describe('stories', () => {
  let author: Member;
  let follower: Member;
  let stranger: Member;

  beforeAll(async () => {
    [author, follower, stranger] = await socialMembers(3, 'story');
    expect((await api('POST', `/users/${author.id}/follow`, { token: follower.token })).status).toBe(200);
  });

  it('creates a story that lives 5 hours and shows in /stories for its author and followers', async () => {
    const story = await createPost(author, { content: `Sunset ${uniqueWord()}`, is_story: true });
    expect(story).toMatchObject({ is_story: true, user: { id: author.id } });
    expect(Date.parse(story.expires_at) - Date.parse(story.created_at)).toBe(5 * 3600 * 1000);

    for (const viewer of [author, follower]) {
      const stories = await api('GET', '/stories', { token: viewer.token });
      expect(stories.status).toBe(200);
      expect(Array.isArray(stories.body)).toBe(true);
      expect(ids(stories.body)).toContain(story.id);
      expect(stories.body.every((s: { is_story: boolean }) => s.is_story)).toBe(true);
    }
    const strangers = await api('GET', '/stories', { token: stranger.token });
    expect(ids(strangers.body)).not.toContain(story.id);
  });

  it("lists a member's active stories apart from their posts", async () => {
    const story = await createPost(author, { is_story: true });
    const post = await createPost(author);
    const stories = await api('GET', `/users/${author.id}/stories?limit=20`, { token: stranger.token });
    expect(ids(stories.body)).toContain(story.id);
    expect(ids(stories.body)).not.toContain(post.id);
    const posts = await api('GET', `/users/${author.id}/posts?limit=10`, { token: stranger.token });
    expect(ids(posts.body)).toContain(post.id);
    expect(ids(posts.body)).not.toContain(story.id);
  });

  it('answers 422 for a bad /stories limit', async () => {
    expect((await api('GET', '/stories?limit=abc', { token: author.token })).status).toBe(422);
  });
});

describe('likes', () => {
  let author: Member;
  let fan: Member;
  let other: Member;

  beforeAll(async () => {
    [author, fan, other] = await socialMembers(3, 'like');
  });

  it('toggles: like, unlike, like again; counts follow and never go below 0', async () => {
    const post = await createPost(author);
    const like = () => api('POST', `/posts/${post.id}/like`, { token: fan.token });
    expect(await like()).toMatchObject({ status: 200, body: { liked: true, likes_count: 1 } });
    expect(await like()).toMatchObject({ status: 200, body: { liked: false, likes_count: 0 } });
    expect(await like()).toMatchObject({ status: 200, body: { liked: true, likes_count: 1 } });
    expect(await like()).toMatchObject({ status: 200, body: { liked: false, likes_count: 0 } });
    expect(await findPost(other, author, post.id)).toMatchObject({ likes_count: 0 });
  });

  it('shows is_liked per viewer and counts one like per member', async () => {
    const post = await createPost(author);
    await api('POST', `/posts/${post.id}/like`, { token: fan.token });
    expect((await api('POST', `/posts/${post.id}/like`, { token: author.token })).body).toEqual({
      liked: true,
      likes_count: 2,
    });
    expect(await findPost(fan, author, post.id)).toMatchObject({ likes_count: 2, is_liked: true });
    expect(await findPost(other, author, post.id)).toMatchObject({ likes_count: 2, is_liked: false });
    expect(await findPost(author, author, post.id)).toMatchObject({ is_liked: true });
  });

  it('counts exactly 10 when 10 members like at the same moment', async () => {
    const post = await createPost(author);
    const likers = await socialMembers(10, 'crowd');
    const answers = await Promise.all(
      likers.map((liker) => api('POST', `/posts/${post.id}/like`, { token: liker.token })),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { liked: true } });
    expect(await findPost(other, author, post.id)).toMatchObject({ likes_count: 10 });
    // And all unliking at once brings it back to exactly 0.
    const undone = await Promise.all(
      likers.map((liker) => api('POST', `/posts/${post.id}/like`, { token: liker.token })),
    );
    for (const answer of undone) expect(answer).toMatchObject({ status: 200, body: { liked: false } });
    expect(await findPost(other, author, post.id)).toMatchObject({ likes_count: 0 });
  });

  it('answers 404 "Post not found" for a missing post and for an id that is not a UUID', async () => {
    for (const id of [missingUuid(), 'not-a-uuid', '12345', 'feed'])
      expect(await api('POST', `/posts/${id}/like`, { token: fan.token })).toMatchObject({
        status: 404,
        body: { detail: 'Post not found' },
      });
  });
});

describe('comments', () => {
  let author: Member;
  let reader: Member;
  let other: Member;
  let post: { id: string };

  beforeAll(async () => {
    [author, reader, other] = await socialMembers(3, 'cmt');
    post = await createPost(author);
  });

  const comment = (member: Member, body: Record<string, unknown>, postId = post.id) =>
    api('POST', `/posts/${postId}/comments`, { token: member.token, body });
  const list = (member: Member, postId = post.id) =>
    api('GET', `/posts/${postId}/comments`, { token: member.token });

  it('creates a comment with the spec body and answers the shape of ADR 0004', async () => {
    const answer = await comment(reader, { post_id: post.id, content: 'So true', content_type: 'text' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(UUID),
      post_id: post.id,
      parent_comment_id: null,
      content: 'So true',
      content_type: 'text',
      likes_count: 0,
      has_liked: false,
      created_at: expect.any(String),
      edited_at: null,
      mentioned_users: [],
      user: {
        id: reader.id,
        username: reader.username,
        display_name: reader.username,
        aura_score: expect.any(Number),
        profile_picture: '',
        is_super_aura: false,
      },
    });
    const listed = await list(other);
    expect(listed.status).toBe(200);
    expect(ids(listed.body)).toContain(answer.body.id);
    expect((await findPost(other, author, post.id))?.comments_count).toBeGreaterThanOrEqual(1);
  });

  it('carries the members its @mentions name, for links to their profiles, also when read back', async () => {
    const answer = await comment(reader, { content: `Agreed @${author.username} and @nobody_${Date.now()}` });
    expect(answer.status).toBe(201);
    const mentioned = [{ id: author.id, username: author.username }];
    expect(answer.body.mentioned_users).toEqual(mentioned);
    const listed = (await list(other)).body as { id: string; mentioned_users: unknown }[];
    expect(listed.find((item) => item.id === answer.body.id)?.mentioned_users).toEqual(mentioned);
    const edited = await api('PATCH', `/comments/${answer.body.id}`, {
      token: reader.token,
      body: { content: `Agreed @${other.username}` },
    });
    expect(edited.body.mentioned_users).toEqual([{ id: other.id, username: other.username }]);
  });

  it('counts comments on the post', async () => {
    const fresh = await createPost(author);
    await comment(reader, { content: 'one' }, fresh.id);
    await comment(other, { content: 'two' }, fresh.id);
    expect(await findPost(reader, author, fresh.id)).toMatchObject({ comments_count: 2 });
  });

  it('takes exactly 300 characters and refuses 301 (400), nothing stored', async () => {
    const fresh = await createPost(author);
    expect((await comment(reader, { content: 'a'.repeat(300) }, fresh.id)).status).toBe(201);
    const tooLong = await comment(reader, { content: 'b'.repeat(301) }, fresh.id);
    expect(tooLong.status).toBe(400);
    expect(typeof tooLong.body.detail).toBe('string');
    const listed = await list(reader, fresh.id);
    expect(listed.body).toHaveLength(1);
  });

  it('refuses a blank comment (400) and a missing content (422), nothing stored', async () => {
    const fresh = await createPost(author);
    expect((await comment(reader, { content: '   \n ' }, fresh.id)).status).toBe(400);
    expect(await comment(reader, {}, fresh.id)).toMatchObject({
      status: 422,
      body: { detail: 'content is required' },
    });
    expect((await list(reader, fresh.id)).body).toEqual([]);
  });

  it('refuses a body whose post_id is not the post of the path (400), nothing stored', async () => {
    const fresh = await createPost(author);
    const answer = await comment(reader, { post_id: post.id, content: 'wrong place' }, fresh.id);
    expect(answer).toMatchObject({
      status: 400,
      body: { detail: 'post_id does not match the post in the path' },
    });
    expect((await list(reader, fresh.id)).body).toEqual([]);
  });

  it('replies by parent_comment_id; the list carries the parent', async () => {
    const fresh = await createPost(author);
    const parent = await comment(reader, { content: 'Top level' }, fresh.id);
    const reply = await comment(other, { content: 'A reply', parent_comment_id: parent.body.id }, fresh.id);
    expect(reply).toMatchObject({
      status: 201,
      body: { parent_comment_id: parent.body.id, post_id: fresh.id },
    });
    const listed = await list(author, fresh.id);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: parent.body.id, parent_comment_id: null }),
        expect.objectContaining({ id: reply.body.id, parent_comment_id: parent.body.id }),
      ]),
    );
  });

  it('refuses a reply to a comment that does not exist (404), and a malformed parent id (422)', async () => {
    const fresh = await createPost(author);
    const missing = await comment(
      reader,
      { content: 'to nobody', parent_comment_id: missingUuid() },
      fresh.id,
    );
    expect(missing.status).toBe(404);
    expect(await comment(reader, { content: 'x', parent_comment_id: 'nope' }, fresh.id)).toMatchObject({
      status: 422,
      body: { detail: 'parent_comment_id must be a comment id' },
    });
    expect((await list(reader, fresh.id)).body).toEqual([]);
  });

  it('toggles a comment like, with has_liked per viewer', async () => {
    const fresh = await createPost(author);
    const created = await comment(reader, { content: 'Like me' }, fresh.id);
    const like = (member: Member) =>
      api('POST', `/comments/${created.body.id}/like`, { token: member.token });
    expect(await like(other)).toMatchObject({ status: 200, body: { liked: true, likes_count: 1 } });
    const seenByLiker = (await list(other, fresh.id)).body.find(
      (c: { id: string }) => c.id === created.body.id,
    );
    expect(seenByLiker).toMatchObject({ likes_count: 1, has_liked: true });
    const seenByAuthor = (await list(author, fresh.id)).body.find(
      (c: { id: string }) => c.id === created.body.id,
    );
    expect(seenByAuthor).toMatchObject({ likes_count: 1, has_liked: false });
    expect(await like(other)).toMatchObject({ status: 200, body: { liked: false, likes_count: 0 } });
    expect(await like(other)).toMatchObject({ status: 200, body: { liked: true, likes_count: 1 } });
    expect(await like(author)).toMatchObject({ status: 200, body: { liked: true, likes_count: 2 } });
  });

  it('pages comments with X-Next-Cursor, without repeating one', async () => {
    const fresh = await createPost(author);
    for (const text of ['c1', 'c2', 'c3', 'c4', 'c5']) await comment(reader, { content: text }, fresh.id);
    const { items, pages } = await allPages(`/posts/${fresh.id}/comments`, reader.token, { limit: 2 });
    expect(pages.map((page) => page.body.length)).toEqual([2, 2, 1]);
    expect(pages.at(-1)!.headers.get('x-next-cursor')).toBeNull();
    expect(new Set(ids(items)).size).toBe(5);
  });

  it('answers 404 for comments of a missing post or a non-UUID post id', async () => {
    for (const id of [missingUuid(), 'abc']) {
      expect(await api('GET', `/posts/${id}/comments`, { token: reader.token })).toMatchObject({
        status: 404,
        body: { detail: 'Post not found' },
      });
      expect(await comment(reader, { content: 'hello' }, id)).toMatchObject({
        status: 404,
        body: { detail: 'Post not found' },
      });
    }
  });

  it('answers 404 "Comment not found" for liking a missing comment or a non-UUID id', async () => {
    for (const id of [missingUuid(), 'xyz'])
      expect(await api('POST', `/comments/${id}/like`, { token: reader.token })).toMatchObject({
        status: 404,
        body: { detail: 'Comment not found' },
      });
  });

  it('answers 422 for a bad comments limit', async () => {
    expect((await api('GET', `/posts/${post.id}/comments?limit=0`, { token: reader.token })).status).toBe(
      422,
    );
  });
});

describe('who may do what', () => {
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    [alice, bob] = await socialMembers(2, 'who');
  });

  // Every row has three entries: jest passes `done` to a test whose row is shorter than its arity.
  const memberRoutes: [string, string, unknown][] = [
    ['POST', '/posts', { content: 'x' }],
    ['GET', '/posts/feed/aura', undefined],
    ['GET', '/posts/feed/following', undefined],
    ['POST', `/posts/${missingUuid()}/like`, undefined],
    ['GET', `/posts/${missingUuid()}/comments`, undefined],
    ['POST', `/posts/${missingUuid()}/comments`, { content: 'x' }],
    ['POST', `/comments/${missingUuid()}/like`, undefined],
    ['GET', '/stories', undefined],
    ['GET', '/profile/posts', undefined],
    ['GET', '/search?query=a', undefined],
    ['GET', '/creators/top-tipped', undefined],
    ['GET', '/creators/top-rising', undefined],
  ];

  it.each(memberRoutes)('%s %s needs a token (401)', async (method, path, body) => {
    expect(await api(method, path, { body })).toMatchObject({
      status: 401,
      body: { detail: expect.any(String) },
    });
    expect((await api(method, path, { body, token: 'not.a.token' })).status).toBe(401);
  });

  it.each([
    ['GET', (m: Member) => `/users/${m.id}`],
    ['GET', (m: Member) => `/users/${m.id}/profile`],
    ['GET', (m: Member) => `/users/${m.id}/posts`],
    ['GET', (m: Member) => `/users/${m.id}/stories`],
    ['GET', (m: Member) => `/users/${m.id}/content?content_type=posts`],
    ['POST', (m: Member) => `/users/${m.id}/follow`],
    ['DELETE', (m: Member) => `/users/${m.id}/follow`],
    ['DELETE', (m: Member) => `/users/${m.id}/unfollow`],
  ])('%s on a member route needs a token (401)', async (method, path) => {
    expect((await api(method, path(alice))).status).toBe(401);
  });

  it('takes the author from the token, never from the body', async () => {
    const answer = await api('POST', '/posts', {
      token: alice.token,
      body: { content: 'Mine', user_id: bob.id, author_id: bob.id, user: { id: bob.id } },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.user.id).toBe(alice.id);
    expect(ids(await allPages(`/users/${bob.id}/posts`, bob.token).then((p) => p.items))).not.toContain(
      answer.body.id,
    );
  });

  it('comments and likes as the token member only', async () => {
    const post = await createPost(bob);
    const created = await api('POST', `/posts/${post.id}/comments`, {
      token: alice.token,
      body: { content: 'By alice', user_id: bob.id },
    });
    expect(created.body.user.id).toBe(alice.id);
    await api('POST', `/posts/${post.id}/like`, { token: alice.token, body: { user_id: bob.id } });
    expect(await findPost(bob, bob, post.id)).toMatchObject({ likes_count: 1, is_liked: false });
    expect(await findPost(alice, bob, post.id)).toMatchObject({ is_liked: true });
  });
});
