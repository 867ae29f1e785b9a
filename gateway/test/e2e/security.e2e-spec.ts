// The gateway's and the browser's protections, proved from the outside (issue 18; docs/security.md):
// hostile amounts, browser headers and the built app, sessions that end at sign-out and at demotion,
// the socket handshake, the withdrawal's password, rate limits, and a limiter that fails closed.
// One service down: resilience.e2e-spec.ts; /metrics: metrics.e2e-spec.ts (and a check here).
import { closeEarnings, earn, waitFor } from '@aura/platform/testing';
import { io, Socket } from 'socket.io-client';
import { api, baseUrl, clientAddress, newMember, refreshCookie } from './support/api';
import { OwnedProcess, ownPort } from './support/processes';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const PASSWORD = newMember().password;

interface Member {
  id: string;
  username: string;
  email: string;
  token: string;
  cookie: string;
}

async function signUp(prefix = 'sec'): Promise<Member> {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', { body: member });
  expect(answer.status).toBe(201);
  return {
    id: answer.body.user.id,
    username: member.username,
    email: member.email,
    token: answer.body.access_token,
    cookie: refreshCookie(answer.headers)!,
  };
}

async function signIn(username: string, password: string) {
  const answer = await api('POST', '/auth/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(answer.status).toBe(200);
  return answer.body.access_token as string;
}

const superAdminToken = () =>
  signIn(
    process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
    process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
  );

/** Genie earnings: withdrawable AC (docs/money-rules.md). */
const fund = (member: Member, amount: number) => earn(member.id, amount);

const balanceOf = async (member: Member) =>
  (await api('GET', '/wallet', { token: member.token })).body.aura_coin_balance as number;

/** A socket.io client, no reconnection: resolves once connected or refused. */
function connect(options: Parameters<typeof io>[1]): Promise<{ socket: Socket; error?: Error }> {
  return new Promise((resolve) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      timeout: 5000,
      ...options,
    });
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error }));
  });
}

/** Resolves with the reason when the server closes the socket. */
const closedByServer = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
  closeEarnings();
});

