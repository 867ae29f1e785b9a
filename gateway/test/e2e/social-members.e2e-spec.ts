// Issue 4 through HTTP: follows, the composed member profile, a member's content, one's own posts.
import { api } from './support/api';
import { pngBytes, uploadFile } from './support/media-files';
import {
  allPages,
  createPost,
  ids,
  Member,
  missingMemberId,
  socialMember,
  socialMembers,
  CATCH_UP_TIMEOUT_MS,
  socialCaughtUp,
  uniqueWord,
} from './support/social';

const follow = (who: Member, target: Member | string) =>
  api('POST', `/users/${typeof target === 'string' ? target : target.id}/follow`, { token: who.token });
const unfollow = (who: Member, target: Member, spelling: 'follow' | 'unfollow' = 'follow') =>
  api('DELETE', `/users/${target.id}/${spelling}`, { token: who.token });
const profile = (viewer: Member, target: Member | string) =>
  api('GET', `/users/${typeof target === 'string' ? target : target.id}`, { token: viewer.token });

beforeAll(socialCaughtUp, CATCH_UP_TIMEOUT_MS);

describe('follows', () => {
  let ana: Member;
  let ben: Member;
  let cy: Member;

  beforeAll(async () => {
    [ana, ben, cy] = await socialMembers(3, 'fol');
  });

  it("follows: 200 with the target's counts; both profiles show them", async () => {
    expect(await follow(ana, ben)).toMatchObject({
      status: 200,
      body: { is_following: true, followers_count: 1, following_count: 0 },
    });
    expect((await profile(ana, ben)).body).toMatchObject({
      followers_count: 1,
      following_count: 0,
      is_following: true,
    });
    expect((await profile(cy, ben)).body).toMatchObject({ followers_count: 1, is_following: false });
    expect((await profile(ben, ana)).body).toMatchObject({
      followers_count: 0,
      following_count: 1,
      is_following: false,
    });
  });

  it('following twice changes nothing', async () => {
    expect(await follow(cy, ben)).toMatchObject({
      status: 200,
      body: { is_following: true, followers_count: 2 },
    });
    expect(await follow(cy, ben)).toMatchObject({
      status: 200,
      body: { is_following: true, followers_count: 2 },
    });
    expect((await profile(cy, cy)).body).toMatchObject({ following_count: 1 });
  });

  it('unfollows by DELETE /follow and by DELETE /unfollow alike, never below 0', async () => {
    const [x, y] = await socialMembers(2, 'unf');
    await follow(x, y);
    expect(await unfollow(x, y, 'follow')).toMatchObject({
      status: 200,
      body: { is_following: false, followers_count: 0, following_count: 0 },
    });
    expect(await unfollow(x, y, 'follow')).toMatchObject({
      status: 200,
      body: { is_following: false, followers_count: 0 },
    });
    await follow(x, y);
    expect(await unfollow(x, y, 'unfollow')).toMatchObject({
      status: 200,
      body: { is_following: false, followers_count: 0 },
    });
    expect(await unfollow(x, y, 'unfollow')).toMatchObject({
      status: 200,
      body: { is_following: false, followers_count: 0 },
    });
    expect((await profile(x, y)).body).toMatchObject({ followers_count: 0, is_following: false });
    expect((await profile(y, x)).body).toMatchObject({ following_count: 0 });
  });

  it('refuses following oneself (400), counts untouched', async () => {
    const answer = await follow(ana, ana);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.detail).toBe('string');
    expect((await profile(ana, ana)).body).toMatchObject({ followers_count: 0, is_following: false });
  });

  it('counts concurrent follows exactly', async () => {
    const star = await socialMember('star');
    const fans = await socialMembers(8, 'fan');
    const answers = await Promise.all(fans.map((fan) => follow(fan, star)));
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { is_following: true } });
    expect((await profile(star, star)).body.followers_count).toBe(8);
  });

  it('answers 404 "User not found" for a missing member or an id of the wrong form', async () => {
    for (const id of [missingMemberId(), 'not-an-id', 'blocked']) {
      expect(await follow(ana, id)).toMatchObject({ status: 404, body: { detail: 'User not found' } });
      for (const spelling of ['follow', 'unfollow'])
        expect(await api('DELETE', `/users/${id}/${spelling}`, { token: ana.token })).toMatchObject({
          status: 404,
          body: { detail: 'User not found' },
        });
    }
  });
});

