// Notification settings through HTTP (issue 23, item 4): GET/PUT /notifications/settings, the rules
// (unknown types 422, account and money ones stay on 400, 401 without a token), and the server honours
// them: with likes turned off, a like makes no notification while a comment on the same post does.
// (The like and the comment travel in one Kafka partition, keyed by the post: once the comment's
// notification is there, the like has been handled.)
import { api } from './support/api';
import { CATCH_UP_TIMEOUT_MS, createPost, socialCaughtUp, socialMembers } from './support/social';

beforeAll(async () => {
  await socialCaughtUp();
}, CATCH_UP_TIMEOUT_MS);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notification settings', () => {
  it('reads and replaces the types turned off; refuses unknown and always-on types', async () => {
    const [member] = await socialMembers(1, 'nst');
    const token = member.token;
    expect(await api('GET', '/notifications/settings', { token })).toMatchObject({
      status: 200,
      body: { muted_types: [], daily_digest: false, wellbeing_reminder: null },
    });
    expect(
      await api('PUT', '/notifications/settings', { token, body: { muted_types: ['tip', 'like', 'tip'] } }),
    ).toMatchObject({ status: 200, body: { muted_types: ['like', 'tip'], daily_digest: false } });
    expect((await api('GET', '/notifications/settings', { token })).body).toEqual({
      muted_types: ['like', 'tip'],
      daily_digest: false,
      wellbeing_reminder: null,
    });

    expect(
      await api('PUT', '/notifications/settings', { token, body: { muted_types: ['withdrawal'] } }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'Account and money notifications cannot be turned off' },
    });
    expect(
      await api('PUT', '/notifications/settings', { token, body: { muted_types: ['parties'] } }),
    ).toMatchObject({ status: 422, body: { detail: 'Unknown notification type: parties' } });
    expect(
      (await api('PUT', '/notifications/settings', { token, body: { muted_types: 'like' } })).status,
    ).toBe(422);
    expect((await api('PUT', '/notifications/settings', { token, body: {} })).status).toBe(422);
    expect(
      await api('PUT', '/notifications/settings', { token, body: { muted_types: [], daily_digest: 'yes' } }),
    ).toMatchObject({ status: 422, body: { detail: 'daily_digest must be true or false' } });
    expect((await api('GET', '/notifications/settings')).status).toBe(401);
    expect(
      (await api('PUT', '/notifications/settings', { body: { muted_types: [], daily_digest: true } })).status,
    ).toBe(401);
    // Nothing changed by the refused ones.
    expect((await api('GET', '/notifications/settings', { token })).body).toEqual({
      muted_types: ['like', 'tip'],
      daily_digest: false,
      wellbeing_reminder: null,
    });
    // The daily digest: on, and left as it is by an update that does not name it.
    expect(
      await api('PUT', '/notifications/settings', {
        token,
        body: { muted_types: ['tip'], daily_digest: true },
      }),
    ).toMatchObject({ status: 200, body: { muted_types: ['tip'], daily_digest: true } });
    expect(await api('PUT', '/notifications/settings', { token, body: { muted_types: [] } })).toMatchObject({
      status: 200,
      body: { muted_types: [], daily_digest: true },
    });
    expect(
      await api('PUT', '/notifications/settings', { token, body: { muted_types: [], daily_digest: false } }),
    ).toMatchObject({ status: 200, body: { muted_types: [], daily_digest: false } });

    // The wellbeing reminder: a time of the member's day in their zone; null turns it off.
    const reminder = { time: '20:30', time_zone: 'Europe/Berlin' };
    expect(
      await api('PUT', '/notifications/settings', {
        token,
        body: { muted_types: [], wellbeing_reminder: reminder },
      }),
    ).toMatchObject({ status: 200, body: { wellbeing_reminder: reminder } });
    expect(
      (await api('PUT', '/notifications/settings', { token, body: { muted_types: [] } })).body,
    ).toMatchObject({
      wellbeing_reminder: reminder,
    });
    for (const [bad, detail] of [
      [{ time: '8pm', time_zone: 'UTC' }, 'The reminder time must be HH:MM (00:00 to 23:59)'],
      [{ time: '20:00', time_zone: 'Mars/Base' }, 'Unknown time zone: Mars/Base'],
    ] as const)
      expect(
        await api('PUT', '/notifications/settings', {
          token,
          body: { muted_types: [], wellbeing_reminder: bad },
        }),
      ).toMatchObject({ status: 422, body: { detail } });
    // Not {time, time_zone} strings at all: malformed.
    for (const bad of [{ time: 2030, time_zone: 'UTC' }, '20:30'])
      expect(
        (
          await api('PUT', '/notifications/settings', {
            token,
            body: { muted_types: [], wellbeing_reminder: bad },
          })
        ).status,
      ).toBe(422);
    expect((await api('GET', '/notifications/settings', { token })).body).toMatchObject({
      wellbeing_reminder: reminder,
    });
    expect(
      await api('PUT', '/notifications/settings', {
        token,
        body: { muted_types: [], wellbeing_reminder: null },
      }),
    ).toMatchObject({ status: 200, body: { wellbeing_reminder: null } });
  });

  it('is honoured: with likes off, a like notifies nothing while a comment does', async () => {
    const [author, fan] = await socialMembers(2, 'nsh');
    expect(
      (await api('PUT', '/notifications/settings', { token: author.token, body: { muted_types: ['like'] } }))
        .status,
    ).toBe(200);
    const post = await createPost(author, { content: 'Quiet please' });
    expect((await api('POST', `/posts/${post.id}/like`, { token: fan.token })).status).toBe(200);
    expect(
      (await api('POST', `/posts/${post.id}/comments`, { token: fan.token, body: { content: 'Lovely' } }))
        .status,
    ).toBe(201);

    const deadline = Date.now() + 60_000;
    let types: string[] = [];
    while (Date.now() < deadline) {
      types = ((await api('GET', '/notifications', { token: author.token })).body as { type: string }[]).map(
        (n) => n.type,
      );
      if (types.includes('comment')) break;
      await sleep(250);
    }
    expect(types).toEqual(['comment']);
  });
});
