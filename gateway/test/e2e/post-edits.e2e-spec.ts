// Editing and deleting one's own posts and comments through HTTP (issue 23, item 2): PATCH and DELETE
// /posts/{id} and /comments/{id}. Who may do what (403 with the rule's text), the "edited" mark, the
// spec's content limits on an edit (400), a deleted post gone from feeds, profile and saves, a comment
// deleted with its replies and the post's count following; 401, 404 and 422 answers.
import { api } from './support/api';
import {
  CATCH_UP_TIMEOUT_MS,
  createPost,
  ids,
  Member,
  missingUuid,
  socialCaughtUp,
  socialMembers,
} from './support/social';

beforeAll(async () => {
  await socialCaughtUp();
}, CATCH_UP_TIMEOUT_MS);

const editPost = (who: Member, postId: string, body: unknown) =>
  api('PATCH', `/posts/${postId}`, { token: who.token, body });
const deletePost = (who: Member, postId: string) => api('DELETE', `/posts/${postId}`, { token: who.token });
const comment = async (who: Member, postId: string, content: string, parent?: string) => {
  const response = await api('POST', `/posts/${postId}/comments`, {
    token: who.token,
    body: { content, ...(parent ? { parent_comment_id: parent } : {}) },
  });
  expect(response.status).toBe(201);
  return response.body as { id: string };
};
const editComment = (who: Member, commentId: string, body: unknown) =>
  api('PATCH', `/comments/${commentId}`, { token: who.token, body });
const deleteComment = (who: Member, commentId: string) =>
  api('DELETE', `/comments/${commentId}`, { token: who.token });
/** A post as `who` sees it on its author's profile (there is no single-post route); undefined when gone. */
const postOnProfile = async (who: Member, author: Member, postId: string) => {
  const page = await api('GET', `/users/${author.id}/posts?limit=50`, { token: who.token });
  expect(page.status).toBe(200);
  return (
    page.body as { id: string; content: string; edited_at: string | null; comments_count: number }[]
  ).find((post) => post.id === postId);
};

describe('editing a post', () => {
  let author: Member;
  let other: Member;

  beforeAll(async () => {
    [author, other] = await socialMembers(2, 'edp');
  });

  it('the author edits the text: edited_at is set, tags and mentions follow, the rest stays', async () => {
    const post = await createPost(author, { content: 'Morning pages #journal', category: 'personal' });
    expect(post.edited_at).toBeNull();
    const edited = await editPost(author, post.id, {
      content: `Evening pages #Reflect with @${other.username}`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: post.id,
      content: `Evening pages #Reflect with @${other.username}`,
      tags: ['reflect'],
      mentions: [other.username],
      category: 'personal',
      created_at: post.created_at,
    });
    expect(Date.parse(edited.body.edited_at)).toBeGreaterThanOrEqual(Date.parse(post.created_at));
    expect(await postOnProfile(other, author, post.id)).toMatchObject({
      content: edited.body.content,
      edited_at: edited.body.edited_at,
    });
  });

  it("refuses another member's post with 403 and the rule's text, and changes nothing", async () => {
    const post = await createPost(author, { content: 'Only mine' });
    expect(await editPost(other, post.id, { content: 'Not yours' })).toMatchObject({
      status: 403,
      body: { detail: 'You can only edit your own posts' },
    });
    expect(await postOnProfile(author, author, post.id)).toMatchObject({
      content: 'Only mine',
      edited_at: null,
    });
  });

  it('keeps the limits of a new post (400) and answers 422 to a malformed body, 404 to a missing post', async () => {
    const post = await createPost(author, { content: 'Limits' });
    expect(await editPost(author, post.id, { content: '   ' })).toMatchObject({
      status: 400,
      body: { detail: 'Please add content or media to your post' },
    });
    expect(await editPost(author, post.id, { content: 'x'.repeat(2001) })).toMatchObject({
      status: 400,
      body: { detail: 'Content must be at most 2000 characters' },
    });
    const story = await createPost(author, { content: 'A story', is_story: true });
    expect(await editPost(author, story.id, { content: 'Changed' })).toMatchObject({
      status: 400,
      body: { detail: 'Stories cannot be edited' },
    });
    expect((await editPost(author, post.id, { content: 42 })).status).toBe(422);
    expect((await editPost(author, post.id, {})).status).toBe(422);
    expect((await editPost(author, missingUuid(), { content: 'Hello' })).status).toBe(404);
    expect((await editPost(author, 'not-a-uuid', { content: 'Hello' })).status).toBe(404);
    expect((await api('PATCH', `/posts/${post.id}`, { body: { content: 'Hello' } })).status).toBe(401);
    expect(await postOnProfile(author, author, post.id)).toMatchObject({
      content: 'Limits',
      edited_at: null,
    });
  });
});

