import { io, Socket } from 'socket.io-client';
import { api, baseUrl, type Loose } from './support/api';
import { CATCH_UP_TIMEOUT_MS, socialCaughtUp, socialMember } from './support/social';

// Notifications made by the messaging service from the social service's events, through the API.

interface Member {
  id: string;
  username: string;
  token: string;
}

/** A member social already knows (it learns of sign-ups from identity's events). */
const member = (prefix: string, displayName?: string): Promise<Member> => socialMember(prefix, displayName);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A social action, repeated while social answers 404: social learns of a new member from identity's
 * events, so right after sign-up it may not show their post yet. Only 404s are repeated (likes toggle).
 */
async function act(method: string, path: string, token: string, body?: unknown): Promise<number> {
  const deadline = Date.now() + 15000;
  for (;;) {
    const { status } = await api(method, path, { token, body });
    if (status !== 404 || Date.now() > deadline) return status;
    await sleep(250);
  }
}

async function notificationsOf(who: Member, count: number, timeoutMs = 60000): Promise<Loose[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api('GET', '/notifications?limit=20', { token: who.token });
    if (body.length >= count) return body;
    if (Date.now() > deadline)
      throw new Error(`${who.username} has ${body.length} of ${count} notifications`);
    await sleep(250);
  }
}

describe('notifications from social actions', () => {
  let socket: Socket | undefined;
  // Social reads identity's whole history when a test stack starts; on a busy machine that can take
  // longer than one catch-up wait.
  beforeAll(async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await socialCaughtUp();
      } catch (error) {
        if (attempt >= 2) throw error;
      }
    }
  }, 2 * CATCH_UP_TIMEOUT_MS);
  afterEach(() => socket?.close());

  it('like, comment, follow and mention notify the member (live too), never for acting on your own', async () => {
    const [author, fan] = [await member('nauth', 'Nova Author'), await member('nfan', 'Kai Fan')];
    const live: Loose[] = [];
    socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token: author.token } });
    socket.on('new_notification', (n: Loose) => live.push(n));
    await new Promise<void>((resolve) => socket!.once('connect', resolve));

    const post = await api('POST', '/posts', { token: author.token, body: { content: 'Morning light' } });
    expect(post.status).toBe(201);
    // The author acting on their own post: nothing.
    expect(await act('POST', `/posts/${post.body.id}/like`, author.token)).toBe(200);
    expect(await act('POST', `/posts/${post.body.id}/comments`, author.token, { content: 'mine' })).toBe(201);

    expect(await act('POST', `/posts/${post.body.id}/like`, fan.token)).toBe(200);
    expect(await act('POST', `/posts/${post.body.id}/comments`, fan.token, { content: 'Lovely!' })).toBe(201);
    expect(await act('POST', `/users/${author.id}/follow`, fan.token)).toBe(200);
    expect(
      (
        await api('POST', '/posts', {
          token: fan.token,
          body: { content: `Thanks @${author.username} for this` },
        })
      ).status,
    ).toBe(201);

    const list = await notificationsOf(author, 4);
    expect(list.map((n: Loose) => n.type).sort()).toEqual(['comment', 'follow', 'like', 'mention']);
    for (const n of list) {
      expect(n).toMatchObject({
        is_read: false,
        from_user: { id: fan.id, username: fan.username, display_name: 'Kai Fan' },
      });
      expect(n.message).toContain('Kai Fan');
    }
    for (const n of list.filter((x: Loose) => ['follow', 'mention'].includes(x.type)))
      expect(n.metadata.aura_coins_earned).toBeUndefined();
    expect(list.find((n: Loose) => n.type === 'like')).toMatchObject({
      title: 'New like',
      message: 'Kai Fan liked your post',
      metadata: { post_id: post.body.id },
    });
    expect((await api('GET', '/notifications/stats', { token: author.token })).body).toEqual({
      unread_count: 4,
    });

    // Economy pays the like (+0.01 AC) and the comment (+0.05 AC) received: the notifications show it.
    const earned = async () => {
      const all: Loose[] = (await api('GET', '/notifications', { token: author.token })).body;
      const coins = (type: string) => all.find((n) => n.type === type)?.metadata.aura_coins_earned;
      return coins('like') === 0.01 && coins('comment') === 0.05;
    };
    const deadline = Date.now() + 30000;
    while (!(await earned()) && Date.now() < deadline) await sleep(500);
    expect(await earned()).toBe(true);

    // Toggling the like off and on, or the event arriving twice, never notifies twice.
    await api('POST', `/posts/${post.body.id}/like`, { token: fan.token });
    await api('POST', `/posts/${post.body.id}/like`, { token: fan.token });
    await sleep(2000);
    expect((await notificationsOf(author, 4)).length).toBe(4);
    expect(await notificationsOf(fan, 0)).toEqual([]);

    // Pushed live as they were made.
    expect(live.map((n) => n.type).sort()).toEqual(['comment', 'follow', 'like', 'mention']);

    const like = list.find((n: Loose) => n.type === 'like');
    expect((await api('PUT', `/notifications/${like.id}/read`, { token: author.token })).body).toEqual({
      unread_count: 3,
    });
    expect((await api('PUT', `/notifications/${like.id}/read`, { token: fan.token })).status).toBe(404);
    expect((await api('PUT', '/notifications/mark-all-read', { token: author.token })).body).toEqual({
      unread_count: 0,
    });
    const after = (await api('GET', '/notifications', { token: author.token })).body;
    expect(after.every((n: Loose) => n.is_read)).toBe(true);
  }, 180_000);
});
