// Saved and hidden posts through gRPC against MongoDB and Redis: saving is idempotent and the member's
// own; the Saved list is the most recently saved first, page by page, without removed posts and posts
// of members blocked either way; is_saved in feeds and GetPost; the limit of 1000; a hidden post leaves
// the member's feeds and stories (only theirs) and comes back on unhide; both survive a cold Redis.
import { status } from '@grpc/grpc-js';
import { HiddenPostsRepository } from '../hidden-posts/hidden-posts.repository';
import { ModerationConsumer } from '../moderation/moderation.consumer';
import { PostsRepository } from '../posts/posts.repository';
import { Harness, refused, startHarness } from '../test-support/harness';
import { MAX_SAVED_POSTS, SavedPostMessages } from './saved-post-rules';
import { savedPostId } from './saved-post.schema';
import { SavedPostsRepository } from './saved-posts.repository';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('saved');
});

afterAll(async () => {
  await h?.close();
});

const idsOf = (page: { posts: { id: string }[] }) => page.posts.map((post) => post.id);
const missing = '00000000-0000-4000-8000-000000000000';

/** Every page of the member's Saved list. */
async function savedIds(member: string, limit = 50): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor = '';
  let pages = 0;
  do {
    const page = await h.api.listSavedPosts(member, { cursor, limit });
    ids.push(...idsOf(page));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 20);
  return { ids, pages };
}

/** Drops the member's Redis copies, as after a restart of Redis: MongoDB is the truth. */
async function coldCache(member: string) {
  await h.cache.invalidate(h.keys.hiddenPosts(member));
}

describe('saving a post', () => {
  it('is idempotent both ways, the saver’s own, and shows as is_saved wherever the saver reads it', async () => {
    const [me, author, other] = [await h.member(), await h.member(), await h.member()];
    await h.api.follow(me, { userId: author });
    const post = (await h.api.createPost(author, { content: 'worth keeping' })).id;

    expect(await h.api.savePost(me, { postId: post })).toEqual({ postId: post, saved: true });
    expect(await h.api.savePost(me, { postId: post })).toEqual({ postId: post, saved: true });
    expect((await savedIds(me)).ids).toEqual([post]);

    expect(await h.api.getPost(me, { postId: post })).toMatchObject({ isSaved: true });
    expect((await h.api.getPost(other, { postId: post })).isSaved).toBe(false);
    expect((await h.api.getPost(undefined, { postId: post })).isSaved).toBe(false);
    const following = await h.api.getFeed(me, { feed: 'following' });
    expect(following.posts.find((p) => p.id === post)).toMatchObject({ isSaved: true });
    const aura = await h.api.getFeed(me, { feed: 'aura' });
    expect(aura.posts.find((p) => p.id === post)).toMatchObject({ isSaved: true });
    const profile = await h.api.listMemberContent(me, { userId: author });
    expect(profile.posts.find((p) => p.id === post)).toMatchObject({ isSaved: true });
    expect((await h.api.listSavedPosts(me, {})).posts[0]).toMatchObject({ id: post, isSaved: true });
    // Only the saver's list holds it.
    expect((await savedIds(other)).ids).toEqual([]);

    expect(await h.api.unsavePost(me, { postId: post })).toEqual({ postId: post, saved: false });
    expect(await h.api.unsavePost(me, { postId: post })).toEqual({ postId: post, saved: false });
    expect((await savedIds(me)).ids).toEqual([]);
    expect((await h.api.getPost(me, { postId: post })).isSaved).toBe(false);
  });

  it('refuses unknown, removed and story ids (404), a missing caller (401) and a bad cursor (422)', async () => {
    const [me, author] = [await h.member(), await h.member()];
    const story = (await h.api.createPost(author, { content: 'five hours', isStory: true })).id;
    const removed = (await h.api.createPost(author, { content: 'soon gone' })).id;
    await h.app.get(PostsRepository).markDeleted(removed);
    for (const postId of [missing, 'not-a-uuid', story, removed]) {
      const error = await refused(h.api.savePost(me, { postId }));
      expect({ code: error.code, details: error.details }).toEqual({
        code: status.NOT_FOUND,
        details: 'Post not found',
      });
    }
    expect((await refused(h.api.unsavePost(me, { postId: missing }))).code).toBe(status.NOT_FOUND);
    const post = (await h.api.createPost(author, { content: 'fine' })).id;
    expect((await refused(h.api.savePost(undefined, { postId: post }))).code).toBe(status.UNAUTHENTICATED);
    expect((await refused(h.api.listSavedPosts(undefined, {}))).code).toBe(status.UNAUTHENTICATED);
    expect((await refused(h.api.listSavedPosts(me, { cursor: '!!' }))).code).toBe(status.INVALID_ARGUMENT);
  });

  it('stops at 1000 saved posts with a clear message; a save already made still answers saved', async () => {
    const [me, author] = [await h.member(), await h.member()];
    const kept = (await h.api.createPost(author, { content: 'the last one' })).id;
    await h.api.savePost(me, { postId: kept });
    // Fixtures up to the limit (their posts need not exist: they count all the same).
    const at = h.clock.now();
    await h.app.get(SavedPostsRepository).model.insertMany(
      Array.from({ length: MAX_SAVED_POSTS - 1 }, (_, n) => {
        const postId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
        return { _id: savedPostId(me, postId), memberId: me, postId, savedAt: at };
      }),
    );
    const post = (await h.api.createPost(author, { content: 'one too many' })).id;
    const error = await refused(h.api.savePost(me, { postId: post }));
    expect({ code: error.code, details: error.details }).toEqual({
      code: status.ALREADY_EXISTS,
      details: SavedPostMessages.tooMany,
    });
    expect(await h.api.savePost(me, { postId: kept })).toEqual({ postId: kept, saved: true });
    await h.api.unsavePost(me, { postId: kept });
    expect(await h.api.savePost(me, { postId: post })).toEqual({ postId: post, saved: true });
  });
});

