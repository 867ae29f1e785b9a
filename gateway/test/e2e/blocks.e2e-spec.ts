import { api, newMember, type Loose } from './support/api';

interface Member {
  id: string;
  username: string;
  token: string;
}

async function member(prefix = 'blk'): Promise<Member> {
  const { status, body } = await api('POST', '/auth/register', { body: newMember(prefix) });
  if (status !== 201) throw new Error(`register answered ${status}`);
  return { id: body.user.id, username: body.user.username, token: body.access_token };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const send = (from: Member, to: Member, content = 'hi') =>
  api('POST', '/messages', {
    token: from.token,
    body: { recipient_id: to.id, content, message_type: 'text' },
  });

/** Blocks travel to messaging as events: wait until its answer changes. */
async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 15000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe('blocks', () => {
  it('GET /users/blocked lists whom you block (entries with user.id); blocking is idempotent', async () => {
    const [a, b] = [await member(), await member()];
    expect((await api('GET', '/users/blocked', { token: a.token })).body).toEqual([]);
    const blocked = await api('POST', `/users/${b.id}/block`, {
      token: a.token,
      body: { user_id: b.id, reason: 'spam' },
    });
    expect(blocked).toMatchObject({ status: 200, body: { user_id: b.id, is_blocked: true } });
    expect((await api('POST', `/users/${b.id}/block`, { token: a.token, body: {} })).status).toBe(200);
    const list = await api('GET', '/users/blocked', { token: a.token });
    expect(list.body).toEqual([
      {
        user: expect.objectContaining({ id: b.id, username: b.username }),
        reason: 'spam',
        blocked_at: expect.any(String),
      },
    ]);
    expect((await api('GET', '/users/blocked', { token: b.token })).body).toEqual([]);
  });

  it('refuses blocking oneself, a mismatched body, unknown members; needs a token', async () => {
    const [a, b] = [await member(), await member()];
    expect((await api('POST', `/users/${a.id}/block`, { token: a.token, body: {} })).body).toEqual({
      detail: 'You cannot block yourself',
    });
    expect(
      (await api('POST', `/users/${b.id}/block`, { token: a.token, body: { user_id: a.id } })).status,
    ).toBe(400);
    expect(
      (await api('POST', '/users/0123456789abcdef01234567/block', { token: a.token, body: {} })).status,
    ).toBe(404);
    expect((await api('POST', '/users/blocked/block', { token: a.token, body: {} })).status).toBe(404);
    expect((await api('POST', `/users/${b.id}/block`, { body: {} })).status).toBe(401);
    expect((await api('GET', '/users/blocked')).status).toBe(401);
    expect(
      (await api('POST', `/users/${b.id}/block`, { token: a.token, body: { reason: 'x'.repeat(501) } }))
        .status,
    ).toBe(422);
  });

  it('blocks messages both ways with "You cannot message this user"; unblocking restores them', async () => {
    const [a, b] = [await member(), await member()];
    expect((await send(a, b, 'before')).status).toBe(201);
    expect(
      (await api('POST', `/users/${b.id}/block`, { token: a.token, body: { user_id: b.id } })).status,
    ).toBe(200);

    await until(async () => (await send(b, a)).status === 400, 'the block to reach messaging');
    expect((await send(b, a)).body).toEqual({ detail: 'You cannot message this user' });
    expect((await send(a, b)).body).toEqual({ detail: 'You cannot message this user' });
    const [forA] = (await api('GET', '/conversations', { token: a.token })).body as Loose[];
    const [forB] = (await api('GET', '/conversations', { token: b.token })).body as Loose[];
    expect(forA.is_blocked).toBe(true);
    expect(forB.is_blocked).toBe(true);

    expect((await api('DELETE', `/users/${b.id}/block`, { token: a.token })).body).toMatchObject({
      user_id: b.id,
      is_blocked: false,
    });
    expect((await api('DELETE', `/users/${b.id}/block`, { token: a.token })).status).toBe(200);
    await until(async () => (await send(b, a, 'after')).status === 201, 'the unblock to reach messaging');
    expect((await api('GET', '/conversations', { token: a.token })).body[0].is_blocked).toBe(false);
    expect((await api('GET', '/users/blocked', { token: a.token })).body).toEqual([]);
  });

  it('either side blocking is enough, and one side unblocking leaves the other block', async () => {
    const [a, b] = [await member(), await member()];
    await api('POST', `/users/${b.id}/block`, { token: a.token, body: {} });
    await api('POST', `/users/${a.id}/block`, { token: b.token, body: {} });
    await until(async () => (await send(a, b)).status === 400, 'the blocks to reach messaging');
    await api('DELETE', `/users/${b.id}/block`, { token: a.token });
    await sleep(1500);
    expect((await send(a, b)).body).toEqual({ detail: 'You cannot message this user' });
    await api('DELETE', `/users/${a.id}/block`, { token: b.token });
    await until(async () => (await send(a, b)).status === 201, 'both unblocks to reach messaging');
  });
});
