import { api, clientAddress, newMember, refreshCookie, uniqueName } from './support/api';

describe('auth through the gateway', () => {
  it('signs up: 201, a token, the member with defaults, and an httpOnly refresh cookie', async () => {
    const member = newMember();
    const answer = await api('POST', '/auth/register', { body: member });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      token_type: 'bearer',
      user: {
        username: member.username,
        display_name: member.username,
        email: member.email,
        role: 'user',
        aura_score: 100,
        is_super_aura: false,
      },
    });
    expect(answer.body.access_token.split('.')).toHaveLength(3);
    expect(answer.body.user).not.toHaveProperty('password');
    const setCookie = answer.headers.getSetCookie().find((c) => c.startsWith('aura_refresh='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
  });

  it('keeps the display name given at sign-up', async () => {
    const member = newMember();
    const answer = await api('POST', '/auth/register', {
      body: { ...member, display_name: 'Luna of the Tides' },
    });
    expect(answer.body.user.display_name).toBe('Luna of the Tides');
  });

  // One answer for a username or an e-mail already registered: it does not say which (docs/security.md).
  const UNAVAILABLE =
    'This username or email cannot be used. Choose another, or sign in if you already have an account.';

  it('refuses a username taken in any letter case, without saying which field', async () => {
    const member = newMember();
    expect((await api('POST', '/auth/register', { body: member })).status).toBe(201);
    const again = await api('POST', '/auth/register', {
      body: { ...member, username: member.username.toUpperCase(), email: `other_${member.email}` },
    });
    expect(again).toEqual(expect.objectContaining({ status: 400, body: { detail: UNAVAILABLE } }));
  });

  it('refuses an e-mail already registered with the same answer', async () => {
    const member = newMember();
    await api('POST', '/auth/register', { body: member });
    const other = newMember();
    const again = await api('POST', '/auth/register', {
      body: { ...other, email: member.email.toUpperCase() },
    });
    expect(again).toEqual(expect.objectContaining({ status: 400, body: { detail: UNAVAILABLE } }));
  });

  it.each([
    [{ username: 'ab' }, 'Username must be 3-30 characters: letters, numbers and underscores only'],
    [
      { username: 'no spaces allowed' },
      'Username must be 3-30 characters: letters, numbers and underscores only',
    ],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
  ])('breaking a rule (%p) answers 400 with the rule and stores nothing', async (change, detail) => {
    const member = { ...newMember(), ...change };
    expect(await api('POST', '/auth/register', { body: member })).toMatchObject({
      status: 400,
      body: { detail },
    });
    if ('password' in change) {
      // Nothing was stored: the same username can still sign up.
      expect(
        (await api('POST', '/auth/register', { body: { ...member, password: 'long enough now' } })).status,
      ).toBe(201);
    }
  });

  it.each([
    ['a missing password', { body: { username: 'someone', email: 'someone@example.com' } }],
    [
      'a number for a username',
      { body: { username: 42, email: 'x@example.com', password: 'correct horse' } },
    ],
    ['a body that is not JSON', { rawBody: '{"username": ' }],
  ])('malformed input (%s) answers 422 {detail}', async (_case, options) => {
    const answer = await api('POST', '/auth/register', options);
    expect(answer.status).toBe(422);
    expect(typeof answer.body.detail).toBe('string');
  });

  it('names the missing field of a malformed body', async () => {
    const answer = await api('POST', '/auth/login', { body: { username: 'someone' } });
    expect(answer).toMatchObject({ status: 422, body: { detail: 'password is required' } });
  });

  it('signs in with the username in any case, and refuses bad credentials with 401', async () => {
    const member = newMember();
    await api('POST', '/auth/register', { body: member });
    const ok = await api('POST', '/auth/login', {
      body: { username: member.username.toUpperCase(), password: member.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.username).toBe(member.username);
    const wrong = await api('POST', '/auth/login', {
      body: { username: member.username, password: 'wrong password' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { detail: 'Invalid username or password' } });
    const unknown = await api('POST', '/auth/login', {
      body: { username: 'nobody_here_at_all', password: 'whatever1' },
    });
    expect(unknown).toMatchObject({ status: 401, body: { detail: 'Invalid username or password' } });
  });

  it('answers /auth/me for a valid token only', async () => {
    const member = newMember();
    const { body } = await api('POST', '/auth/register', { body: member });
    const me = await api('GET', '/auth/me', { token: body.access_token });
    expect(me).toMatchObject({
      status: 200,
      body: { id: body.user.id, username: member.username, email: member.email },
    });
    expect(await api('GET', '/auth/me')).toMatchObject({
      status: 401,
      body: { detail: 'Not authenticated' },
    });
    expect(await api('GET', '/auth/me', { token: 'not.a.token' })).toMatchObject({ status: 401 });
    const tampered = body.access_token.slice(0, -4) + 'AAAA';
    expect((await api('GET', '/auth/me', { token: tampered })).status).toBe(401);
  });

  it('rotates the refresh token, and a replayed one revokes the session', async () => {
    const registered = await api('POST', '/auth/register', { body: newMember() });
    const first = refreshCookie(registered.headers)!;
    const rotated = await api('POST', '/auth/refresh', { cookie: first });
    expect(rotated.status).toBe(200);
    expect((await api('GET', '/auth/me', { token: rotated.body.access_token })).status).toBe(200);
    const second = refreshCookie(rotated.headers)!;
    expect(second).not.toBe(first);

    // The first token again: a replay. It fails, and so does the token that replaced it.
    expect((await api('POST', '/auth/refresh', { cookie: first })).status).toBe(401);
    expect((await api('POST', '/auth/refresh', { cookie: second })).status).toBe(401);
    expect((await api('POST', '/auth/refresh')).status).toBe(401);
  });

  it('of concurrent refreshes with one token, exactly one succeeds', async () => {
    const registered = await api('POST', '/auth/register', { body: newMember() });
    const cookie = refreshCookie(registered.headers)!;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api('POST', '/auth/refresh', { cookie })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('of concurrent sign-ups of one name in different letter cases, exactly one succeeds', async () => {
    const member = newMember();
    const variants = [
      member.username,
      member.username.toUpperCase(),
      `${member.username[0].toUpperCase()}${member.username.slice(1)}`,
    ];
    const answers = await Promise.all(
      variants.map((username, i) =>
        api('POST', '/auth/register', { body: { ...member, username, email: `${i}${member.email}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const loser of answers.filter((a) => a.status !== 201)) {
      expect(loser).toMatchObject({ status: 400, body: { detail: UNAVAILABLE } });
    }
  });

  it('signs out: 204, the refresh cookie is cleared and no longer works', async () => {
    const registered = await api('POST', '/auth/register', { body: newMember() });
    const cookie = refreshCookie(registered.headers)!;
    const out = await api('POST', '/auth/logout', { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => /^aura_refresh=;/.test(c))).toBe(true);
    expect((await api('POST', '/auth/refresh', { cookie })).status).toBe(401);
  });

  it('rate limits sign-in attempts per client address: 429 with Retry-After', async () => {
    const headers = { 'x-forwarded-for': clientAddress() };
    // The limit is AURA_RATE_LIMIT_LOGIN_PER_MINUTE (20 in tests) per fixed minute window: start early
    // in a window so that the attempts (a few at a time, a slow machine included) all land in it.
    const intoWindow = Math.floor(Date.now() / 1000) % 60;
    if (intoWindow > 20) await new Promise((resolve) => setTimeout(resolve, (60 - intoWindow) * 1000 + 200));
    // A different account each time: only the address is counted here.
    const attempt = () =>
      api('POST', '/auth/login', {
        body: { username: uniqueName('nobody'), password: 'whatever1' },
        headers,
      });
    const statuses: number[] = [];
    for (let batch = 0; batch < 4; batch += 1)
      statuses.push(
        ...(await Promise.all(Array.from({ length: 5 }, attempt))).map((answer) => answer.status),
      );
    expect(statuses).toEqual(Array(20).fill(401));
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe('Too many attempts. Please wait a moment and try again.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await api('POST', '/auth/login', {
      body: { username: uniqueName('nobody'), password: 'whatever1' },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(other.status).toBe(401);
  }, 150_000); // may wait up to 40 s for the start of a rate-limit window

  it('limits failed sign-ins per account, from any address; other accounts are not affected', async () => {
    // AURA_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT (10) per fixed 15-minute window: start inside one.
    const intoWindow = Math.floor(Date.now() / 1000) % 900;
    if (intoWindow > 840)
      await new Promise((resolve) => setTimeout(resolve, (900 - intoWindow) * 1000 + 200));
    const member = newMember('lock');
    expect((await api('POST', '/auth/register', { body: member })).status).toBe(201);
    // A password spray over many addresses (a botnet, or members behind one NAT): each its own address.
    const wrong = () =>
      api('POST', '/auth/login', {
        body: { username: member.username, password: 'not-the-password' },
        headers: { 'x-forwarded-for': clientAddress() },
      });
    for (let i = 0; i < 10; i += 1) expect((await wrong()).status).toBe(401);
    const locked = await wrong();
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits for the window (in any letter case of the name).
    const right = await api('POST', '/auth/login', {
      body: { username: member.username.toUpperCase(), password: member.password },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(right.status).toBe(429);
    // Another account, from the same addresses' range, signs in.
    const other = newMember('lock');
    expect((await api('POST', '/auth/register', { body: other })).status).toBe(201);
    const fine = await api('POST', '/auth/login', {
      body: { username: other.username, password: other.password },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(fine.status).toBe(200);
  }, 150_000);

  it('creates the configured super admin at start', async () => {
    const answer = await api('POST', '/auth/login', {
      body: {
        username: process.env.AURA_SUPER_ADMIN_USERNAME,
        password: process.env.AURA_SUPER_ADMIN_PASSWORD,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.role).toBe('super_admin');
  });

  it('reports health and serves the OpenAPI document', async () => {
    expect(await api('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const docs = await api('GET', '/docs/openapi.json');
    expect(docs.status).toBe(200);
    expect(docs.body.paths).toHaveProperty(['/api/auth/login']);
  });
});

describe('changing the password', () => {
  const signIn = (username: string, password: string) =>
    api('POST', '/auth/login', { body: { username, password } });
  const change = (token: string, current_password: string, new_password: string) =>
    api('POST', '/auth/change-password', { token, body: { current_password, new_password } });

  it('needs the current password; signs every other session out at once and keeps this one', async () => {
    const member = newMember();
    const registered = await api('POST', '/auth/register', { body: member });
    const other = await signIn(member.username, member.password);
    const otherCookie = refreshCookie(other.headers)!;
    const here = await signIn(member.username, member.password);
    const token = here.body.access_token as string;

    const wrong = await change(token, 'not-my-password', 'a brand new passphrase');
    expect(wrong).toMatchObject({ status: 403, body: { detail: 'Incorrect password' } });
    expect((await signIn(member.username, member.password)).status).toBe(200);

    const changed = await change(token, member.password, 'a brand new passphrase');
    expect(changed).toMatchObject({ status: 200, body: { sessions_ended: 3 } });
    // This session goes on; the others (sign-up, the other sign-in, the check above) are over.
    expect((await api('GET', '/auth/me', { token })).status).toBe(200);
    expect((await api('POST', '/auth/refresh', { cookie: refreshCookie(here.headers)! })).status).toBe(200);
    const ended = await api('GET', '/auth/me', { token: other.body.access_token });
    expect(ended).toMatchObject({
      status: 401,
      body: { detail: 'Your session has ended. Please sign in again.' },
    });
    expect((await api('GET', '/auth/me', { token: registered.body.access_token })).status).toBe(401);
    expect((await api('POST', '/auth/refresh', { cookie: otherCookie })).status).toBe(401);
    // Only the new password signs in.
    expect((await signIn(member.username, member.password)).status).toBe(401);
    expect((await signIn(member.username, 'a brand new passphrase')).status).toBe(200);
  });

  it('refuses a new password the rules refuse, or the same one, changing nothing', async () => {
    const member = newMember();
    const token = (await api('POST', '/auth/register', { body: member })).body.access_token as string;
    expect(await change(token, member.password, 'short')).toMatchObject({
      status: 400,
      body: { detail: 'Password must be at least 8 characters' },
    });
    expect(await change(token, member.password, 'x'.repeat(129))).toMatchObject({
      status: 400,
      body: { detail: 'Password must be at most 128 characters' },
    });
    expect(await change(token, member.password, member.password)).toMatchObject({
      status: 400,
      body: { detail: 'New password must be different from the current one' },
    });
    expect(
      (await api('POST', '/auth/change-password', { token, body: { current_password: 1 } })).status,
    ).toBe(422);
    expect((await api('POST', '/auth/change-password', { body: {} })).status).toBe(401);
    expect((await signIn(member.username, member.password)).status).toBe(200);
  });
});

describe('devices: the sessions a member is signed in on', () => {
  const PHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
  const signIn = (username: string, password: string, userAgent: string) =>
    api('POST', '/auth/login', { body: { username, password }, headers: { 'user-agent': userAgent } });
  const sessions = (token: string) => api('GET', '/auth/sessions', { token });

  it('lists each signed-in device once, with its browser and last activity, the current one marked', async () => {
    const member = newMember();
    await api('POST', '/auth/register', { body: member, headers: { 'user-agent': LAPTOP } });
    const phone = await signIn(member.username, member.password, PHONE);
    const here = await signIn(member.username, member.password, LAPTOP);
    // A refresh keeps the session (one entry) and moves its last activity.
    const refreshed = await api('POST', '/auth/refresh', {
      cookie: refreshCookie(phone.headers)!,
      headers: { 'user-agent': PHONE },
    });
    expect(refreshed.status).toBe(200);

    const listed = await sessions(here.body.access_token);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    const [latest] = listed.body;
    expect(latest).toMatchObject({ user_agent: PHONE, current: false });
    expect(Date.parse(latest.last_seen_at)).toBeGreaterThan(Date.parse(latest.started_at));
    expect(listed.body.filter((session: { current: boolean }) => session.current)).toEqual([
      expect.objectContaining({ user_agent: LAPTOP }),
    ]);
    for (const session of listed.body) expect(session.ip).not.toBe('');
    // Another member sees only their own.
    const stranger = await api('POST', '/auth/register', { body: newMember() });
    expect((await sessions(stranger.body.access_token)).body).toHaveLength(1);
    expect((await api('GET', '/auth/sessions')).status).toBe(401);
  });

  it('signs one device out at once; another member cannot touch it', async () => {
    const member = newMember();
    await api('POST', '/auth/register', { body: member });
    const phone = await signIn(member.username, member.password, PHONE);
    const here = await signIn(member.username, member.password, LAPTOP);
    const token = here.body.access_token as string;
    const phoneSession = (await sessions(token)).body.find(
      (session: { user_agent: string }) => session.user_agent === PHONE,
    );

    const stranger = await api('POST', '/auth/register', { body: newMember() });
    const theirs = await api('DELETE', `/auth/sessions/${phoneSession.id}`, {
      token: stranger.body.access_token,
    });
    expect(theirs).toMatchObject({ status: 404, body: { detail: 'Session not found' } });
    expect((await api('GET', '/auth/me', { token: phone.body.access_token })).status).toBe(200);

    const ended = await api('DELETE', `/auth/sessions/${phoneSession.id}`, { token });
    expect(ended).toMatchObject({ status: 200, body: { sessions_ended: 1 } });
    expect(await api('GET', '/auth/me', { token: phone.body.access_token })).toMatchObject({
      status: 401,
      body: { detail: 'Your session has ended. Please sign in again.' },
    });
    expect((await api('POST', '/auth/refresh', { cookie: refreshCookie(phone.headers)! })).status).toBe(401);
    expect((await sessions(token)).body.map((session: { id: string }) => session.id)).not.toContain(
      phoneSession.id,
    );
    // Gone already: the same answer as someone else's.
    expect((await api('DELETE', `/auth/sessions/${phoneSession.id}`, { token })).status).toBe(404);
    expect((await api('GET', '/auth/me', { token })).status).toBe(200);
  });

  it('signs every other device out at once and keeps this one', async () => {
    const member = newMember();
    const registered = await api('POST', '/auth/register', { body: member });
    const phone = await signIn(member.username, member.password, PHONE);
    const here = await signIn(member.username, member.password, LAPTOP);
    const token = here.body.access_token as string;

    const ended = await api('POST', '/auth/sessions/end-others', { token });
    expect(ended).toMatchObject({ status: 200, body: { sessions_ended: 2 } });
    expect((await api('GET', '/auth/me', { token: phone.body.access_token })).status).toBe(401);
    expect((await api('GET', '/auth/me', { token: registered.body.access_token })).status).toBe(401);
    expect((await api('GET', '/auth/me', { token })).status).toBe(200);
    expect((await sessions(token)).body).toEqual([expect.objectContaining({ current: true })]);
    expect(await api('POST', '/auth/sessions/end-others', { token })).toMatchObject({
      status: 200,
      body: { sessions_ended: 0 },
    });
    expect((await api('POST', '/auth/sessions/end-others')).status).toBe(401);
  });
});
