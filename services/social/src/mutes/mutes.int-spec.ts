// Mutes through gRPC against MongoDB and Redis: a muted member's posts and stories leave the muter's
// feeds and stories at once and come back on unmute; their profile still shows them; the muted member
// sees nothing change; the rules and the list.
import { status } from '@grpc/grpc-js';
import { Harness, refused, startHarness } from '../test-support/harness';
import { MuteMessages } from './mutes.service';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('mutes');
});

afterAll(async () => {
  await h?.close();
});

const idsOf = (page: { posts: { id: string }[] }) => page.posts.map((post) => post.id);

describe('muting a member', () => {
  it("takes their posts and stories out of the muter's feeds and stories, and only the muter's", async () => {
    const [me, noisy, friend] = [await h.member(), await h.member('Noisy', 900), await h.member()];
    await h.api.follow(me, { userId: noisy });
    await h.api.follow(me, { userId: friend });
    await h.api.follow(friend, { userId: noisy });
    h.clock.advance(1);
    const loud = (await h.api.createPost(noisy, { content: 'so many posts' })).id;
    h.clock.advance(1);
    const calm = (await h.api.createPost(friend, { content: 'a quiet thought' })).id;
    const story = (await h.api.createPost(noisy, { content: 'a loud story', isStory: true })).id;
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([calm, loud]);

    expect(await h.api.muteMember(me, { userId: noisy })).toEqual({ userId: noisy, muted: true });
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([calm]);
    for (const feed of ['aura', 'high-aura'])
      expect(idsOf(await h.api.getFeed(me, { feed }))).not.toContain(loud);
    expect(idsOf(await h.api.listStories(me, {}))).not.toContain(story);
    // Their profile still shows them; following goes on; the follow state says muted.
    expect(idsOf(await h.api.listMemberContent(me, { userId: noisy }))).toEqual([loud]);
    expect(await h.api.getFollowState(me, { userId: noisy })).toMatchObject({
      isFollowing: true,
      isMuted: true,
    });
    // Nobody else's view changes, and the muted member is not told.
    expect(idsOf(await h.api.getFeed(friend, { feed: 'following' }))).toEqual([calm, loud]);
    expect(await h.api.getFollowState(noisy, { userId: me })).toMatchObject({ isMuted: false });

    expect(await h.api.unmuteMember(me, { userId: noisy })).toEqual({ userId: noisy, muted: false });
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([calm, loud]);
    expect(idsOf(await h.api.listStories(me, {}))).toContain(story);
  });

  it("shows in the follow state at once, the muter's set held in Redis or not", async () => {
    const [me, other] = [await h.member(), await h.member()];
    // The first read loads the muter's set into Redis; each change must show in the next read.
    expect(await h.api.getFollowState(me, { userId: other })).toMatchObject({ isMuted: false });
    await h.api.muteMember(me, { userId: other });
    expect(await h.api.getFollowState(me, { userId: other })).toMatchObject({ isMuted: true });
    expect(await h.api.getFollowState(me, { userId: other })).toMatchObject({ isMuted: true });
    await h.api.unmuteMember(me, { userId: other });
    expect(await h.api.getFollowState(me, { userId: other })).toMatchObject({ isMuted: false });
    await h.api.muteMember(me, { userId: other });
    expect(await h.api.getFollowState(me, { userId: other })).toMatchObject({ isMuted: true });
    expect(await h.api.getFollowState(other, { userId: me })).toMatchObject({ isMuted: false });
  });

  it('is idempotent both ways, refuses oneself and unknown members, and needs a caller', async () => {
    const [me, other] = [await h.member(), await h.member()];
    await h.api.muteMember(me, { userId: other });
    expect(await h.api.muteMember(me, { userId: other })).toEqual({ userId: other, muted: true });
    expect((await h.api.listMutes(me, {})).mutes).toHaveLength(1);
    await h.api.unmuteMember(me, { userId: other });
    expect(await h.api.unmuteMember(me, { userId: other })).toEqual({ userId: other, muted: false });

    const self = await refused(h.api.muteMember(me, { userId: me }));
    expect({ code: self.code, details: self.details }).toEqual({
      code: status.FAILED_PRECONDITION,
      details: MuteMessages.self,
    });
    expect((await refused(h.api.muteMember(me, { userId: 'a'.repeat(24) }))).code).toBe(status.NOT_FOUND);
    expect((await refused(h.api.muteMember(undefined, { userId: other }))).code).toBe(status.UNAUTHENTICATED);
  });

  it('lists the muted members, the most recent first, page by page', async () => {
    const me = await h.member();
    const muted: string[] = [];
    for (let i = 0; i < 5; i++) {
      const other = await h.member(`Muted ${i}`);
      h.clock.advance(1000);
      await h.api.muteMember(me, { userId: other });
      muted.push(other);
    }
    const first = await h.api.listMutes(me, { limit: 3 });
    const second = await h.api.listMutes(me, { limit: 3, cursor: first.nextCursor });
    expect([...first.mutes, ...second.mutes].map((entry) => entry.member?.id)).toEqual([...muted].reverse());
    expect(first.mutes[0].member).toMatchObject({ displayName: 'Muted 4 display' });
    expect(second.nextCursor).toBe('');
    expect((await refused(h.api.listMutes(me, { cursor: '!!' }))).code).toBe(status.INVALID_ARGUMENT);
  });
});

