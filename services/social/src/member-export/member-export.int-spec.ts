// A member's data export through gRPC as the media service calls it (its certificate, the member named
// in the request), against MongoDB, Redis and Kafka: every part, paged oldest first, and who may call.
import { callerMetadata, EXPORT_PAGE_SIZE } from '@aura/platform';
import { testIdentity } from '@aura/platform/testing';
import { common, social } from '@aura/proto';
import { Metadata, ServiceError, status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { HOUR_MS } from '../common/clock';
import { CommentsRepository } from '../comments/comments.repository';
import { PostsRepository } from '../posts/posts.repository';
import { Harness, refused, startHarness } from '../test-support/harness';
import { SocialExport } from './member-export';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('export');
});

afterAll(async () => {
  await h?.close();
});

type Records = Record<string, unknown>[];

function exportPage(
  request: Partial<common.ExportPageRequest>,
  client: social.SocialServiceClient = h.clientAs('media'),
  metadata = new Metadata(),
): Promise<common.ExportPage> {
  return new Promise((resolve, reject) =>
    client.exportMemberData(
      common.ExportPageRequest.fromPartial(request),
      metadata,
      (error: ServiceError | null, page: common.ExportPage) => (error ? reject(error) : resolve(page)),
    ),
  );
}

/** Every page of a part: their sizes and their records. */
async function readPart(userId: string, part: string): Promise<{ sizes: number[]; records: Records }> {
  const sizes: number[] = [];
  const records: Records = [];
  let cursor = '';
  do {
    const page = await exportPage({ userId, part, cursor });
    const items = JSON.parse(page.recordsJson) as Records;
    sizes.push(items.length);
    records.push(...items);
    cursor = page.nextCursor;
  } while (cursor && sizes.length < 50);
  return { sizes, records };
}

/** Oldest first, as the export orders: by time, then id. */
const oldestFirst = <T extends { createdAt: string; id: string }>(items: T[]) =>
  [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : 1));

