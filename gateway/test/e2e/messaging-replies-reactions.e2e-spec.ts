// Issue 23, item 3 (reply, reactions, search) and item 5 (reply to a story): REST and the socket.
import { randomUUID } from 'node:crypto';
import { waitFor } from '@aura/platform/testing';
import { api, type Loose } from './support/api';
import { createPost, Member, socialMember } from './support/social';
import { closeSockets, listen } from './support/sockets';

const send = (from: Member, to: Member, content: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/messages', { token: from.token, body: { recipient_id: to.id, content, ...extra } });
const react = (who: Member, messageId: string, emoji: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  api(method, `/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`, { token: who.token });
const page = async (who: Member, conversationId: string): Promise<Loose[]> =>
  (await api('GET', `/conversations/${conversationId}/messages?limit=50`, { token: who.token })).body;

afterEach(closeSockets);

describe('reply to a message', () => {
  it('quotes a message of the same conversation, pushed with new_message; others are 404', async () => {
    const [a, b, c] = [await socialMember('rpl'), await socialMember('rpl'), await socialMember('rpl')];
    const first = (await send(a, b, 'Shall we walk at 7?')).body;
    const sb = await listen(b);
    const reply = await send(a, b, 'or 8', { reply_to_message_id: first.id });
    expect(reply.status).toBe(201);
    expect(reply.body.reply_to).toEqual({
      message_id: first.id,
      sender_id: a.id,
      sender_name: first.sender.display_name,
      excerpt: 'Shall we walk at 7?',
      message_type: 'text',
      unavailable: false,
    });
    expect(reply.body.reactions).toEqual([]);
    expect(reply.body.story).toBeNull();
    await waitFor(() => sb.received('new_message').some((m) => m.id === reply.body.id), {
      what: 'the reply on the socket',
    });
    expect(sb.received('new_message').find((m) => m.id === reply.body.id).reply_to.message_id).toBe(first.id);
    expect((await page(b, first.conversation_id)).at(-1).reply_to.message_id).toBe(first.id);

    // A message of another conversation, an unknown id, a malformed one: not in this conversation.
    const elsewhere = (await send(a, c, 'hello c')).body;
    for (const id of [elsewhere.id, randomUUID(), 'not-an-id']) {
      const refused = await send(b, a, 'x', { reply_to_message_id: id });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ detail: 'The message you reply to is not in this conversation' });
    }
    expect((await send(b, a, 'x', { reply_to_message_id: 42 })).status).toBe(422);
    expect((await page(b, first.conversation_id)).filter((m) => m.content === 'x')).toEqual([]);
  });
});

describe('reactions', () => {
  it('members toggle emoji of the fixed set, at most 3 each; both sockets get message_reaction_update', async () => {
    const [a, b, outsider] = [
      await socialMember('rct'),
      await socialMember('rct'),
      await socialMember('rct'),
    ];
    const message = (await send(a, b, 'I finished my first 10k!')).body;
    const [sa, sb] = [await listen(a), await listen(b)];

    const added = await react(b, message.id, '❤️');
    expect(added.status).toBe(200);
    expect(added.body.reactions).toEqual([{ emoji: '❤️', count: 1, user_ids: [b.id] }]);
    expect((await react(b, message.id, '❤️')).body.reactions).toEqual(added.body.reactions); // idempotent
    expect((await react(a, message.id, '❤️')).body.reactions).toEqual([
      { emoji: '❤️', count: 2, user_ids: [b.id, a.id] },
    ]);
    for (const socket of [sa, sb])
      await waitFor(() => socket.received('message_reaction_update').length >= 2, {
        what: 'both reaction updates on each member’s socket',
      });
    expect(sa.received('message_reaction_update')[0]).toEqual({
      message_id: message.id,
      conversation_id: message.conversation_id,
      reactions: [{ emoji: '❤️', count: 1, user_ids: [b.id] }],
      user_id: b.id,
      emoji: '❤️',
      on: true,
    });

    // Limits: the set only, 3 different per member, members only, a real message.
    expect((await react(b, message.id, '🔥')).status).toBe(422);
    await react(b, message.id, '😂');
    await react(b, message.id, '👍');
    const fourth = await react(b, message.id, '🙏');
    expect(fourth.status).toBe(400);
    expect(fourth.body).toEqual({ detail: 'You can react to a message with at most 3 different emoji' });
    expect((await react(outsider, message.id, '👍')).status).toBe(404);
    expect((await react(b, randomUUID(), '👍')).status).toBe(404);
    expect((await react(b, 'nope', '👍')).status).toBe(404);
    expect((await api('PUT', `/messages/${message.id}/reactions/%E2%9D%A4%EF%B8%8F`, {})).status).toBe(401);

    const removed = await react(b, message.id, '😂', 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.body.reactions.map((r: Loose) => [r.emoji, r.count])).toEqual([
      ['❤️', 2],
      ['👍', 1],
    ]);
    expect((await page(a, message.conversation_id))[0].reactions).toEqual(removed.body.reactions);
    await waitFor(
      () => sa.received('message_reaction_update').some((u) => u.emoji === '😂' && u.on === false),
      { what: 'the removal on the socket' },
    );

    // Blocked either way: no reactions.
    expect((await api('POST', `/users/${a.id}/block`, { token: b.token, body: {} })).status).toBe(200);
    await waitFor(async () => (await react(a, message.id, '🙏')).status === 400, {
      what: 'the block to reach messaging',
    });
    expect((await react(a, message.id, '🙏')).body).toEqual({ detail: 'You cannot message this user' });
  });
});

