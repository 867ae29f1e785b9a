// Editing and deleting one's own posts and comments, through gRPC against MongoDB, Redis and Kafka.
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { CommentMessages } from '../comments/comments.service';
import { ModerationConsumer } from '../moderation/moderation.consumer';
import { Harness, refused, startHarness } from '../test-support/harness';
import { PostMessages } from './post-rules';
import { PostsRepository } from './posts.repository';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('post_edits');
});

afterAll(async () => {
  await h?.close();
});

const runTag = randomUUID().replace(/-/g, '').slice(0, 8);

describe('EditPost', () => {
  it('changes the text, tags, mentions and search words of the own post, and marks it edited', async () => {
    const author = await h.member();
    const friendName = `pal_${randomUUID().slice(0, 6)}`;
    await h.member(friendName);
    const post = await h.api.createPost(author, { content: `First draft #old${runTag}` });
    expect(post.editedAt).toBe('');
    h.clock.advance(60_000);

    const edited = await h.api.editPost(author, {
      postId: post.id,
      content: `  Second thought #New${runTag} with @${friendName}  `,
    });
    expect(edited).toMatchObject({
      id: post.id,
      content: `Second thought #New${runTag} with @${friendName}`,
      tags: [`new${runTag}`],
      mentions: [friendName],
      createdAt: post.createdAt,
    });
    expect(Date.parse(edited.editedAt)).toBeGreaterThan(Date.parse(post.createdAt));
    expect((await h.api.getPost(author, { postId: post.id })).editedAt).toBe(edited.editedAt);

    // What search reads: the stored search words follow the new text.
    const stored = await h.app.get(PostsRepository).findById(post.id);
    expect(stored?.contentPrefixes).toEqual(expect.arrayContaining(['second', 'thought']));
    expect(stored?.contentPrefixes).not.toContain('draft');
  });

  it("refuses another member's post (403), a story, blank or too long text, and changes nothing", async () => {
    const author = await h.member();
    const other = await h.member();
    const post = await h.api.createPost(author, { content: 'Mine' });

    const foreign = await refused(h.api.editPost(other, { postId: post.id, content: 'Hijacked' }));
    expect(foreign.code).toBe(status.PERMISSION_DENIED);
    expect(foreign.details).toBe(PostMessages.notYoursToEdit);

    const blank = await refused(h.api.editPost(author, { postId: post.id, content: '   ' }));
    expect(blank.code).toBe(status.FAILED_PRECONDITION);
    expect(blank.details).toBe(PostMessages.emptyPost);

    const long = await refused(h.api.editPost(author, { postId: post.id, content: 'x'.repeat(2001) }));
    expect(long.details).toBe(PostMessages.contentTooLong);

    const story = await h.api.createPost(author, { content: 'A story', isStory: true });
    const storyEdit = await refused(h.api.editPost(author, { postId: story.id, content: 'Changed' }));
    expect(storyEdit.details).toBe(PostMessages.storyEdit);

    const missing = await refused(h.api.editPost(author, { postId: randomUUID(), content: 'Hello' }));
    expect(missing.code).toBe(status.NOT_FOUND);

    const unchanged = await h.api.getPost(author, { postId: post.id });
    expect(unchanged).toMatchObject({ content: 'Mine', editedAt: '' });
  });

  it('keeps a media post editable down to no text at all', async () => {
    const author = await h.member();
    const post = await h.api.createPost(author, { content: 'Look', mediaUrl: '/api/media/posts/a1.jpg' });
    const edited = await h.api.editPost(author, { postId: post.id, content: '' });
    expect(edited).toMatchObject({
      content: '',
      mediaUrl: '/api/media/posts/a1.jpg',
      contentType: 'multimedia',
    });
  });
});

describe('DeletePost', () => {
  it('deletes the own post everywhere: lookups, the member timeline, saves; twice is NOT_FOUND', async () => {
    const author = await h.member();
    const reader = await h.member();
    const post = await h.api.createPost(author, { content: 'Soon gone' });
    await h.api.savePost(reader, { postId: post.id });

    await h.api.deletePost(author, { postId: post.id });

    expect((await refused(h.api.getPost(reader, { postId: post.id }))).code).toBe(status.NOT_FOUND);
    const timeline = await h.api.listMemberContent(reader, { userId: author });
    expect(timeline.posts.map((p) => p.id)).not.toContain(post.id);
    const saved = await h.api.listSavedPosts(reader, {});
    expect(saved.posts.map((p) => p.id)).not.toContain(post.id);
    expect((await refused(h.api.deletePost(author, { postId: post.id }))).code).toBe(status.NOT_FOUND);
  });

  it("refuses another member's post with 403 and keeps it", async () => {
    const author = await h.member();
    const other = await h.member();
    const post = await h.api.createPost(author, { content: 'Stays' });
    const error = await refused(h.api.deletePost(other, { postId: post.id }));
    expect(error.code).toBe(status.PERMISSION_DENIED);
    expect(error.details).toBe(PostMessages.notYoursToDelete);
    expect((await h.api.getPost(other, { postId: post.id })).content).toBe('Stays');
  });

  it('deletes the own story', async () => {
    const author = await h.member();
    const story = await h.api.createPost(author, { content: 'Brief', isStory: true });
    await h.api.deletePost(author, { postId: story.id });
    expect((await refused(h.api.getPost(author, { postId: story.id }))).code).toBe(status.NOT_FOUND);
  });
});