describe('hostile amounts', () => {
  const HOSTILE: unknown[] = [
    '1e-530000000',
    '1e530000000',
    `0.${'0'.repeat(5_000)}1`,
    '9'.repeat(200_000),
    3.69e16,
    1e308,
    -5e-324,
  ];

  it('are answered 4xx at once on every money route, while the gateway stays responsive', async () => {
    const [payer, payee] = [await signUp(), await signUp()];
    await fund(payer, 20);
    const admin = await superAdminToken();
    const calls = HOSTILE.flatMap((amount) => [
      () => api('POST', '/tips/send', { token: payer.token, body: { recipient_id: payee.id, amount } }),
      () =>
        api('POST', '/payments/transfer', {
          token: payer.token,
          body: { recipient_id: payee.id, amount },
        }),
      () =>
        api('POST', '/withdrawals/request', {
          token: payer.token,
          body: { amount, paypal_email: 'me@example.com', password: PASSWORD },
        }),
      () =>
        api('POST', `/admin/wallets/${payee.id}/adjust`, {
          token: admin,
          body: { amount, reason: 'hostile' },
        }),
      // Settings only with text: a tiny number there would be a (legitimate) setting of 0.
      ...(typeof amount === 'string'
        ? [() => api('PUT', '/admin/settings', { token: admin, body: { post_reward_ac: amount } })]
        : []),
    ]);
    const started = Date.now();
    // All at once, and a probe of the rest of the site in the middle of them.
    const [answers, probe] = await Promise.all([
      Promise.all(calls.map(async (call) => ({ answer: await call(), ms: Date.now() - started }))),
      (async () => {
        const t = Date.now();
        const answer = await api('GET', '/public/stats');
        return { status: answer.status, ms: Date.now() - t };
      })(),
    ]);
    for (const { answer } of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    // Each one is refused by the amount parser before any big string exists: the whole burst (with
    // the password checks of the withdrawals) ends in seconds, and the probe is answered meanwhile.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
    expect(probe.status).toBe(200);
    expect(probe.ms).toBeLessThan(5_000);
    // Nothing moved.
    expect(await balanceOf(payer)).toBe(20);
    expect(await balanceOf(payee)).toBe(0);
    const ready = await fetch(`http://127.0.0.1:${process.env.GATEWAY_HTTP_PORT ?? '18108'}/health/ready`);
    expect(ready.status).toBe(200);
  }, 60_000);
});

describe('browser protections', () => {
  it('the app page: a strict CSP, no framing, a referrer policy, nosniff, revalidated', async () => {
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    // Plain http in a test environment: no HSTS; over https (said by a trusted proxy): HSTS.
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const secure = await fetch(`${baseUrl}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    // The page has no inline script for the CSP to block: every script is a file of the app.
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('API answers: a policy that allows nothing, nosniff and no framing', async () => {
    for (const path of ['/public/stats', '/wallet', '/nope']) {
      const answer = await api('GET', path);
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('hashed assets: precompressed (brotli, gzip), immutable for a year, and no source maps', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const br = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'br' } });
      expect({ asset, status: br.status, encoding: br.headers.get('content-encoding') }).toEqual({
        asset,
        status: 200,
        encoding: 'br',
      });
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      const body = await br.text(); // decompressed by fetch
      expect(body).not.toMatch(/sourceMappingURL/);
      const gz = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(await gz.text()).toBe(body);
      const map = await fetch(`${baseUrl}${asset}.map`);
      expect({ asset, map: map.status }).toEqual({ asset, map: 404 });
    }
  });

  it('no /metrics on the public port', async () => {
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(404);
  });
});

describe('sessions', () => {
  it('sign-out ends the access token at once and closes its sockets', async () => {
    const member = await signUp();
    const { socket, error } = await connect({ auth: { token: member.token } });
    sockets.push(socket);
    expect(error).toBeUndefined();
    const closed = closedByServer(socket);

    expect((await api('POST', '/auth/logout', { cookie: member.cookie })).status).toBe(204);
    expect(await closed).toBe('io server disconnect');
    expect(await api('GET', '/auth/me', { token: member.token })).toMatchObject({
      status: 401,
      body: { detail: SESSION_ENDED },
    });
    expect((await api('GET', '/wallet', { token: member.token })).status).toBe(401);
    const again = await connect({ auth: { token: member.token } });
    sockets.push(again.socket);
    expect(again.error?.message).toBe('Unauthorized');
    // Another session of the same member is not affected.
    const other = await signIn(member.username, PASSWORD);
    expect((await api('GET', '/auth/me', { token: other })).status).toBe(200);
  });

  it('sign-out with only the bearer token (no cookie) ends that token too', async () => {
    const member = await signUp();
    const out = await api('POST', '/auth/logout', { headers: { authorization: `Bearer ${member.token}` } });
    expect(out.status).toBe(204);
    expect((await api('GET', '/auth/me', { token: member.token })).status).toBe(401);
  });

  it('the socket takes its token from the auth payload only, never the query string or a header', async () => {
    const member = await signUp();
    const byQuery = await connect({ query: { token: member.token } });
    const byHeader = await connect({ extraHeaders: { authorization: `Bearer ${member.token}` } });
    sockets.push(byQuery.socket, byHeader.socket);
    expect(byQuery.error?.message).toBe('Unauthorized');
    expect(byHeader.error?.message).toBe('Unauthorized');
    const byAuth = await connect({ auth: { token: member.token } });
    sockets.push(byAuth.socket);
    expect(byAuth.error).toBeUndefined();
  });

  it('a demoted admin loses admin views (member e-mails) and admin sockets at once', async () => {
    const [member, someone] = [await signUp('sec_adm'), await signUp()];
    const boss = await superAdminToken();
    const promote = (role: string) =>
      api('PUT', `/admin/users/${member.id}`, { token: boss, body: { role } });
    expect((await promote('admin')).status).toBe(200);
    const adminToken = await signIn(member.username, PASSWORD);
    const asAdmin = await api('GET', `/users/${someone.id}`, { token: adminToken });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.email).toBe(someone.email);
    const { socket, error } = await connect({ auth: { token: adminToken } });
    sockets.push(socket);
    expect(error).toBeUndefined();
    const closed = closedByServer(socket);

    expect((await promote('user')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The token still says admin: refused, so the client refreshes into a member's token.
    expect(await api('GET', `/users/${someone.id}`, { token: adminToken })).toMatchObject({
      status: 401,
      body: { detail: SESSION_ENDED },
    });
    const memberToken = await signIn(member.username, PASSWORD);
    const asMember = await api('GET', `/users/${someone.id}`, { token: memberToken });
    expect(asMember.status).toBe(200);
    expect(asMember.body).not.toHaveProperty('email');
    // The member's token from before the promotion never claimed more than a member: still valid.
    expect((await api('GET', '/auth/me', { token: member.token })).status).toBe(200);
  });

  it('a withdrawal asks for the password again: a token alone moves no money out', async () => {
    const member = await signUp();
    await fund(member, 30);
    const ask = (extra: object) =>
      api('POST', '/withdrawals/request', {
        token: member.token,
        body: { amount: 10, paypal_email: 'me@example.com', ...extra },
      });
    expect(await ask({})).toMatchObject({
      status: 400,
      body: { detail: 'Please enter your password to confirm the withdrawal' },
    });
    expect(await ask({ password: 'not-the-password' })).toMatchObject({
      status: 403,
      body: { detail: 'Incorrect password' },
    });
    expect(await balanceOf(member)).toBe(30);
    expect(await api('GET', '/withdrawals', { token: member.token })).toMatchObject({ body: [] });
    const asked = await ask({ password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.withdrawal.status).toBe('pending');
  });
});

describe('rate limits', () => {
  it('sign-ups per e-mail address, whatever the client address', async () => {
    const member = newMember('sec_rl');
    const attempt = (i: number) =>
      api('POST', '/auth/register', {
        body: { ...member, username: `${member.username.slice(0, 20)}_${i}` },
        headers: { 'x-forwarded-for': clientAddress() },
      });
    // AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR (5): one account, four refusals, then 429.
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual([201, 400, 400, 400, 400, 429]);
  });

  it('money calls per member: 429 with Retry-After past AURA_RATE_LIMIT_MONEY_PER_MINUTE (30)', async () => {
    const [payer, payee] = [await signUp(), await signUp()];
    await fund(payer, 5);
    // A fixed minute window: start early in one so that the calls all land in it.
    const intoWindow = Math.floor(Date.now() / 1000) % 60;
    if (intoWindow > 30) await new Promise((resolve) => setTimeout(resolve, (60 - intoWindow) * 1000 + 200));
    const tip = () =>
      api('POST', '/tips/send', { token: payer.token, body: { recipient_id: payee.id, amount: 0.001 } });
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch += 1)
      statuses.push(...(await Promise.all(Array.from({ length: 5 }, tip))).map((a) => a.status));
    expect(statuses).toEqual(Array(30).fill(200));
    const limited = await tip();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member is not affected.
    const other = await signUp();
    expect((await api('GET', '/wallet', { token: other.token })).status).toBe(200);
  }, 120_000);

  it('wallet statements and the wellness export share AURA_RATE_LIMIT_STATEMENTS_PER_HOUR (60)', async () => {
    const member = await signUp();
    // A fixed hour window: not in its last minute, so that the calls all land in one.
    const leftInHour = 3600 - (Math.floor(Date.now() / 1000) % 3600);
    if (leftInHour < 60) await new Promise((resolve) => setTimeout(resolve, leftInHour * 1000 + 200));
    const exportCsv = () =>
      fetch(`${baseUrl}/api/profile/wellness/export.csv`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch += 1)
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, exportCsv))).map((a) => a.status));
    expect(statuses).toEqual(Array(60).fill(200));
    const month = new Date().toISOString().slice(0, 7);
    const statement = await api('GET', `/wallet/statements/${month}`, { token: member.token });
    expect(statement.status).toBe(429);
    expect(Number(statement.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await exportCsv()).status).toBe(429);
  }, 180_000);
});

describe('when the gateway cannot reach Redis', () => {
  // A gateway of its own whose Redis address has nothing listening.
  const port = ownPort(10);
  const httpPort = ownPort(11);
  const base = `http://127.0.0.1:${port}`;
  const gateway = new OwnedProcess(
    'security-no-redis',
    'gateway/dist/main.js',
    {
      ...process.env,
      GATEWAY_PORT: String(port),
      GATEWAY_HTTP_PORT: String(httpPort),
      REDIS_URL: `redis://127.0.0.1:${ownPort(12)}`,
      KAFKA_GROUP_PREFIX: `${process.env.KAFKA_GROUP_PREFIX ?? 'aura-test'}-no-redis`,
    },
    `http://127.0.0.1:${httpPort}/health/live`,
  );

  beforeAll(async () => {
    await gateway.start();
  }, 120_000);

  afterAll(async () => {
    await gateway.stop();
  });

  it('refuses sign-in, sign-up and signed-in calls with 503 (fails closed) and is not ready', async () => {
    const member = await signUp(); // on the test stack's gateway: a valid token of the same identity
    const login = await api('POST', '/auth/login', {
      base,
      body: { username: member.username, password: PASSWORD },
    });
    expect(login.status).toBe(503);
    expect((await api('POST', '/auth/register', { base, body: newMember('sec') })).status).toBe(503);
    expect((await api('GET', '/auth/me', { base, token: member.token })).status).toBe(503);
    expect((await api('GET', '/wallet', { base, token: member.token })).status).toBe(503);
    // Not ready: taken out of rotation until Redis answers (the rest of the site needs nothing more).
    const ready = await waitFor(
      async () => {
        const status = (await fetch(`http://127.0.0.1:${httpPort}/health/ready`)).status;
        return status === 503 ? status : undefined;
      },
      { what: 'the Redis-less gateway to say it is not ready', timeoutMs: 10_000 },
    );
    expect(ready).toBe(503);
  }, 60_000);
});

describe('idempotency keys', () => {
  it('refuses a key that gRPC metadata cannot carry with 400, before anything moves', async () => {
    const member = await signUp();
    const answer = await api('POST', '/payments/transfer', {
      token: member.token,
      body: { recipient_id: member.id, amount: 1 },
      headers: { 'idempotency-key': 'tab\there' },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { detail: 'Idempotency-Key must be 1 to 255 printable ASCII characters' },
    });
    expect((await api('GET', '/wallet', { token: member.token })).body.aura_coin_balance).toBe(0);
  });
});