describe('the member profile (identity + social)', () => {
  let viewer: Member;
  let target: Member;

  beforeAll(async () => {
    [viewer, target] = await socialMembers(2, 'prof');
  });

  it('answers the same at /users/{id} and /users/{id}/profile, without the e-mail for others', async () => {
    const plain = await profile(viewer, target);
    const variant = await api('GET', `/users/${target.id}/profile`, { token: viewer.token });
    expect(plain.status).toBe(200);
    expect(variant).toMatchObject({ status: 200, body: plain.body });
    expect(plain.body).toMatchObject({
      id: target.id,
      username: target.username,
      display_name: target.username,
      role: 'user',
      aura_score: 100,
      is_super_aura: false,
      followers_count: 0,
      following_count: 0,
      is_following: false,
      created_at: expect.any(String),
    });
    expect(plain.body).not.toHaveProperty('email');
    expect(plain.body).not.toHaveProperty('password');
    // The viewer's visit counts once a day, whichever spelling (issue 5); no genie is invented
    // (a member without a featured genie has null: genies.e2e-spec.ts shows one that has).
    expect(plain.body.profile_visits_count).toBe(1);
    expect(plain.body.featured_genie).toBeNull();
  });

  it('shows the e-mail to the member and to an admin', async () => {
    expect((await profile(target, target)).body.email).toBe(target.email);
    const login = await api('POST', '/auth/login', {
      body: {
        username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
        password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
      },
    });
    expect(login.status).toBe(200);
    const asAdmin = await api('GET', `/users/${target.id}`, { token: login.body.access_token });
    expect(asAdmin).toMatchObject({ status: 200, body: { email: target.email } });
  });

  it('answers 404 "User not found" for a missing member or an id of the wrong form', async () => {
    for (const id of [missingMemberId(), 'nobody', '123']) {
      for (const path of [`/users/${id}`, `/users/${id}/profile`])
        expect(await api('GET', path, { token: viewer.token })).toMatchObject({
          status: 404,
          body: { detail: 'User not found' },
        });
    }
  });
});

describe("a member's content", () => {
  let author: Member;
  let viewer: Member;
  let posts: { id: string }[];
  let story: { id: string };

  beforeAll(async () => {
    [author, viewer] = await socialMembers(2, 'cnt');
    posts = [];
    for (let i = 0; i < 4; i++) posts.push(await createPost(author, { content: `post ${i}` }));
    story = await createPost(author, { content: 'a story', is_story: true });
  });

  it('lists posts newest first, without stories, limited and paged with X-Next-Cursor', async () => {
    const first = await api('GET', `/users/${author.id}/posts?limit=10`, { token: viewer.token });
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual(ids(posts).reverse());
    expect(first.headers.get('x-next-cursor')).toBeNull();

    const { items, pages } = await allPages(`/users/${author.id}/posts`, viewer.token, { limit: 3 });
    expect(pages.map((page) => page.body.length)).toEqual([3, 1]);
    expect(pages[0].headers.get('x-next-cursor')).toBeTruthy();
    expect(ids(items)).toEqual(ids(posts).reverse());
  });

  it('serves the same through /content?content_type=posts|stories, and [] for reflections', async () => {
    const byContent = await api('GET', `/users/${author.id}/content?content_type=posts`, {
      token: viewer.token,
    });
    expect(ids(byContent.body)).toEqual(ids(posts).reverse());
    const defaultKind = await api('GET', `/users/${author.id}/content`, { token: viewer.token });
    expect(ids(defaultKind.body)).toEqual(ids(posts).reverse());
    const stories = await api('GET', `/users/${author.id}/content?content_type=stories`, {
      token: viewer.token,
    });
    expect(ids(stories.body)).toEqual([story.id]);
    const direct = await api('GET', `/users/${author.id}/stories?limit=20`, { token: viewer.token });
    expect(ids(direct.body)).toEqual([story.id]);
    // The author has written no reflections: the true answer is an empty list.
    const reflections = await api('GET', `/users/${author.id}/content?content_type=reflections`, {
      token: viewer.token,
    });
    expect(reflections).toMatchObject({ status: 200, body: [] });
  });

  it('answers 422 for an unknown content_type or a bad limit', async () => {
    expect(
      await api('GET', `/users/${author.id}/content?content_type=genies`, { token: viewer.token }),
    ).toMatchObject({
      status: 422,
      body: { detail: 'content_type must be one of posts, stories, reflections' },
    });
    for (const limit of ['abc', '0', '1000', '-1'])
      expect(
        (await api('GET', `/users/${author.id}/posts?limit=${limit}`, { token: viewer.token })).status,
      ).toBe(422);
  });

  it('answers 404 "User not found" for content of a missing member or a malformed id', async () => {
    for (const id of [missingMemberId(), 'feed'])
      for (const path of [
        `/users/${id}/posts`,
        `/users/${id}/stories`,
        `/users/${id}/content?content_type=posts`,
        `/users/${id}/content?content_type=reflections`,
      ])
        expect(await api('GET', path, { token: viewer.token })).toMatchObject({
          status: 404,
          body: { detail: 'User not found' },
        });
  });
});