describe('the Saved list', () => {
  it('is the most recently saved first, page by page, never repeating or skipping', async () => {
    const [me, author] = [await h.member(), await h.member()];
    const posts: string[] = [];
    for (let i = 0; i < 7; i++) posts.push((await h.api.createPost(author, { content: `post ${i}` })).id);
    // Saved in another order than written; two in the same millisecond.
    for (const index of [3, 0, 6, 1, 5]) {
      h.clock.advance(1000);
      await h.api.savePost(me, { postId: posts[index] });
    }
    h.clock.advance(1000);
    await h.api.savePost(me, { postId: posts[2] });
    await h.api.savePost(me, { postId: posts[4] });
    const all = await savedIds(me, 2);
    expect(all.pages).toBe(4);
    expect(all.ids.slice(0, 5)).toEqual([
      ...[posts[2], posts[4]].sort().reverse(),
      posts[5],
      posts[1],
      posts[6],
    ]);
    expect(all.ids.slice(5)).toEqual([posts[0], posts[3]]);
    expect((await h.api.listSavedPosts(me, { limit: 7 })).nextCursor).toBe('');
  });

  it('leaves out posts removed since and posts of members blocked either way', async () => {
    const [me, kind, rude, blocker] = [
      await h.member(),
      await h.member(),
      await h.member(),
      await h.member(),
    ];
    const keep = (await h.api.createPost(kind, { content: 'keep' })).id;
    const removed = (await h.api.createPost(kind, { content: 'removed' })).id;
    const byRude = (await h.api.createPost(rude, { content: 'rude' })).id;
    const byBlocker = (await h.api.createPost(blocker, { content: 'blocker' })).id;
    for (const postId of [keep, removed, byRude, byBlocker]) {
      h.clock.advance(1000);
      await h.api.savePost(me, { postId });
    }
    expect((await savedIds(me)).ids).toEqual([byBlocker, byRude, removed, keep]);

    await h.app.get(PostsRepository).markDeleted(removed);
    await h.deliver('user.blocked', { blockerId: me, blockedId: rude, changedAt: new Date().toISOString() });
    await h.deliver('user.blocked', {
      blockerId: blocker,
      blockedId: me,
      changedAt: new Date().toISOString(),
    });
    expect((await savedIds(me)).ids).toEqual([keep]);
    // Page by page too: the left-out saves never make a short or empty page with more to come.
    expect((await savedIds(me, 1)).ids).toEqual([keep]);
    // A removed post can still be unsaved; moderation's removal drops every save of it.
    expect(await h.api.unsavePost(me, { postId: removed })).toEqual({ postId: removed, saved: false });
    const other = await h.member();
    await h.api.savePost(other, { postId: keep });
    await h.app.get(ModerationConsumer).handle({
      id: 'moderation-1',
      type: 'moderation.action_taken',
      version: 1,
      key: keep,
      occurredAt: new Date().toISOString(),
      producer: 'admin',
      payload: { action: 'remove', targetType: 'post', targetId: keep },
    } as never);
    expect(await h.app.get(SavedPostsRepository).model.countDocuments({ postId: keep })).toBe(0);
    expect((await savedIds(other)).ids).toEqual([]);
  });
});