describe('ExportMemberData', () => {
  it('pages a member’s posts, comments, stories and follows oldest first for the media service', async () => {
    const [alice, bobName, carolName] = [
      await h.member(),
      `bob_${randomUUID().slice(0, 6)}`,
      `carol_${randomUUID().slice(0, 6)}`,
    ];
    const [bob, carol] = [await h.member(bobName), await h.member(carolName)];
    const bobsPost = await h.api.createPost(bob, { content: 'bob’s own post' });

    // Three posts at one moment (the id breaks the tie), two later; one is removed by a moderator.
    const posts: social.Post[] = [];
    posts.push(
      await h.api.createPost(alice, {
        content: 'Sunrise run #Calm with @' + bobName,
        category: 'Lifestyle',
        mediaUrl: '/api/media/posts/sunrise.jpg',
      }),
    );
    posts.push(await h.api.createPost(alice, { content: 'second' }));
    posts.push(await h.api.createPost(alice, { content: 'third' }));
    h.clock.advance(1000);
    const removed = await h.api.createPost(alice, { content: 'removed by a moderator' });
    await h.app.get(PostsRepository).markDeleted(removed.id);
    posts.push(await h.api.createPost(alice, { content: 'fifth' }));
    await h.api.togglePostLike(bob, { postId: posts[0].id });
    await h.api.createComment(bob, { postId: posts[0].id, content: 'bob’s comment is not exported' });

    // Comments: on Bob's post, a reply on her own post, one removed by a moderator.
    const comment = await h.api.createComment(alice, {
      postId: bobsPost.id,
      content: 'nice one @' + bobName,
    });
    h.clock.advance(1000);
    const bobsComment = (await h.api.listComments(alice, { postId: posts[0].id })).comments[0];
    const reply = await h.api.createComment(alice, {
      postId: posts[0].id,
      content: 'thanks!',
      parentCommentId: bobsComment.id,
    });
    const removedComment = await h.api.createComment(alice, { postId: bobsPost.id, content: 'rude' });
    await h.app.get(CommentsRepository).markDeleted(removedComment.id);

    // Stories: one expired (no longer shown in the app), one current.
    const oldStory = await h.api.createPost(alice, { content: 'an old story', isStory: true });
    h.clock.advance(6 * HOUR_MS);
    const story = await h.api.createPost(alice, { content: 'a story #now', isStory: true });
    expect((await h.api.listStories(alice, {})).posts.map((p) => p.id)).not.toContain(oldStory.id);

    await h.api.follow(alice, { userId: bob });
    h.clock.advance(1000);
    await h.api.follow(alice, { userId: carol });
    await h.api.follow(bob, { userId: alice });

    h.app.get(SocialExport).pageSize = 2;
    try {
      const exported = {
        posts: await readPart(alice, 'posts'),
        comments: await readPart(alice, 'comments'),
        stories: await readPart(alice, 'stories'),
        following: await readPart(alice, 'following'),
      };
      expect(Object.values(exported).map((part) => part.sizes)).toEqual([[2, 2], [2], [2], [2]]);

      const first = oldestFirst(posts.slice(0, 3));
      expect(exported.posts.records.map((r) => r.id)).toEqual([...first.map((p) => p.id), posts[3].id]);
      expect(exported.posts.records.find((r) => r.id === posts[0].id)).toEqual({
        id: posts[0].id,
        created_at: posts[0].createdAt,
        content: `Sunrise run #Calm with @${bobName}`,
        content_type: 'multimedia',
        category: 'lifestyle',
        media_url: '/api/media/posts/sunrise.jpg',
        media_type: 'image',
        tags: ['calm'],
        mentions: [bobName],
        likes_count: 1,
        comments_count: 2,
        tips_count: 0,
      });

      expect(exported.comments.records).toEqual([
        {
          id: comment.id,
          created_at: comment.createdAt,
          post_id: bobsPost.id,
          reply_to_comment_id: null,
          content: `nice one @${bobName}`,
          mentions: [bobName],
          likes_count: 0,
        },
        expect.objectContaining({ id: reply.id, post_id: posts[0].id, reply_to_comment_id: bobsComment.id }),
      ]);

      expect(exported.stories.records).toEqual([
        expect.objectContaining({
          id: oldStory.id,
          content: 'an old story',
          expires_at: new Date(Date.parse(oldStory.createdAt) + 5 * HOUR_MS).toISOString(),
        }),
        expect.objectContaining({ id: story.id, tags: ['now'] }),
      ]);

      expect(exported.following.records).toEqual([
        { id: bob, username: bobName, followed_at: expect.stringMatching(/Z$/) },
        { id: carol, username: carolName, followed_at: expect.stringMatching(/Z$/) },
      ]);
      const [toBob, toCarol] = exported.following.records.map((r) => Date.parse(r.followed_at as string));
      expect(toCarol - toBob).toBe(1000);
    } finally {
      h.app.get(SocialExport).pageSize = EXPORT_PAGE_SIZE;
    }

    // At the real page size, one page each; a member with nothing has empty parts.
    expect((await exportPage({ userId: alice, part: 'posts' })).nextCursor).toBe('');
    expect(await exportPage({ userId: await h.member(), part: 'following' })).toEqual({
      recordsJson: '[]',
      nextCursor: '',
    });
  });

  it('pages the posts a member saved, oldest save first: which post and when', async () => {
    const [alice, bob] = [await h.member(), await h.member()];
    const saved: social.Post[] = [];
    for (const content of ['first', 'second', 'third']) {
      saved.push(await h.api.createPost(bob, { content }));
      h.clock.advance(1000);
      await h.api.savePost(alice, { postId: saved[saved.length - 1].id });
    }
    h.app.get(SocialExport).pageSize = 2;
    try {
      const part = await readPart(alice, 'saved_posts');
      expect(part.sizes).toEqual([2, 1]);
      expect(part.records.map((r) => r.post_id)).toEqual(saved.map((p) => p.id));
      expect(part.records[0]).toEqual({ post_id: saved[0].id, saved_at: expect.stringMatching(/Z$/) });
    } finally {
      h.app.get(SocialExport).pageSize = EXPORT_PAGE_SIZE;
    }
    expect((await readPart(bob, 'saved_posts')).records).toEqual([]);
  });

  it('is refused to the gateway, even for the member, and checks the part, member and cursor', async () => {
    const alice = await h.member();
    const request = { userId: alice, part: 'posts' };
    const asMember = callerMetadata({ userId: alice, role: 'user' }, undefined, testIdentity('gateway'));
    expect((await refused(exportPage(request, h.client, asMember))).code).toBe(status.PERMISSION_DENIED);
    expect((await refused(exportPage(request, h.client))).code).toBe(status.PERMISSION_DENIED);
    expect((await refused(exportPage(request, h.clientAs('messaging')))).code).toBe(status.PERMISSION_DENIED);
    expect(await refused(exportPage({ userId: alice, part: 'wallet' }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Unknown export part',
    });
    expect((await refused(exportPage({ userId: '', part: 'posts' }))).code).toBe(status.INVALID_ARGUMENT);
    expect((await refused(exportPage({ ...request, cursor: 'not-a-cursor' }))).code).toBe(
      status.INVALID_ARGUMENT,
    );
  });
});