describe('muting a word or a tag', () => {
  it("hides posts and stories holding it from the muter's feeds and stories until it ends", async () => {
    const [me, friend] = [await h.member(), await h.member()];
    await h.api.follow(me, { userId: friend });
    h.clock.advance(1);
    const spoiler = (await h.api.createPost(friend, { content: 'The ENDING of the finale!' })).id;
    h.clock.advance(1);
    const tagged = (await h.api.createPost(friend, { content: 'Big news #Finale' })).id;
    h.clock.advance(1);
    const calm = (await h.api.createPost(friend, { content: 'Endings are beginnings' })).id;
    const story = (await h.api.createPost(friend, { content: 'no ending here', isStory: true })).id;
    h.clock.advance(1);
    const mine = (await h.api.createPost(me, { content: 'my own ending' })).id;

    const word = await h.api.muteWord(me, { phrase: '  Ending ', expiresInHours: 24 });
    expect(word).toMatchObject({ phrase: 'ending', expiresAt: expect.any(String) });
    h.clock.advance(1);
    await h.api.muteWord(me, { phrase: '#finale' });
    // Whole words only ("Endings" stays); never one's own posts.
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([mine, calm]);
    expect(idsOf(await h.api.listStories(me, {}))).not.toContain(story);
    expect(idsOf(await h.api.getFeed(friend, { feed: 'following' }))).toEqual(
      expect.arrayContaining([spoiler, tagged, calm]),
    );
    expect((await h.api.listMutedWords(me, {})).words.map((entry) => entry.phrase)).toEqual([
      '#finale',
      'ending',
    ]);

    // A day later the word's mute has ended; the tag's has not.
    h.clock.advance(24 * 3600_000 + 1);
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([mine, calm, spoiler]);
    expect((await h.api.listMutedWords(me, {})).words.map((entry) => entry.phrase)).toEqual(['#finale']);

    const [tag] = (await h.api.listMutedWords(me, {})).words;
    await h.api.unmuteWord(me, { id: tag.id });
    expect(idsOf(await h.api.getFeed(me, { feed: 'following' }))).toEqual([mine, calm, tagged, spoiler]);
    expect((await refused(h.api.unmuteWord(me, { id: tag.id }))).code).toBe(status.NOT_FOUND);
  });

  it('refuses an empty or long phrase, a bad expiry, and another member’s word', async () => {
    const [me, other] = [await h.member(), await h.member()];
    for (const phrase of ['', '   ', 'x'.repeat(51)])
      expect((await refused(h.api.muteWord(me, { phrase }))).code).toBe(status.FAILED_PRECONDITION);
    expect((await refused(h.api.muteWord(me, { phrase: 'ok', expiresInHours: 9000 }))).code).toBe(
      status.INVALID_ARGUMENT,
    );
    const word = await h.api.muteWord(me, { phrase: 'mine' });
    expect((await refused(h.api.unmuteWord(other, { id: word.id }))).code).toBe(status.NOT_FOUND);
    // Muting it again keeps one entry, with the new expiry.
    await h.api.muteWord(me, { phrase: 'MINE', expiresInHours: 1 });
    expect((await h.api.listMutedWords(me, {})).words).toEqual([
      expect.objectContaining({ id: word.id, phrase: 'mine', expiresAt: expect.any(String) }),
    ]);
  });
});
