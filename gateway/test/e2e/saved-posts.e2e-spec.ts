// Saved and hidden posts through HTTP (issue 23): PUT/DELETE /posts/{id}/save and /hide, GET /saved-posts.
// Saving is idempotent and the saver's own, is_saved shows in the saver's feeds, the Saved list is the
// most recently saved first and cursor-paged, removed posts and blocked authors leave it, the limit of
// 1000; a hidden post leaves the member's feed and unhide restores it; 401, 404 and 422 answers.
import { waitFor } from '@aura/platform/testing';
import { MongoClient } from 'mongodb';
import { api } from './support/api';
import {
  allPages,
  CATCH_UP_TIMEOUT_MS,
  createPost,
  ids,
  Member,
  missingUuid,
  socialCaughtUp,
  socialMembers,
} from './support/social';

let mongo: MongoClient;
const socialDb = () => mongo.db(`aura_social_${process.env.AURA_DB_SUFFIX || 'test'}`);

beforeAll(async () => {
  mongo = await MongoClient.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
  await socialCaughtUp();
}, CATCH_UP_TIMEOUT_MS);

afterAll(async () => {
  await mongo?.close();
});

const save = (who: Member, postId: string) => api('PUT', `/posts/${postId}/save`, { token: who.token });
const unsave = (who: Member, postId: string) => api('DELETE', `/posts/${postId}/save`, { token: who.token });
const hide = (who: Member, postId: string) => api('PUT', `/posts/${postId}/hide`, { token: who.token });
const unhide = (who: Member, postId: string) => api('DELETE', `/posts/${postId}/hide`, { token: who.token });
const savedList = async (who: Member) =>
  ids((await allPages('/saved-posts', who.token, { limit: 50 })).items);
const followingFeed = async (who: Member) =>
  (await api('GET', '/posts/feed/following?limit=50', { token: who.token })).body as {
    id: string;
    is_saved: boolean;
  }[];