describe('deleting a post', () => {
  it("the author deletes it: gone from the post, the profile, the follower's feed and saves; again 404", async () => {
    const [author, reader] = await socialMembers(2, 'dlp');
    expect((await api('POST', `/users/${author.id}/follow`, { token: reader.token })).status).toBe(200);
    const post = await createPost(author, { content: 'Here, then gone' });
    expect((await api('PUT', `/posts/${post.id}/save`, { token: reader.token })).status).toBe(200);

    expect(await deletePost(reader, post.id)).toMatchObject({
      status: 403,
      body: { detail: 'You can only delete your own posts' },
    });
    expect((await deletePost(author, post.id)).status).toBe(204);

    expect(await postOnProfile(reader, author, post.id)).toBeUndefined();
    expect((await api('POST', `/posts/${post.id}/like`, { token: reader.token })).status).toBe(404);
    const feed = await api('GET', '/posts/feed/following?limit=50', { token: reader.token });
    expect(ids(feed.body)).not.toContain(post.id);
    const saved = await api('GET', '/saved-posts', { token: reader.token });
    expect(ids(saved.body)).not.toContain(post.id);
    expect((await deletePost(author, post.id)).status).toBe(404);
    expect((await api('DELETE', `/posts/${post.id}`)).status).toBe(401);
  });
});

describe('editing and deleting comments', () => {
  it('the commenter edits their comment (edited_at); the post author cannot edit it', async () => {
    const [author, commenter] = await socialMembers(2, 'edc');
    const post = await createPost(author, { content: 'Say something' });
    const said = await comment(commenter, post.id, 'Hi');
    const edited = await editComment(commenter, said.id, { content: 'Hello, friend' });
    expect(edited).toMatchObject({ status: 200, body: { id: said.id, content: 'Hello, friend' } });
    expect(edited.body.edited_at).toEqual(expect.any(String));
    const listed = await api('GET', `/posts/${post.id}/comments`, { token: author.token });
    expect(listed.body[0]).toMatchObject({ content: 'Hello, friend', edited_at: edited.body.edited_at });

    expect(await editComment(author, said.id, { content: 'Changed' })).toMatchObject({
      status: 403,
      body: { detail: 'You can only edit your own comments' },
    });
    expect(await editComment(commenter, said.id, { content: '' })).toMatchObject({
      status: 400,
      body: { detail: 'Comment cannot be empty' },
    });
    expect(await editComment(commenter, said.id, { content: 'x'.repeat(301) })).toMatchObject({
      status: 400,
      body: { detail: 'Comment must be at most 300 characters' },
    });
    expect((await editComment(commenter, missingUuid(), { content: 'Hi' })).status).toBe(404);
  });

  it("deletes a comment with its replies (by the post's author); a stranger gets 403; the count follows", async () => {
    const [author, commenter, stranger] = await socialMembers(3, 'dlc');
    const post = await createPost(author, { content: 'Threaded' });
    const top = await comment(commenter, post.id, 'Top');
    await comment(stranger, post.id, 'A reply', top.id);
    const kept = await comment(stranger, post.id, 'Another thought');
    expect((await postOnProfile(author, author, post.id))?.comments_count).toBe(3);

    expect(await deleteComment(stranger, top.id)).toMatchObject({
      status: 403,
      body: { detail: 'You can only delete your own comments or comments on your posts' },
    });
    expect((await deleteComment(author, top.id)).status).toBe(204);
    const listed = await api('GET', `/posts/${post.id}/comments`, { token: author.token });
    expect(ids(listed.body)).toEqual([kept.id]);
    expect((await postOnProfile(author, author, post.id))?.comments_count).toBe(1);

    expect((await deleteComment(stranger, kept.id)).status).toBe(204);
    expect((await postOnProfile(author, author, post.id))?.comments_count).toBe(0);
    expect((await deleteComment(stranger, kept.id)).status).toBe(404);
  });
});
