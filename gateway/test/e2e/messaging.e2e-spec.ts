import { randomUUID } from 'node:crypto';
import { api, baseUrl, newMember, type Loose } from './support/api';
import { fetchMedia, mp3Bytes, pngBytes } from './support/media-files';

interface Member {
  id: string;
  username: string;
  token: string;
}

async function member(prefix = 'msg', displayName?: string): Promise<Member> {
  const { status, body } = await api('POST', '/auth/register', {
    body: { ...newMember(prefix), display_name: displayName },
  });
  if (status !== 201) throw new Error(`register answered ${status}`);
  return { id: body.user.id, username: body.user.username, token: body.access_token };
}

const send = (from: Member, body: Record<string, unknown>) =>
  api('POST', '/messages', { token: from.token, body });

async function sendWithMedia(
  from: Member,
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type: string } | undefined,
  fileFirst = false,
): Promise<{ status: number; body: Loose }> {
  const form = new FormData();
  const addFile = () =>
    file && form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  if (fileFirst) addFile();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (!fileFirst) addFile();
  const response = await fetch(`${baseUrl}/api/messages/send-with-media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${from.token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe('conversations and messages', () => {
  it('GET /conversations/{userId} creates the conversation once and answers conversation_id', async () => {
    const [a, b] = [await member(), await member()];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api('GET', `/conversations/${b.id}`, { token: a.token })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((r) => r.body.conversation_id));
    expect(ids.size).toBe(1);
    const { body } = await api('GET', `/conversations/${a.id}`, { token: b.token });
    expect(body.conversation_id).toBe([...ids][0]);
    expect(body.conversation).toMatchObject({
      id: body.conversation_id,
      other_participant: { id: a.id, username: a.username },
      unread_count: 0,
      is_blocked: false,
      last_message: null,
      last_message_time: null,
    });
    expect((await api('GET', `/conversations/${a.id}`, { token: a.token })).body).toEqual({
      detail: 'You cannot message yourself',
    });
    expect((await api('GET', '/conversations/0123456789abcdef01234567', { token: a.token })).status).toBe(
      404,
    );
    expect((await api('GET', '/conversations/not-a-member', { token: a.token })).status).toBe(404);
    expect((await api('GET', '/conversations')).status).toBe(401);
  });

  it('lists conversations with the other participant, unread count, last message and times', async () => {
    const [a, b, c] = [await member('la', 'Luna A'), await member('lb'), await member('lc')];
    const first = await send(a, { recipient_id: b.id, content: 'hello b', message_type: 'text' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      conversation_id: expect.stringContaining(a.id),
      sender: { id: a.id, username: a.username, display_name: 'Luna A', aura_score: 100 },
      recipient_id: b.id,
      content: 'hello b',
      message_type: 'text',
      media_url: null,
      is_read: false,
    });
    await send(c, { recipient_id: b.id, content: 'x'.repeat(80), message_type: 'text' });
    const { status, body } = await api('GET', '/conversations', { token: b.token });
    expect(status).toBe(200);
    expect(body.map((conv: Loose) => conv.other_participant.id)).toEqual([c.id, a.id]);
    expect(body[1]).toMatchObject({
      id: first.body.conversation_id,
      unread_count: 1,
      is_blocked: false,
      last_message: { id: first.body.id, content: 'hello b' },
      last_message_time: first.body.created_at,
      other_participant: { id: a.id, username: a.username, display_name: 'Luna A', is_online: false },
    });
    expect(Date.parse(body[1].created_at)).toBeLessThanOrEqual(Date.parse(body[1].updated_at));
    expect((await api('GET', '/conversations', { token: a.token })).body[0].unread_count).toBe(0);
  });

  it('pages messages newest page first (X-Next-Cursor), chronological inside a page, no gaps', async () => {
    const [a, b] = [await member(), await member()];
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const from = i % 2 ? b : a;
      const to = i % 2 ? a : b;
      ids.push((await send(from, { recipient_id: to.id, content: `m${i}` })).body.id);
    }
    const conversation = (await api('GET', `/conversations/${b.id}`, { token: a.token })).body
      .conversation_id;
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5';
      const answer = await api('GET', `/conversations/${conversation}/messages${query}`, { token: b.token });
      expect(answer.status).toBe(200);
      seen.unshift(...answer.body.map((m: Loose) => m.id));
      cursor = answer.headers.get('x-next-cursor');
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    expect(
      (await api('GET', `/conversations/${conversation}/messages?limit=0`, { token: b.token })).status,
    ).toBe(422);
    expect(
      (await api('GET', `/conversations/${conversation}/messages?cursor=zzz`, { token: b.token })).status,
    ).toBe(422);
  });

  it('refuses blank, over-long, self-addressed and malformed messages', async () => {
    const [a, b] = [await member(), await member()];
    expect(await send(a, { recipient_id: b.id, content: '   ' })).toMatchObject({
      status: 400,
      body: { detail: 'Message cannot be empty' },
    });
    expect((await send(a, { recipient_id: b.id, content: 'x'.repeat(5001) })).status).toBe(400);
    expect((await send(a, { recipient_id: a.id, content: 'me' })).body).toEqual({
      detail: 'You cannot message yourself',
    });
    expect((await send(a, { recipient_id: '0123456789abcdef01234567', content: 'hi' })).body).toEqual({
      detail: 'User not found',
    });
    expect((await send(a, { recipient_id: b.id })).status).toBe(422);
    expect((await send(a, { recipient_id: b.id, content: 'hi', message_type: 'image' })).status).toBe(422);
    expect(
      (await send(a, { recipient_id: b.id, content: 'hi', client_message_id: 'has space' })).status,
    ).toBe(422);
  });

  it('a retried send with the same client_message_id is one message', async () => {
    const [a, b] = [await member(), await member()];
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(a, { recipient_id: b.id, content: 'once', client_message_id: clientId }),
      ),
    );
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    const { body } = await api('GET', '/conversations', { token: b.token });
    expect(body[0].unread_count).toBe(1);
  });

  it('only members read a conversation', async () => {
    const [a, b, outsider] = [await member(), await member(), await member()];
    const sent = (await send(a, { recipient_id: b.id, content: 'just us' })).body;
    expect(
      (await api('GET', `/conversations/${sent.conversation_id}/messages`, { token: outsider.token })).body,
    ).toEqual({
      detail: 'Conversation not found',
    });
    expect((await api('GET', `/conversations/${sent.conversation_id}/messages`)).status).toBe(401);
    expect(
      (await api('GET', `/conversations/${sent.conversation_id}/messages`, { token: b.token })).status,
    ).toBe(200);
  });
});

describe('POST /messages/send-with-media', () => {
  it('stores an image through media, readable only through the signed URL the members get', async () => {
    const [a, b] = [await member(), await member()];
    const image = { bytes: await pngBytes(), name: 'photo.png', type: 'image/png' };
    const { status, body } = await sendWithMedia(
      a,
      { recipient_id: b.id, content: 'look', message_type: 'image' },
      image,
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ message_type: 'image', content: 'look', recipient_id: b.id });
    expect(body.media_url).toMatch(/^\/api\/media\/messages\/[^?]+\?expires=\d+&sig=/);
    const fetched = await fetchMedia(body.media_url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toMatch(/^image\//);
    const unsigned = await fetchMedia(body.media_url.split('?')[0]);
    expect(unsigned.status).toBe(403);
    const { body: page } = await api('GET', `/conversations/${body.conversation_id}/messages`, {
      token: b.token,
    });
    expect(page[0]).toMatchObject({ id: body.id, message_type: 'image' });
    // Signed anew for the reader at every read (issue 18): the same file, a URL of its own that
    // works, valid for AURA_MEDIA_SIGNED_URL_TTL_SECONDS (15 min) from now.
    expect(page[0].media_url.split('?')[0]).toBe(body.media_url.split('?')[0]);
    const expires = Number(new URL(page[0].media_url, baseUrl).searchParams.get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now());
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 900_000 + 5_000);
    expect((await fetchMedia(page[0].media_url)).status).toBe(200);
  });

  it("reads the fields even when the file comes first; the type is the file's", async () => {
    const [a, b] = [await member(), await member()];
    const audio = { bytes: mp3Bytes(60), name: 'voice.mp3', type: 'audio/mpeg' };
    const { status, body } = await sendWithMedia(
      a,
      { recipient_id: b.id, message_type: 'audio' },
      audio,
      true,
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ message_type: 'audio', content: '' });
  });

  it('refuses without a file, without a recipient, to a blocked member, and a disguised file', async () => {
    const [a, b] = [await member(), await member()];
    const image = { bytes: await pngBytes(), name: 'photo.png', type: 'image/png' };
    expect((await sendWithMedia(a, { recipient_id: b.id }, undefined)).status).toBe(422);
    expect((await sendWithMedia(a, {}, image)).status).toBe(422);
    expect((await sendWithMedia(a, { recipient_id: b.id, message_type: 'gif' }, image)).status).toBe(422);
    const fake = { bytes: Buffer.from('not really a picture at all'), name: 'x.png', type: 'image/png' };
    expect((await sendWithMedia(a, { recipient_id: b.id }, fake)).status).toBe(400);
    expect((await api('POST', `/users/${a.id}/block`, { token: b.token, body: {} })).status).toBe(200);
    const blocked = await eventually(async () => {
      const answer = await sendWithMedia(a, { recipient_id: b.id }, image);
      return answer.status === 400 ? answer : undefined;
    }, 'the block to reach messaging');
    expect(blocked.body).toEqual({ detail: 'You cannot message this user' });
  });
});

describe('notifications', () => {
  it('GET /notifications, /stats, PUT read and mark-all-read (static routes win over {id})', async () => {
    const me = await member();
    expect((await api('GET', '/notifications?limit=20', { token: me.token })).body).toEqual([]);
    expect((await api('GET', '/notifications/stats', { token: me.token })).body).toEqual({ unread_count: 0 });
    expect((await api('PUT', '/notifications/mark-all-read', { token: me.token })).body).toEqual({
      unread_count: 0,
    });
    expect((await api('PUT', `/notifications/${randomUUID()}/read`, { token: me.token })).body).toEqual({
      detail: 'Notification not found',
    });
    expect((await api('PUT', '/notifications/stats/read', { token: me.token })).status).toBe(404);
    expect((await api('GET', '/notifications?limit=51', { token: me.token })).status).toBe(422);
    expect((await api('GET', '/notifications')).status).toBe(401);
  });
});