describe('saving a post', () => {
  let reader: Member;
  let author: Member;
  let other: Member;

  beforeAll(async () => {
    [reader, author, other] = await socialMembers(3, 'sav');
    expect((await api('POST', `/users/${author.id}/follow`, { token: reader.token })).status).toBe(200);
  });

  it('PUT saves (again: 200, same state), DELETE unsaves (again: 200); is_saved follows, for the saver only', async () => {
    const post = await createPost(author, { content: 'A thought worth keeping' });
    expect(post.is_saved).toBe(false);
    expect(await save(reader, post.id)).toMatchObject({ status: 200, body: { saved: true } });
    expect(await save(reader, post.id)).toMatchObject({ status: 200, body: { saved: true } });
    expect(await savedList(reader)).toEqual([post.id]);

    expect((await followingFeed(reader)).find((p) => p.id === post.id)).toMatchObject({ is_saved: true });
    const postOnProfile = async (viewer: Member) =>
      (await api('GET', `/users/${author.id}/posts`, { token: viewer.token })).body.find(
        (p: { id: string }) => p.id === post.id,
      );
    expect(await postOnProfile(reader)).toMatchObject({ is_saved: true });
    const [saved] = (await api('GET', '/saved-posts', { token: reader.token })).body;
    expect(saved).toMatchObject({ id: post.id, is_saved: true, content: 'A thought worth keeping' });
    // Nobody else sees the save: their copy says false, their Saved list is empty.
    expect(await postOnProfile(other)).toMatchObject({ is_saved: false });
    expect(await savedList(other)).toEqual([]);

    expect(await unsave(reader, post.id)).toMatchObject({ status: 200, body: { saved: false } });
    expect(await unsave(reader, post.id)).toMatchObject({ status: 200, body: { saved: false } });
    expect(await savedList(reader)).toEqual([]);
    expect((await followingFeed(reader)).find((p) => p.id === post.id)).toMatchObject({ is_saved: false });
  });

  it('lists the saved posts the most recently saved first, page by page (X-Next-Cursor)', async () => {
    const [member] = await socialMembers(1, 'savl');
    const posts: string[] = [];
    for (let i = 0; i < 5; i++) posts.push((await createPost(author, { content: `Saved in turn ${i}` })).id);
    for (const index of [2, 0, 4, 1, 3]) {
      expect((await save(member, posts[index])).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { items, pages } = await allPages('/saved-posts', member.token, { limit: 2 });
    expect(ids(items)).toEqual([posts[3], posts[1], posts[4], posts[0], posts[2]]);
    expect(pages.map((page) => page.body.length)).toEqual([2, 2, 1]);
    expect(pages[2].headers.get('x-next-cursor')).toBeNull();
    expect(items[0]).toMatchObject({ is_saved: true, user: { id: author.id } });
  });

  it('a post removed since leaves the list (and can still be unsaved); so does a blocked author’s', async () => {
    const [member, blocked] = await socialMembers(2, 'savb');
    const kept = await createPost(author, { content: 'Still here' });
    const removed = await createPost(author, { content: 'About to be removed' });
    const byBlocked = await createPost(blocked, { content: 'Soon blocked' });
    for (const post of [kept, removed, byBlocked]) expect((await save(member, post.id)).status).toBe(200);
    expect(new Set(await savedList(member))).toEqual(new Set([kept.id, removed.id, byBlocked.id]));

    // Removed as moderation removes it: the post is marked deleted.
    await socialDb()
      .collection<{ _id: string }>('posts')
      .updateOne({ _id: removed.id }, { $set: { deleted: true } });
    expect(new Set(await savedList(member))).toEqual(new Set([byBlocked.id, kept.id]));
    expect(await save(member, removed.id)).toMatchObject({ status: 404, body: { detail: 'Post not found' } });
    expect(await unsave(member, removed.id)).toMatchObject({ status: 200, body: { saved: false } });

    expect((await api('POST', `/users/${blocked.id}/block`, { token: member.token, body: {} })).status).toBe(
      200,
    );
    await waitFor(async () => (await savedList(member)).join() === kept.id, {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: 'the blocked author’s post to leave the Saved list',
    });
  });

  it('stops at 1000 saved posts with a clear message (409); saving a saved post still answers 200', async () => {
    const [member] = await socialMembers(1, 'savm');
    const first = await createPost(author, { content: 'The first save' });
    expect((await save(member, first.id)).status).toBe(200);
    // 999 more saves, written as the service writes them (their posts need not exist to count).
    const at = new Date();
    await socialDb()
      .collection<{ _id: string }>('saved_posts')
      .insertMany(
        Array.from({ length: 999 }, (_, n) => {
          const postId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
          return { _id: `${member.id}:${postId}`, memberId: member.id, postId, savedAt: at };
        }),
      );
    const more = await createPost(author, { content: 'One too many' });
    expect(await save(member, more.id)).toMatchObject({
      status: 409,
      body: { detail: 'You can save at most 1000 posts' },
    });
    expect(await save(member, first.id)).toMatchObject({ status: 200, body: { saved: true } });
    expect((await unsave(member, first.id)).status).toBe(200);
    expect(await save(member, more.id)).toMatchObject({ status: 200, body: { saved: true } });
  });
});

describe('hiding a post', () => {
  it("PUT takes it out of the member's following feed (only theirs), DELETE brings it back; both idempotent", async () => {
    const [reader, author, friend] = await socialMembers(3, 'hid');
    for (const who of [reader, friend])
      expect((await api('POST', `/users/${author.id}/follow`, { token: who.token })).status).toBe(200);
    const dull = await createPost(author, { content: 'Not for me' });
    const fine = await createPost(author, { content: 'This one is fine' });
    const mine = await createPost(reader, { content: 'My own post' });
    expect(ids(await followingFeed(reader))).toEqual([mine.id, fine.id, dull.id]);

    expect(await hide(reader, dull.id)).toMatchObject({ status: 200, body: { hidden: true } });
    expect(await hide(reader, dull.id)).toMatchObject({ status: 200, body: { hidden: true } });
    // One's own post may be hidden too: from one's own feeds only.
    expect(await hide(reader, mine.id)).toMatchObject({ status: 200, body: { hidden: true } });
    expect(ids(await followingFeed(reader))).toEqual([fine.id]);
    expect(ids(await followingFeed(friend))).toEqual([fine.id, dull.id]);
    const profile = await api('GET', `/users/${author.id}/posts`, { token: reader.token });
    expect(ids(profile.body)).toContain(dull.id);

    expect(await unhide(reader, dull.id)).toMatchObject({ status: 200, body: { hidden: false } });
    expect(await unhide(reader, dull.id)).toMatchObject({ status: 200, body: { hidden: false } });
    expect(ids(await followingFeed(reader))).toEqual([fine.id, dull.id]);
  });
});

describe('who may call, and bad input', () => {
  let member: Member;
  let postId: string;

  beforeAll(async () => {
    [member] = await socialMembers(1, 'savx');
    postId = (await createPost(member)).id;
  });

  const routes = (id: string): [string, string][] => [
    ['PUT', `/posts/${id}/save`],
    ['DELETE', `/posts/${id}/save`],
    ['PUT', `/posts/${id}/hide`],
    ['DELETE', `/posts/${id}/hide`],
  ];

  it('401 without a valid token, on every route', async () => {
    for (const [method, path] of [...routes(postId), ['GET', '/saved-posts'] as [string, string]]) {
      expect({ path, status: (await api(method, path)).status }).toEqual({ path, status: 401 });
      expect({ path, status: (await api(method, path, { token: 'not-a-token' })).status }).toEqual({
        path,
        status: 401,
      });
    }
  });

  it('404 "Post not found" for an unknown post and for an id that is not a post id', async () => {
    for (const id of [missingUuid(), 'not-a-post', '12345'])
      for (const [method, path] of routes(id))
        expect({ path, method, answer: await api(method, path, { token: member.token }) }).toMatchObject({
          path,
          method,
          answer: { status: 404, body: { detail: 'Post not found' } },
        });
  });

  it('422 for a bad limit or cursor of the Saved list', async () => {
    for (const query of ['limit=0', 'limit=51', 'limit=abc', 'cursor=!!', `cursor=${'x'.repeat(1001)}`]) {
      const answer = await api('GET', `/saved-posts?${query}`, { token: member.token });
      expect({ query, status: answer.status, detail: typeof answer.body?.detail }).toEqual({
        query,
        status: 422,
        detail: 'string',
      });
    }
  });
});