describe('EditComment and DeleteComment', () => {
  it('lets the commenter edit their comment, marked edited; others get 403', async () => {
    const author = await h.member();
    const commenter = await h.member();
    const post = await h.api.createPost(author, { content: 'Talk to me' });
    const comment = await h.api.createComment(commenter, { postId: post.id, content: 'Hi' });
    h.clock.advance(1_000);

    const edited = await h.api.editComment(commenter, { commentId: comment.id, content: '  Hello there ' });
    expect(edited).toMatchObject({ id: comment.id, content: 'Hello there', createdAt: comment.createdAt });
    expect(edited.editedAt).not.toBe('');
    const listed = await h.api.listComments(author, { postId: post.id });
    expect(listed.comments[0]).toMatchObject({ content: 'Hello there', editedAt: edited.editedAt });

    const byAuthor = await refused(h.api.editComment(author, { commentId: comment.id, content: 'Changed' }));
    expect(byAuthor.code).toBe(status.PERMISSION_DENIED);
    expect(byAuthor.details).toBe(CommentMessages.notYoursToEdit);
    const blank = await refused(h.api.editComment(commenter, { commentId: comment.id, content: ' ' }));
    expect(blank.details).toBe(CommentMessages.empty);
    const long = await refused(
      h.api.editComment(commenter, { commentId: comment.id, content: 'x'.repeat(301) }),
    );
    expect(long.details).toBe(CommentMessages.tooLong);
  });

  it("deletes a comment with its replies, by its commenter or the post's author; the count follows", async () => {
    const author = await h.member();
    const commenter = await h.member();
    const replier = await h.member();
    const stranger = await h.member();
    const post = await h.api.createPost(author, { content: 'Thread' });
    const first = await h.api.createComment(commenter, { postId: post.id, content: 'One' });
    await h.api.createComment(replier, { postId: post.id, content: 'Reply', parentCommentId: first.id });
    await h.api.createComment(replier, { postId: post.id, content: 'Reply 2', parentCommentId: first.id });
    const second = await h.api.createComment(commenter, { postId: post.id, content: 'Two' });
    expect((await h.api.getPost(author, { postId: post.id })).commentsCount).toBe(4);

    const denied = await refused(h.api.deleteComment(stranger, { commentId: first.id }));
    expect(denied.code).toBe(status.PERMISSION_DENIED);
    expect(denied.details).toBe(CommentMessages.notYoursToDelete);

    // The post's author removes a comment on their post: its two replies go with it.
    await h.api.deleteComment(author, { commentId: first.id });
    let listed = await h.api.listComments(author, { postId: post.id });
    expect(listed.comments.map((c) => c.id)).toEqual([second.id]);
    expect((await h.api.getPost(author, { postId: post.id })).commentsCount).toBe(1);

    await h.api.deleteComment(commenter, { commentId: second.id });
    listed = await h.api.listComments(author, { postId: post.id });
    expect(listed.comments).toEqual([]);
    expect((await h.api.getPost(author, { postId: post.id })).commentsCount).toBe(0);
    expect((await refused(h.api.deleteComment(commenter, { commentId: second.id }))).code).toBe(
      status.NOT_FOUND,
    );
  });

  it("a moderator's removal takes a comment down as its author's delete does: with its replies", async () => {
    const author = await h.member();
    const post = await h.api.createPost(author, { content: 'Reported thread' });
    const rude = await h.api.createComment(author, { postId: post.id, content: 'Rude' });
    await h.api.createComment(author, { postId: post.id, content: 'Re', parentCommentId: rude.id });
    const kept = await h.api.createComment(author, { postId: post.id, content: 'Kind' });
    const removal = {
      id: randomUUID(),
      type: 'moderation.action_taken',
      version: 1,
      key: rude.id,
      occurredAt: new Date().toISOString(),
      producer: 'admin',
      payload: { action: 'remove', targetType: 'comment', targetId: rude.id },
    } as never;
    await h.app.get(ModerationConsumer).handle(removal);
    await h.app.get(ModerationConsumer).handle(removal); // redelivered: nothing more
    const listed = await h.api.listComments(author, { postId: post.id });
    expect(listed.comments.map((c) => c.id)).toEqual([kept.id]);
    expect((await h.api.getPost(author, { postId: post.id })).commentsCount).toBe(1);
  });

  it('deletes one reply alone', async () => {
    const author = await h.member();
    const post = await h.api.createPost(author, { content: 'Replies' });
    const top = await h.api.createComment(author, { postId: post.id, content: 'Top' });
    const reply = await h.api.createComment(author, {
      postId: post.id,
      content: 'Sub',
      parentCommentId: top.id,
    });
    await h.api.deleteComment(author, { commentId: reply.id });
    const listed = await h.api.listComments(author, { postId: post.id });
    expect(listed.comments.map((c) => c.id)).toEqual([top.id]);
    expect((await h.api.getPost(author, { postId: post.id })).commentsCount).toBe(1);
  });
});