describe("one's own posts (/profile/posts)", () => {
  let me: Member;
  let text: { id: string };
  let image: { id: string };

  beforeAll(async () => {
    me = await socialMember('own');
    text = await createPost(me, { content: 'just words' });
    const upload = await uploadFile(
      '/media/upload',
      { bytes: await pngBytes(), name: 'me.png', type: 'image/png' },
      { token: me.token },
    );
    image = await createPost(me, { content: 'a photo', media_url: upload.body.file_url });
    await createPost(me, { content: 'a story is not a post', is_story: true });
  });

  it("lists all of the caller's posts, photos only, videos only", async () => {
    const all = await api('GET', '/profile/posts?content_type=all', { token: me.token });
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([image.id, text.id]);
    expect(ids((await api('GET', '/profile/posts', { token: me.token })).body)).toEqual([image.id, text.id]);
    const photos = await api('GET', '/profile/posts?content_type=image', { token: me.token });
    expect(ids(photos.body)).toEqual([image.id]);
    const videos = await api('GET', '/profile/posts?content_type=video', { token: me.token });
    expect(videos).toMatchObject({ status: 200, body: [] });
  });

  it("is always the caller's own posts", async () => {
    const other = await socialMember('own');
    expect((await api('GET', '/profile/posts', { token: other.token })).body).toEqual([]);
    expect((await api('GET', `/profile/posts?user_id=${me.id}`, { token: other.token })).body).toEqual([]);
  });

  it('answers 422 for an unknown content_type', async () => {
    expect(await api('GET', '/profile/posts?content_type=audio', { token: me.token })).toMatchObject({
      status: 422,
      body: { detail: 'content_type must be one of all, image, video' },
    });
  });
});

describe('mutes', () => {
  const mute = (who: Member, target: Member | string, method: 'POST' | 'DELETE' = 'POST') =>
    api(method, `/users/${typeof target === 'string' ? target : target.id}/mute`, { token: who.token });
  const feedIds = async (who: Member) =>
    ids((await api('GET', '/posts/feed/following', { token: who.token })).body);

  it("takes a member's posts and stories out of my feeds and explore, not their profile; they are not told", async () => {
    const [me, noisy, friend] = await socialMembers(3, 'mute');
    const word = uniqueWord('mute');
    expect((await follow(me, noisy)).status).toBe(200);
    expect((await follow(friend, noisy)).status).toBe(200);
    const post = await createPost(noisy, { content: `Loud about ${word}` });
    const story = await createPost(noisy, { content: `A loud story about ${word}`, is_story: true });
    expect(await feedIds(me)).toContain(post.id);

    expect(await mute(me, noisy)).toMatchObject({ status: 200, body: { muted: true } });
    expect(await feedIds(me)).not.toContain(post.id);
    expect(ids((await api('GET', '/stories', { token: me.token })).body)).not.toContain(story.id);
    const found = await api('GET', `/search?query=${word}`, { token: me.token });
    expect(ids(found.body.posts)).not.toContain(post.id);
    expect(ids(found.body.stories)).not.toContain(story.id);
    // Still found by name, still on their profile, still followed; the profile says muted.
    const byName = await api('GET', `/search?query=${noisy.username}&content_type=users`, {
      token: me.token,
    });
    expect(ids(byName.body.users)).toContain(noisy.id);
    expect(ids((await api('GET', `/users/${noisy.id}/posts`, { token: me.token })).body)).toContain(post.id);
    expect((await profile(me, noisy)).body).toMatchObject({ is_following: true, is_muted: true });
    // Nobody else's view changes; the muted member sees nothing of it.
    expect(await feedIds(friend)).toContain(post.id);
    expect((await profile(noisy, me)).body).toMatchObject({ is_muted: false });

    const listed = await api('GET', '/mutes', { token: me.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        user: expect.objectContaining({ id: noisy.id, username: noisy.username }),
        muted_at: expect.any(String),
      },
    ]);

    expect(await mute(me, noisy, 'DELETE')).toMatchObject({ status: 200, body: { muted: false } });
    expect(await feedIds(me)).toContain(post.id);
    expect((await api('GET', '/mutes', { token: me.token })).body).toEqual([]);
  });

  it('refuses muting oneself or a missing member, and anonymous callers', async () => {
    const [me, other] = await socialMembers(2, 'mute');
    expect(await mute(me, me)).toMatchObject({ status: 400, body: { detail: 'You cannot mute yourself' } });
    expect(await mute(me, missingMemberId())).toMatchObject({
      status: 404,
      body: { detail: 'User not found' },
    });
    expect((await mute(me, 'not-an-id')).status).toBe(404);
    expect((await api('POST', `/users/${other.id}/mute`)).status).toBe(401);
    expect((await api('DELETE', `/users/${other.id}/mute`)).status).toBe(401);
    expect((await api('GET', '/mutes')).status).toBe(401);
    expect((await api('GET', '/mutes?limit=0', { token: me.token })).status).toBe(422);
    expect((await api('GET', '/mutes?cursor=!!', { token: me.token })).status).toBe(422);
  });
});

