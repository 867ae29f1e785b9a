// Posts, stories, likes and comments through gRPC against MongoDB, Redis and Kafka.
import { recordTopics, waitFor } from '@aura/platform/testing';
import { postLikeId } from '../likes/like.schema';
import { social, socialEvents } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { HOUR_MS } from '../common/clock';
import { CommentMessages } from '../comments/comments.service';
import { contentPrefixesOf } from '../common/search-words';
import { CommentsRepository } from '../comments/comments.repository';
import { LikesRepository } from '../likes/likes.repository';
import { CounterRepair, SETTLE_MS } from '../sweep/counter-repair';
import { SocialSweeper } from '../sweep/social-sweeper';
import { Harness, refused, startHarness } from '../test-support/harness';
import { PostMessages } from './post-rules';
import { PostsRepository } from './posts.repository';

let h: Harness;
let posts: PostsRepository;
let recorder: Awaited<ReturnType<typeof recordTopics>>;

beforeAll(async () => {
  h = await startHarness('posts');
  posts = h.app.get(PostsRepository);
  recorder = await recordTopics(h.config.KAFKA_BROKERS, ['aura.social.content', 'aura.social.graph']);
});

afterAll(async () => {
  await recorder?.stop();
  await h?.close();
});

const countPosts = (authorId: string) => posts.model.countDocuments({ authorId }).exec();

/** Decoded events of a type about one aggregate key, as published on Kafka. */
function published<T>(type: string, key: string, decode: (bytes: Uint8Array) => T): T[] {
  return recorder.records
    .filter((record) => record.headers['aura-event-type'] === type && record.key === key)
    .map((record) => decode(record.value));
}