describe('search in a conversation', () => {
  it('finds text case-insensitively and literally, newest first, paged; members only', async () => {
    const [a, b, outsider] = [
      await socialMember('srch'),
      await socialMember('srch'),
      await socialMember('srch'),
    ];
    const one = (await send(a, b, 'Yoga (beginner) on Monday')).body;
    await send(b, a, 'sounds good');
    const two = (await send(b, a, 'YOGA again on friday')).body;
    const search = (who: Member, q: string, extra = '') =>
      api('GET', `/conversations/${one.conversation_id}/messages/search?q=${encodeURIComponent(q)}${extra}`, {
        token: who.token,
      });
    const first = await search(b, 'yoga', '&limit=1');
    expect(first.status).toBe(200);
    expect(first.body.map((m: Loose) => m.id)).toEqual([two.id]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await search(b, 'yoga', `&limit=1&cursor=${encodeURIComponent(cursor!)}`);
    expect(second.body.map((m: Loose) => m.id)).toEqual([one.id]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await search(a, '(beginner)')).body.map((m: Loose) => m.id)).toEqual([one.id]);
    expect((await search(a, '.*')).body).toEqual([]);
    const short = await search(a, 'y');
    expect(short.status).toBe(422);
    expect(short.body).toEqual({ detail: 'Search for at least 2 characters' });
    expect((await search(a, 'y'.repeat(101))).status).toBe(422);
    expect((await search(outsider, 'yoga')).status).toBe(404);
    expect((await search(a, 'yoga', '&limit=51')).status).toBe(422);
  });
});

describe('reply to a story', () => {
  it('sends a message quoting the story to its author; a post, a missing story and oneself are refused', async () => {
    const [author, fan] = [await socialMember('sty'), await socialMember('sty')];
    const story = await createPost(author, { content: 'Sunrise run done', is_story: true });
    const sAuthor = await listen(author);
    const reply = await api('POST', `/stories/${story.id}/reply`, {
      token: fan.token,
      body: { content: '🔥' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      content: '🔥',
      recipient_id: author.id,
      story: { story_id: story.id, author_id: author.id, excerpt: 'Sunrise run done', media_url: null },
    });
    await waitFor(() => sAuthor.received('new_message').some((m) => m.id === reply.body.id), {
      what: 'the story reply on the author’s socket',
    });
    const conversation = (await api('GET', `/conversations/${fan.id}`, { token: author.token })).body;
    expect(conversation.conversation.last_message.story.story_id).toBe(story.id);

    const post = await createPost(author, { content: 'Just a post' });
    const refused = await api('POST', `/stories/${post.id}/reply`, {
      token: fan.token,
      body: { content: 'hi' },
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ detail: 'Story not found' });
    expect(
      (await api('POST', `/stories/${randomUUID()}/reply`, { token: fan.token, body: { content: 'hi' } }))
        .status,
    ).toBe(404);
    expect(
      (await api('POST', `/stories/${story.id}/reply`, { token: author.token, body: { content: 'me' } }))
        .status,
    ).toBe(400);
    expect(
      (await api('POST', `/stories/${story.id}/reply`, { token: fan.token, body: { content: '  ' } })).status,
    ).toBe(400);
    expect((await api('POST', `/stories/${story.id}/reply`, { token: fan.token, body: {} })).status).toBe(
      422,
    );
  });
});