describe('hiding a post', () => {
  it("takes it out of the member's feeds and stories at once, only theirs, and unhide brings it back", async () => {
    const [me, author, friend] = [await h.member(), await h.member('HiddenAuthor', 900), await h.member()];
    await h.api.follow(me, { userId: author });
    await h.api.follow(friend, { userId: author });
    h.clock.advance(1);
    const dull = (await h.api.createPost(author, { content: 'not for me' })).id;
    h.clock.advance(1);
    const fine = (await h.api.createPost(author, { content: 'this one is fine' })).id;
    const story = (await h.api.createPost(author, { content: 'a story', isStory: true })).id;
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([fine, dull]);

    expect(await h.api.hidePost(me, { postId: dull })).toEqual({ postId: dull, hidden: true });
    expect(await h.api.hidePost(me, { postId: dull })).toEqual({ postId: dull, hidden: true });
    expect(await h.api.hidePost(me, { postId: story })).toEqual({ postId: story, hidden: true });
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([fine]);
    for (const feed of ['aura', 'high-aura']) {
      const ids = idsOf(await h.api.getFeed(me, { feed, limit: 50 }));
      expect(ids).toContain(fine);
      expect(ids).not.toContain(dull);
    }
    expect(idsOf(await h.api.listStories(me, {}))).not.toContain(story);
    // The post itself, its author's profile and the others' feeds still show it.
    expect((await h.api.getPost(me, { postId: dull })).id).toBe(dull);
    expect(idsOf(await h.api.listMemberContent(me, { userId: author }))).toContain(dull);
    expect(idsOf(await h.api.getFeed(friend, { feed: 'following' }))).toEqual([fine, dull]);

    // MongoDB is the truth: a cold Redis copy is rebuilt with the hidden post in it.
    await coldCache(me);
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([fine]);
    expect(await h.app.get(HiddenPostsRepository).hiddenBy(me)).toEqual(new Set([dull, story]));

    expect(await h.api.unhidePost(me, { postId: dull })).toEqual({ postId: dull, hidden: false });
    expect(await h.api.unhidePost(me, { postId: dull })).toEqual({ postId: dull, hidden: false });
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([fine, dull]);
    expect(idsOf(await h.api.getFeed(me, { feed: 'aura', limit: 50 }))).toContain(dull);
  });

  it("hides one's own post from one's own feeds only; 404 for unknown posts; 401 without a caller", async () => {
    const [me, fan] = [await h.member(), await h.member()];
    await h.api.follow(fan, { userId: me });
    const mine = (await h.api.createPost(me, { content: 'my own words' })).id;
    await h.api.hidePost(me, { postId: mine });
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).not.toContain(mine);
    expect(idsOf(await h.api.getFeed(fan, { feed: 'following' }))).toContain(mine);
    expect(idsOf(await h.api.listMemberContent(me, { userId: me }))).toContain(mine);

    for (const call of [h.api.hidePost, h.api.unhidePost]) {
      const error = await refused(call(me, { postId: missing }));
      expect({ code: error.code, details: error.details }).toEqual({
        code: status.NOT_FOUND,
        details: 'Post not found',
      });
      expect((await refused(call(undefined, { postId: mine }))).code).toBe(status.UNAUTHENTICATED);
    }
  });
});