describe('CreatePost and GetPost', () => {
  it('stores a post with lower-cased tags and resolved mentions, and announces it', async () => {
    const alice = await h.member();
    const bobName = `bob_${randomUUID().slice(0, 6)}`;
    const bob = await h.member(bobName, 420);
    const post = await h.api.createPost(alice, {
      content: `  Sunrise run #Morning #gratitude with @${bobName.toUpperCase()} and @nobody_here #morning  `,
      category: 'Lifestyle',
    });
    expect(post).toMatchObject({
      content: `Sunrise run #Morning #gratitude with @${bobName.toUpperCase()} and @nobody_here #morning`,
      contentType: 'text',
      category: 'lifestyle',
      isStory: false,
      likesCount: 0,
      commentsCount: 0,
      engagementScore: 0,
      isLiked: false,
      tags: ['morning', 'gratitude'],
      mentions: [bobName.toUpperCase(), 'nobody_here'],
      expiresAt: '',
      mediaUrl: '',
      mediaType: '',
      user: { id: alice, auraScore: 100, isSuperAura: false },
    });
    expect(post.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    expect(await h.api.getPost(bob, { postId: post.id })).toMatchObject({ id: post.id, tags: post.tags });
    // Written through the driver, stored as the schema describes it (every field, its type, defaults).
    const stored = await posts.model.collection.findOne({ _id: post.id } as never);
    expect(stored).toMatchObject({
      authorId: alice,
      contentLower: post.content.toLowerCase(),
      contentType: 'text',
      category: 'lifestyle',
      mediaUrl: '',
      mediaType: '',
      isStory: false,
      tags: ['morning', 'gratitude'],
      mentionIds: [bob],
      likesCount: 0,
      commentsCount: 0,
      tipsCount: 0,
      engagementScore: 0,
      expiresAt: null,
      deleted: false,
      editedAt: null,
    });
    expect(stored?.createdAt).toEqual(new Date(post.createdAt));
    expect(stored?.contentPrefixes).toEqual(contentPrefixesOf(post.content));

    const [event] = await waitFor(
      () => {
        const found = published('post.created', post.id, socialEvents.PostCreated.decode);
        return found.length > 0 && found;
      },
      { what: 'post.created' },
    );
    expect(event).toMatchObject({
      postId: post.id,
      authorId: alice,
      isStory: false,
      category: 'lifestyle',
      tags: ['morning', 'gratitude'],
      mentionedUserIds: [bob],
    });
  });

  it('stores a media post: multimedia by default, media type from the extension', async () => {
    const alice = await h.member();
    const post = await h.api.createPost(alice, {
      mediaUrl: '/api/media/posts/3b2f9e0c5a6d4e7f8a9b0c1d2e3f4a5b.mp4',
    });
    expect(post).toMatchObject({
      content: '',
      contentType: 'multimedia',
      mediaType: 'video',
      category: 'general',
    });
  });

  it('creates a story that expires after 5 hours and then is gone (404), before the TTL index deletes it', async () => {
    const alice = await h.member();
    const story = await h.api.createPost(alice, { content: 'Today I am grateful', isStory: true });
    expect(story.isStory).toBe(true);
    expect(new Date(story.expiresAt).getTime() - new Date(story.createdAt).getTime()).toBe(5 * HOUR_MS);
    await waitFor(() => published('story.created', story.id, socialEvents.PostCreated.decode).length > 0, {
      what: 'story.created',
    });
    expect((await h.api.getPost(alice, { postId: story.id })).id).toBe(story.id);

    h.clock.advance(5 * HOUR_MS - 1);
    expect((await h.api.getPost(undefined, { postId: story.id })).id).toBe(story.id);
    h.clock.advance(1);
    try {
      expect((await refused(h.api.getPost(alice, { postId: story.id }))).code).toBe(status.NOT_FOUND);
      expect((await refused(h.api.togglePostLike(alice, { postId: story.id }))).code).toBe(status.NOT_FOUND);
      expect((await refused(h.api.createComment(alice, { postId: story.id, content: 'hi' }))).code).toBe(
        status.NOT_FOUND,
      );
    } finally {
      h.clock.advance(-5 * HOUR_MS);
    }
  });

  it('lets the TTL index delete a story once its expiry has passed', async () => {
    const alice = await h.member();
    const story = await h.api.createPost(alice, { content: 'gone soon', isStory: true });
    const ttl = (await posts.model.collection.indexes()).find((index) => index.key.expiresAt === 1);
    expect(ttl).toMatchObject({ expireAfterSeconds: 0 });
    // The server's TTL monitor runs every 60 s by default; once a second here. The expiry moves into
    // the past in the database (the server's clock decides, not the test's).
    await h.runtime.mongo.db!.admin().command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
    await posts.model.updateOne({ _id: story.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await waitFor(async () => (await posts.model.exists({ _id: story.id })) === null, {
      timeoutMs: 15_000,
      what: 'the TTL monitor to delete the story',
    });
    const plain = await h.api.createPost(alice, { content: 'a post has no expiry' });
    expect(await posts.model.exists({ _id: plain.id })).not.toBeNull();
  });

  it('refuses bad input with the spec messages and stores nothing', async () => {
    const alice = await h.member();
    const cases: [Partial<social.CreatePostRequest>, status, string][] = [
      [{ content: '   ' }, status.FAILED_PRECONDITION, PostMessages.emptyPost],
      [{ content: '', isStory: true }, status.FAILED_PRECONDITION, PostMessages.emptyStory],
      [{ content: 'x', category: 'wellness' }, status.INVALID_ARGUMENT, PostMessages.category],
      [{ content: 'x', contentType: 'video' }, status.INVALID_ARGUMENT, PostMessages.contentType],
      [
        { content: 'x', mediaUrl: 'https://elsewhere.example/cat.jpg' },
        status.INVALID_ARGUMENT,
        PostMessages.mediaUrl,
      ],
      [{ content: 'x'.repeat(2001) }, status.FAILED_PRECONDITION, PostMessages.contentTooLong],
    ];
    for (const [request, code, message] of cases) {
      const error = await refused(h.api.createPost(alice, request));
      expect({ request, code: error.code, details: error.details }).toEqual({
        request,
        code,
        details: message,
      });
    }
    expect((await refused(h.api.createPost(undefined, { content: 'who am I' }))).code).toBe(
      status.UNAUTHENTICATED,
    );
    expect(await countPosts(alice)).toBe(0);
  });

  it('answers 404 for ids that are not UUIDs, unknown posts and deleted posts', async () => {
    const alice = await h.member();
    for (const postId of ['feed', '123', '', randomUUID()])
      expect((await refused(h.api.getPost(alice, { postId }))).code).toBe(status.NOT_FOUND);
    const post = await h.api.createPost(alice, { content: 'soon gone' });
    await posts.markDeleted(post.id);
    expect((await refused(h.api.getPost(alice, { postId: post.id }))).code).toBe(status.NOT_FOUND);
    expect((await refused(h.api.togglePostLike(alice, { postId: post.id }))).code).toBe(status.NOT_FOUND);
    expect((await refused(h.api.listComments(alice, { postId: post.id }))).code).toBe(status.NOT_FOUND);
  });

  it('hides a post from members blocked either way', async () => {
    const alice = await h.member();
    const bob = await h.member();
    const post = await h.api.createPost(alice, { content: 'private thoughts' });
    await h.deliver('user.blocked', {
      blockerId: bob,
      blockedId: alice,
      changedAt: h.clock.now().toISOString(),
    });
    expect((await refused(h.api.getPost(bob, { postId: post.id }))).code).toBe(status.NOT_FOUND);
    expect((await refused(h.api.togglePostLike(bob, { postId: post.id }))).code).toBe(status.NOT_FOUND);
    await h.deliver('user.unblocked', {
      blockerId: bob,
      blockedId: alice,
      changedAt: h.clock.now().toISOString(),
    });
    expect((await h.api.getPost(bob, { postId: post.id })).id).toBe(post.id);
  });
});

describe('post likes', () => {
  it('toggles, one per member, counts never below 0, with events naming the author', async () => {
    const author = await h.member();
    const fan = await h.member();
    const post = await h.api.createPost(author, { content: 'like me' });
    expect(await h.api.togglePostLike(fan, { postId: post.id })).toEqual({ liked: true, likesCount: 1 });
    expect(await h.api.getPost(fan, { postId: post.id })).toMatchObject({
      isLiked: true,
      likesCount: 1,
      engagementScore: 1,
    });
    expect((await h.api.getPost(author, { postId: post.id })).isLiked).toBe(false);
    expect(await h.api.togglePostLike(fan, { postId: post.id })).toEqual({ liked: false, likesCount: 0 });
    expect(await h.api.getPost(fan, { postId: post.id })).toMatchObject({ isLiked: false, likesCount: 0 });
    expect(await h.api.togglePostLike(fan, { postId: post.id })).toEqual({ liked: true, likesCount: 1 });
    expect((await refused(h.api.togglePostLike(undefined, { postId: post.id }))).code).toBe(
      status.UNAUTHENTICATED,
    );

    const changes = await waitFor(
      () => {
        const liked = published('post.liked', post.id, socialEvents.PostLikeChanged.decode);
        const unliked = published('post.unliked', post.id, socialEvents.PostLikeChanged.decode);
        return liked.length >= 2 && unliked.length >= 1 && { liked, unliked };
      },
      { what: 'like events' },
    );
    expect(new Set(changes.liked.map((e) => `${e.authorId}>${e.likerId}`))).toEqual(
      new Set([`${author}>${fan}`]),
    );
    expect(changes.unliked[0]).toMatchObject({
      postId: post.id,
      authorId: author,
      likerId: fan,
      likesCount: 0,
    });
  });

  it('counts 20 concurrent likes of 20 members exactly', async () => {
    const author = await h.member();
    const fans = await Promise.all(Array.from({ length: 20 }, () => h.member()));
    const post = await h.api.createPost(author, { content: 'popular' });
    const answers = await Promise.all(fans.map((fan) => h.api.togglePostLike(fan, { postId: post.id })));
    expect(answers.every((answer) => answer.liked)).toBe(true);
    expect(Math.max(...answers.map((answer) => answer.likesCount))).toBe(20);
    expect(await h.app.get(LikesRepository).countForPost(post.id)).toBe(20);
    expect(await h.api.getPost(author, { postId: post.id })).toMatchObject({
      likesCount: 20,
      engagementScore: 20,
    });
    expect((await posts.model.findById(post.id).lean().exec())?.likesCount).toBe(20);

    // And 20 concurrent unlikes back to exactly 0.
    await Promise.all(fans.map((fan) => h.api.togglePostLike(fan, { postId: post.id })));
    expect(await h.api.getPost(author, { postId: post.id })).toMatchObject({
      likesCount: 0,
      engagementScore: 0,
    });
  });

  it("keeps one member's racing toggles consistent: at most one like, and the count agrees once repaired", async () => {
    const author = await h.member();
    const fan = await h.member();
    const post = await h.api.createPost(author, { content: 'double tap' });
    await Promise.all([
      h.api.togglePostLike(fan, { postId: post.id }),
      h.api.togglePostLike(fan, { postId: post.id }),
    ]);
    for (const round of [2, 7]) {
      await Promise.all(Array.from({ length: round }, () => h.api.togglePostLike(fan, { postId: post.id })));
      const stored = await h.app.get(LikesRepository).countForPost(post.id);
      expect(stored).toBeLessThanOrEqual(1);
      const seen = await h.api.getPost(fan, { postId: post.id });
      expect(seen.isLiked).toBe(stored === 1);
      // A withdrawal whose like had not been counted yet cannot take the count below 0, so the count
      // may be one off until the next sweep recounts the post.
      expect(seen.likesCount).toBeGreaterThanOrEqual(0);
      h.clock.advance(SETTLE_MS + 1);
      await h.app.get(SocialSweeper).sweep();
      expect((await h.api.getPost(fan, { postId: post.id })).likesCount).toBe(stored);
    }
  });

  it('repairs a count that a crash between the like and its $inc left behind', async () => {
    const author = await h.member();
    const fans = await Promise.all([h.member(), h.member()]);
    const post = await h.api.createPost(author, { content: 'crash test' });
    await h.api.togglePostLike(fans[0], { postId: post.id });
    // The second like is stored, but its request stopped before the post's $inc.
    await h.app.get(LikesRepository).postLikes.create({
      _id: postLikeId(post.id, fans[1]),
      postId: post.id,
      userId: fans[1],
      createdAt: h.clock.now(),
    });
    expect((await h.api.getPost(author, { postId: post.id })).likesCount).toBe(1);
    h.clock.advance(SETTLE_MS + 1);
    await h.app.get(SocialSweeper).sweep();
    expect(await h.api.getPost(author, { postId: post.id })).toMatchObject({
      likesCount: 2,
      engagementScore: 2,
    });
    // Each change is checked once: a later sweep with nothing new recounts nothing.
    h.clock.advance(SETTLE_MS + 1);
    expect(await h.app.get(CounterRepair).repairRecent(h.clock.now())).toEqual({
      posts: 0,
      comments: 0,
      members: 0,
    });
  });
});

describe('comments', () => {
  it('stores comments and replies, keeps comments_count and engagement right, and announces them', async () => {
    const author = await h.member();
    const aliceName = `alice_${randomUUID().slice(0, 6)}`;
    const alice = await h.member(aliceName, 750);
    const bob = await h.member();
    const post = await h.api.createPost(author, { content: 'thoughts?' });
    await h.api.togglePostLike(bob, { postId: post.id });

    const top = await h.api.createComment(alice, { postId: post.id, content: '  Lovely  ' });
    expect(top).toMatchObject({
      postId: post.id,
      parentCommentId: '',
      content: 'Lovely',
      likesCount: 0,
      hasLiked: false,
      user: { id: alice, username: aliceName, auraScore: 750 },
    });
    h.clock.advance(1);
    const reply = await h.api.createComment(bob, {
      postId: post.id,
      content: `@${aliceName} agreed`,
      parentCommentId: top.id,
    });
    expect(reply.parentCommentId).toBe(top.id);
    expect(await h.api.getPost(bob, { postId: post.id })).toMatchObject({
      commentsCount: 2,
      likesCount: 1,
      engagementScore: 1 + 2 * 2,
    });

    const event = await waitFor(
      () =>
        published('comment.created', post.id, socialEvents.CommentCreated.decode).find(
          (e) => e.commentId === reply.id,
        ),
      { what: 'comment.created' },
    );
    expect(event).toMatchObject({
      postId: post.id,
      postAuthorId: author,
      commenterId: bob,
      parentCommentId: top.id,
      parentAuthorId: alice,
      mentionedUserIds: [alice],
    });

    const page = await h.api.listComments(undefined, { postId: post.id });
    expect(page.comments.map((comment) => [comment.id, comment.parentCommentId])).toEqual([
      [top.id, ''],
      [reply.id, top.id],
    ]);
    expect(page.nextCursor).toBe('');
  });

  it('refuses blank, too long, foreign replies and unknown posts; stores nothing', async () => {
    const author = await h.member();
    const bob = await h.member();
    const post = await h.api.createPost(author, { content: 'a' });
    const other = await h.api.createPost(author, { content: 'b' });
    const foreign = await h.api.createComment(bob, { postId: other.id, content: 'elsewhere' });

    const blank = await refused(h.api.createComment(bob, { postId: post.id, content: ' \n ' }));
    expect([blank.code, blank.details]).toEqual([status.FAILED_PRECONDITION, CommentMessages.empty]);
    const long = await refused(h.api.createComment(bob, { postId: post.id, content: 'x'.repeat(301) }));
    expect([long.code, long.details]).toEqual([status.FAILED_PRECONDITION, CommentMessages.tooLong]);
    const wrongParent = await refused(
      h.api.createComment(bob, { postId: post.id, content: 'reply', parentCommentId: foreign.id }),
    );
    expect([wrongParent.code, wrongParent.details]).toEqual([
      status.FAILED_PRECONDITION,
      CommentMessages.otherPost,
    ]);
    expect(
      (
        await refused(
          h.api.createComment(bob, { postId: post.id, content: 'r', parentCommentId: randomUUID() }),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
    expect((await refused(h.api.createComment(bob, { postId: randomUUID(), content: 'r' }))).code).toBe(
      status.NOT_FOUND,
    );
    expect((await refused(h.api.createComment(undefined, { postId: post.id, content: 'r' }))).code).toBe(
      status.UNAUTHENTICATED,
    );
    expect(await h.app.get(CommentsRepository).countForPost(post.id)).toBe(0);
    expect((await h.api.getPost(bob, { postId: post.id })).commentsCount).toBe(0);

    const exactly300 = await h.api.createComment(bob, { postId: post.id, content: 'y'.repeat(300) });
    expect(exactly300.content).toHaveLength(300);
  });

  it('counts concurrent comments exactly and pages them oldest first', async () => {
    const author = await h.member();
    const members = await Promise.all(Array.from({ length: 12 }, () => h.member()));
    const post = await h.api.createPost(author, { content: 'talk to me' });
    await Promise.all(
      members.map((member, index) => {
        h.clock.advance(1);
        return h.api.createComment(member, { postId: post.id, content: `comment ${index}` });
      }),
    );
    expect(await h.api.getPost(author, { postId: post.id })).toMatchObject({
      commentsCount: 12,
      engagementScore: 24,
    });
    const first = await h.api.listComments(author, { postId: post.id, limit: 5 });
    const second = await h.api.listComments(author, { postId: post.id, limit: 5, cursor: first.nextCursor });
    const third = await h.api.listComments(author, { postId: post.id, limit: 5, cursor: second.nextCursor });
    const all = [...first.comments, ...second.comments, ...third.comments];
    expect(first.comments).toHaveLength(5);
    expect(third.nextCursor).toBe('');
    expect(new Set(all.map((comment) => comment.id)).size).toBe(12);
    const times = all.map((comment) => comment.createdAt);
    expect(times).toEqual([...times].sort());
    expect((await refused(h.api.listComments(author, { postId: post.id, cursor: 'garbage!' }))).code).toBe(
      status.INVALID_ARGUMENT,
    );
  });

  it('toggles comment likes with has_liked per viewer and comment like events', async () => {
    const author = await h.member();
    const commenter = await h.member();
    const fan = await h.member();
    const post = await h.api.createPost(author, { content: 'p' });
    const comment = await h.api.createComment(commenter, { postId: post.id, content: 'c' });
    expect(await h.api.toggleCommentLike(fan, { commentId: comment.id })).toEqual({
      liked: true,
      likesCount: 1,
    });
    const forFan = await h.api.listComments(fan, { postId: post.id });
    const forAuthor = await h.api.listComments(author, { postId: post.id });
    expect(forFan.comments[0]).toMatchObject({ likesCount: 1, hasLiked: true });
    expect(forAuthor.comments[0]).toMatchObject({ likesCount: 1, hasLiked: false });
    expect(await h.api.toggleCommentLike(fan, { commentId: comment.id })).toEqual({
      liked: false,
      likesCount: 0,
    });
    expect((await h.api.listComments(fan, { postId: post.id })).comments[0]).toMatchObject({
      likesCount: 0,
      hasLiked: false,
    });
    const others = await Promise.all(Array.from({ length: 8 }, () => h.member()));
    await Promise.all(others.map((member) => h.api.toggleCommentLike(member, { commentId: comment.id })));
    expect((await h.api.listComments(fan, { postId: post.id })).comments[0].likesCount).toBe(8);

    for (const commentId of ['nope', randomUUID()])
      expect((await refused(h.api.toggleCommentLike(fan, { commentId }))).code).toBe(status.NOT_FOUND);
    expect((await refused(h.api.toggleCommentLike(undefined, { commentId: comment.id }))).code).toBe(
      status.UNAUTHENTICATED,
    );
    const liked = await waitFor(
      () => {
        const found = published('comment.liked', post.id, socialEvents.CommentLikeChanged.decode);
        return found.length >= 9 && found;
      },
      { what: 'comment.liked' },
    );
    expect(liked.find((event) => event.likerId === fan)).toMatchObject({
      commentId: comment.id,
      postId: post.id,
      commentAuthorId: commenter,
    });
    await waitFor(
      () => published('comment.unliked', post.id, socialEvents.CommentLikeChanged.decode).length === 1,
      {
        what: 'comment.unliked',
      },
    );
  });

  it('leaves out comments of members blocked either way', async () => {
    const author = await h.member();
    const troll = await h.member();
    const reader = await h.member();
    const post = await h.api.createPost(author, { content: 'p' });
    await h.api.createComment(troll, { postId: post.id, content: 'meh' });
    await h.api.createComment(author, { postId: post.id, content: 'thanks' });
    await h.deliver('user.blocked', {
      blockerId: reader,
      blockedId: troll,
      changedAt: h.clock.now().toISOString(),
    });
    const seen = await h.api.listComments(reader, { postId: post.id });
    expect(seen.comments.map((comment) => comment.user?.id)).toEqual([author]);
    expect((await h.api.listComments(author, { postId: post.id })).comments).toHaveLength(2);
  });
});