describe('muted words and tags', () => {
  it('hide matching posts from my feeds and explore until unmuted; my own posts stay', async () => {
    const [me, friend] = await socialMembers(2, 'mword');
    const word = uniqueWord('spoil');
    expect((await follow(me, friend)).status).toBe(200);
    const theirs = await createPost(friend, { content: `The twist: ${word.toUpperCase()}!` });
    const mine = await createPost(me, { content: `My own ${word}` });
    const following = async () => ids((await api('GET', '/posts/feed/following', { token: me.token })).body);

    const muted = await api('POST', '/muted-words', {
      token: me.token,
      body: { phrase: ` ${word} `, expires_in_hours: 168 },
    });
    expect(muted).toMatchObject({
      status: 201,
      body: { id: expect.any(String), phrase: word, expires_at: expect.any(String) },
    });
    expect(await following()).not.toContain(theirs.id);
    expect(await following()).toContain(mine.id);
    expect(ids((await api('GET', `/search?query=${word}`, { token: me.token })).body.posts)).toEqual([
      mine.id,
    ]);
    expect(ids((await api('GET', `/search?query=${word}`, { token: friend.token })).body.posts)).toEqual(
      expect.arrayContaining([theirs.id, mine.id]),
    );
    expect((await api('GET', '/muted-words', { token: me.token })).body).toEqual([muted.body]);

    expect((await api('DELETE', `/muted-words/${muted.body.id}`, { token: me.token })).status).toBe(204);
    expect(await following()).toContain(theirs.id);
    expect(await api('DELETE', `/muted-words/${muted.body.id}`, { token: me.token })).toMatchObject({
      status: 404,
      body: { detail: 'Muted word not found' },
    });
  });

  it('refuses what the rules refuse, and anonymous callers', async () => {
    const [me] = await socialMembers(1, 'mword');
    const mute = (body: unknown) => api('POST', '/muted-words', { token: me.token, body });
    expect(await mute({ phrase: '   ' })).toMatchObject({
      status: 400,
      body: { detail: 'A muted word must be 1 to 50 characters' },
    });
    expect((await mute({ phrase: 'x'.repeat(51) })).status).toBe(400);
    expect((await mute({ phrase: 'ok', expires_in_hours: 9000 })).status).toBe(422);
    expect((await mute({ phrase: 'ok', expires_in_hours: 1.5 })).status).toBe(422);
    expect((await mute({})).status).toBe(422);
    expect((await api('DELETE', '/muted-words/not-an-id', { token: me.token })).status).toBe(404);
    expect((await api('GET', '/muted-words')).status).toBe(401);
    expect((await api('POST', '/muted-words', { body: { phrase: 'x' } })).status).toBe(401);
  });
});
