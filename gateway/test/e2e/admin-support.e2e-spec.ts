// The admin panel and support through the gateway: who may call every admin and support endpoint
// (a table run as anonymous, member, admin and super admin), the ticket rules and their messages, the
// member's notifications, role and SuperAura changes, the economy settings, and the dashboard's figures.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, newMember } from './support/api';
import { closeEarnings, earn } from '@aura/platform/testing';

afterAll(closeEarnings);

interface Member {
  id: string;
  username: string;
  token: string;
}

async function signUp(prefix = 'adm'): Promise<Member> {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', { body: member });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, username: member.username, token: answer.body.access_token };
}

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

let superAdmin: Member;
let admin: Member;
let member: Member;
let other: Member;

beforeAll(async () => {
  const login = await api('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
  });
  expect(login.status).toBe(200);
  superAdmin = { id: login.body.user.id, username: login.body.user.username, token: login.body.access_token };
  [admin, member, other] = await Promise.all([signUp('adm_a'), signUp('adm_m'), signUp('adm_o')]);
  // The promotion takes effect at once: the admin's token still says "user", the gateway asks identity.
  const promoted = await api('PUT', `/admin/users/${admin.id}`, {
    token: superAdmin.token,
    body: { user_id: admin.id, role: 'admin' },
  });
  expect(promoted).toMatchObject({ status: 200, body: { id: admin.id, role: 'admin' } });
});

describe('who may call the admin and support endpoints', () => {
  type Who = 'anonymous' | 'member' | 'admin' | 'super_admin';
  const tokenOf = (who: Who) =>
    who === 'anonymous' ? undefined : { member, admin, super_admin: superAdmin }[who].token;

  // [method, path, body, expected answers for anonymous, member, admin, super admin]
  type Row = [string, () => string, unknown, [number, number, number, number], Record<string, string>?];
  let ticketId = '';
  let withdrawalId = '';
  let caseId = '';

  beforeAll(async () => {
    const ticket = await api('POST', '/support/tickets', {
      token: other.token,
      body: { subject: 'Table ticket', message: 'For the authorization table', priority: 'low' },
    });
    expect(ticket.status).toBe(200);
    ticketId = ticket.body.ticket.id;
    // A pending withdrawal for the super admin's decision.
    // Earned AC: only those can be withdrawn (docs/money-rules.md).
    await earn(other.id, 50);
    const requested = await api('POST', '/withdrawals/request', {
      token: other.token,
      body: { amount: 10, paypal_email: 'other@example.com', password: newMember().password },
    });
    expect(requested.status).toBe(200);
    withdrawalId = requested.body.withdrawal.id;
    // A moderation case for the admin to decide.
    const reported = await api('POST', '/reports', {
      token: other.token,
      body: { target_type: 'member', target_id: member.id, reason: 'spam' },
    });
    expect(reported.status).toBe(201);
    const queue = await api('GET', '/admin/moderation/cases?target_type=member&limit=100', {
      token: admin.token,
    });
    caseId = queue.body.cases.find((found: { member: { id: string } }) => found.member.id === member.id).id;
  });

  const rows: Row[] = [
    ['GET', () => '/admin/dashboard/stats', undefined, [401, 403, 200, 200]],
    ['GET', () => '/admin/dashboard/history?days=30', undefined, [401, 403, 200, 200]],
    ['GET', () => '/admin/users?role=all&limit=100', undefined, [401, 403, 200, 200]],
    ['GET', () => '/admin/users?search=adm_&limit=20', undefined, [401, 403, 200, 200]],
    ['GET', () => '/admin/users?sort=aura_score&order=asc&offset=20', undefined, [401, 403, 200, 200]],
    ['PUT', () => `/admin/users/${other.id}`, { is_super_aura: false }, [401, 403, 403, 200]],
    ['GET', () => '/admin/settings', undefined, [401, 403, 200, 200]],
    ['PUT', () => '/admin/settings', { min_withdrawal_usd: 10 }, [401, 403, 403, 200]],
    ['POST', () => '/admin/settings/genie-bottle-price', { price: 300 }, [401, 403, 403, 200]],
    ['GET', () => '/admin/withdrawals', undefined, [401, 403, 200, 200]],
    [
      'POST',
      () => `/admin/withdrawals/${withdrawalId}/process?action=reject&admin_notes=table`,
      undefined,
      [401, 403, 403, 200],
    ],
    ['GET', () => `/admin/wallets/${other.id}`, undefined, [401, 403, 200, 200]],
    ['POST', () => `/admin/wallets/${other.id}/adjust`, { amount: 1, reason: 'table' }, [401, 403, 403, 200]],
    ['GET', () => '/admin/ledger/verify', undefined, [401, 403, 200, 200]],
    ['GET', () => '/admin/support/tickets', undefined, [401, 403, 200, 200]],
    [
      'POST',
      () => `/admin/support/tickets/${ticketId}/respond`,
      { ticket_id: ticketId, message: 'Looking into it', is_admin_response: true },
      [401, 403, 200, 200],
    ],
    [
      'PUT',
      () => `/admin/support/tickets/${ticketId}/status?new_status=in_progress`,
      undefined,
      [401, 403, 200, 200],
    ],
    ['POST', () => '/support/tickets', { subject: 'Hi', message: 'Question' }, [401, 200, 200, 200]],
    ['GET', () => '/support/tickets/user', undefined, [401, 200, 200, 200]],
    ['GET', () => '/public/config', undefined, [200, 200, 200, 200]],
    ['GET', () => '/admin/moderation/cases', undefined, [401, 403, 200, 200]],
    ['GET', () => `/admin/moderation/cases/${caseId}`, undefined, [401, 403, 200, 200]],
    // The admin decides; the super admin then finds it closed.
    [
      'POST',
      () => `/admin/moderation/cases/${caseId}/actions`,
      { action: 'dismiss', reason: 'table' },
      [401, 403, 200, 400],
    ],
    // Dismissed: nothing to lift, whoever asks.
    ['POST', () => `/admin/moderation/cases/${caseId}/lift`, { reason: 'table' }, [401, 403, 400, 400]],
    ['GET', () => '/admin/moderation/actions', undefined, [401, 403, 200, 200]],
    ['GET', () => '/admin/security', undefined, [401, 403, 200, 200]],
    ['PUT', () => '/admin/security', { require_admin_two_factor: false }, [401, 403, 403, 200]],
    [
      'POST',
      () => `/admin/users/${other.id}/aura`,
      { delta: 1 },
      [401, 403, 403, 200],
      { 'idempotency-key': `table-aura-${randomUUID()}` },
    ],
  ];

  it('covers every admin and support endpoint of the API', () => {
    const spec = JSON.parse(readFileSync(join(__dirname, '../../openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const template = (path: string) => path.replace(/[0-9a-f]{24}|[0-9a-f-]{36}/g, '{}').replace(/\?.*$/, '');
    const covered = new Set(rows.map(([method, path]) => `${method} ${template(path())}`));
    const endpoints = Object.entries(spec.paths)
      .filter(([path]) => /^\/api\/(admin|support)\//.test(path))
      .flatMap(([path, ops]) =>
        Object.keys(ops).map(
          (method) => `${method.toUpperCase()} ${path.slice(4).replace(/\{[^}]+\}/g, '{}')}`,
        ),
      );
    expect(endpoints.length).toBeGreaterThan(10);
    expect(endpoints.filter((endpoint) => !covered.has(endpoint))).toEqual([]);
  });

  const roles: Who[] = ['anonymous', 'member', 'admin', 'super_admin'];
  // The path as the test's name: the function's text with its interpolations as {id}.
  const label = (path: () => string) =>
    path
      .toString()
      .replace(/^\(\)\s*=>\s*/, '')
      .replace(/[`']/g, '')
      .replace(/\$\{[^}]+\}/g, '{id}');

  for (const [method, path, body, expected, headers] of rows)
    it(`${method} ${label(path)}: anonymous, member, admin, super admin answer ${expected.join('/')}`, async () => {
      const answers: number[] = [];
      for (const who of roles)
        answers.push((await api(method, path(), { token: tokenOf(who), body, headers })).status);
      expect({ path: path(), answers }).toEqual({ path: path(), answers: expected });
    });

  it('a refused call changed nothing: the rejected withdrawal was decided once, by the super admin', async () => {
    const list = await api('GET', '/admin/withdrawals', { token: admin.token });
    const decided = list.body.find((w: { id: string }) => w.id === withdrawalId);
    expect(decided).toMatchObject({ status: 'rejected', admin_notes: 'table' });
  });
});

describe('support tickets', () => {
  const open = (body: unknown, token = member.token) => api('POST', '/support/tickets', { token, body });

  it('needs a subject and a message ("Please fill in all fields"), at most 1000 characters', async () => {
    for (const body of [{}, { subject: 'Hi' }, { message: 'Hello' }, { subject: '   ', message: 'x' }])
      expect(await open(body)).toMatchObject({ status: 400, body: { detail: 'Please fill in all fields' } });
    expect(await open({ subject: 'Long', message: 'x'.repeat(1001) })).toMatchObject({
      status: 400,
      body: { detail: 'Message must be at most 1000 characters' },
    });
    expect(await open({ subject: 'Bad', message: 'x', priority: 'critical' })).toMatchObject({
      status: 422,
      body: { detail: 'Priority must be one of low, normal, high, urgent' },
    });
    expect(await open({ subject: 'Wrong type', message: 42 })).toMatchObject({ status: 422 });
    const mine = await api('GET', '/support/tickets/user', { token: member.token });
    expect(mine.body.map((t: { subject: string }) => t.subject)).not.toEqual(
      expect.arrayContaining(['Long', 'Bad', 'Wrong type']),
    );
  });

  it('opens with priority normal by default; the member sees it, others do not', async () => {
    const created = await open({ subject: 'Where are my coins?', message: 'x'.repeat(1000) });
    expect(created).toMatchObject({
      status: 200,
      body: {
        message: 'Support ticket submitted successfully!',
        ticket: { subject: 'Where are my coins?', priority: 'normal', status: 'open', responses: [] },
      },
    });
    expect(created.body.ticket.user).toMatchObject({ id: member.id, username: member.username });
    const mine = await api('GET', '/support/tickets/user', { token: member.token });
    expect(mine.body[0]).toMatchObject({ id: created.body.ticket.id, status: 'open' });
    const theirs = await api('GET', '/support/tickets/user', { token: other.token });
    expect(theirs.body.map((t: { id: string }) => t.id)).not.toContain(created.body.ticket.id);
  });

  it('an answer moves it to in_progress and reaches the member, with a notification; resolving notifies too', async () => {
    const created = await open({
      subject: 'Genie missing',
      message: 'My genie vanished',
      priority: 'urgent',
    });
    const id = created.body.ticket.id as string;
    const empty = await api('POST', `/admin/support/tickets/${id}/respond`, {
      token: admin.token,
      body: { ticket_id: id, message: '   ', is_admin_response: true },
    });
    expect(empty).toMatchObject({ status: 400, body: { detail: 'Response message cannot be empty' } });

    const answered = await api('POST', `/admin/support/tickets/${id}/respond`, {
      token: admin.token,
      body: { ticket_id: id, message: 'Found it: it is back.', is_admin_response: true },
    });
    expect(answered).toMatchObject({
      status: 200,
      body: {
        status: 'in_progress',
        assigned_admin: { id: admin.id, username: admin.username },
        responses: [{ message: 'Found it: it is back.', is_admin_response: true, author: { id: admin.id } }],
      },
    });
    const second = await api('POST', `/admin/support/tickets/${id}/respond`, {
      token: superAdmin.token,
      body: { message: 'Anything else?' },
    });
    expect(second.body).toMatchObject({ status: 'in_progress', assigned_admin: { id: admin.id } });
    expect(second.body.responses).toHaveLength(2);

    const mine = await api('GET', '/support/tickets/user', { token: member.token });
    expect(mine.body.find((t: { id: string }) => t.id === id)).toMatchObject({
      status: 'in_progress',
      priority: 'urgent',
      responses: [{ message: 'Found it: it is back.' }, { message: 'Anything else?' }],
    });

    const resolved = await api('PUT', `/admin/support/tickets/${id}/status?new_status=resolved`, {
      token: admin.token,
    });
    expect(resolved).toMatchObject({ status: 200, body: { status: 'resolved' } });
    const again = await api('PUT', `/admin/support/tickets/${id}/status?new_status=resolved`, {
      token: superAdmin.token,
    });
    expect(again).toMatchObject({ status: 400, body: { detail: 'Ticket is already resolved' } });
    const unknownStatus = await api('PUT', `/admin/support/tickets/${id}/status?new_status=closed`, {
      token: admin.token,
    });
    expect(unknownStatus).toMatchObject({
      status: 422,
      body: { detail: 'Status must be one of open, in_progress, resolved' },
    });

    const notifications = await eventually(
      () => api('GET', '/notifications?limit=50', { token: member.token }),
      (answer) =>
        answer.body?.notifications?.filter?.((n: { type: string }) => n.type === 'system').length >= 3 ||
        (Array.isArray(answer.body) &&
          answer.body.filter((n: { type: string }) => n.type === 'system').length >= 3),
    );
    const list = (
      Array.isArray(notifications.body) ? notifications.body : notifications.body.notifications
    ) as {
      type: string;
      title: string;
      message: string;
    }[];
    const system = list.filter((n) => n.type === 'system');
    expect(system.map((n) => n.title).sort()).toEqual([
      'Support replied',
      'Support replied',
      'Ticket resolved',
    ]);
    expect(system.map((n) => n.message)).toContain(
      'Support answered your ticket "Genie missing": Found it: it is back.',
    );
  });

  it('answers given at the same moment are all kept, and concurrent resolves resolve once', async () => {
    // A member of its own: the earlier tests used up \`member\`'s tickets per hour (AURA_RATE_LIMIT_TICKETS_PER_HOUR).
    const racer = await signUp('adm_r');
    const created = await open({ subject: 'Race', message: 'Many admins at once' }, racer.token);
    expect(created.status).toBe(200);
    const id = created.body.ticket.id as string;
    const answers = await Promise.all(
      [admin, superAdmin, admin, superAdmin, admin].map((who, index) =>
        api('POST', `/admin/support/tickets/${id}/respond`, {
          token: who.token,
          body: { message: `Answer ${index}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const mine = await api('GET', '/support/tickets/user', { token: racer.token });
    const ticket = mine.body.find((t: { id: string }) => t.id === id);
    expect(ticket.status).toBe('in_progress');
    expect(ticket.responses.map((r: { message: string }) => r.message).sort()).toEqual([
      'Answer 0',
      'Answer 1',
      'Answer 2',
      'Answer 3',
      'Answer 4',
    ]);
    const resolves = await Promise.all(
      [admin, superAdmin, admin, superAdmin].map((who) =>
        api('PUT', `/admin/support/tickets/${id}/status?new_status=resolved`, { token: who.token }),
      ),
    );
    expect(resolves.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    for (const refused of resolves.filter((answer) => answer.status === 400))
      expect(refused.body.detail).toBe('Ticket is already resolved');
    const all = await api('GET', '/admin/support/tickets?status=resolved', { token: admin.token });
    expect(all.body.filter((t: { id: string }) => t.id === id)).toHaveLength(1);
  });

  it('an unknown ticket is 404 "Ticket not found"', async () => {
    for (const id of [randomUUID(), 'not-a-ticket'])
      expect(
        await api('POST', `/admin/support/tickets/${id}/respond`, {
          token: admin.token,
          body: { message: 'x' },
        }),
      ).toMatchObject({ status: 404, body: { detail: 'Ticket not found' } });
  });

  it('the Help Center shows the support e-mail from configuration', async () => {
    const config = await api('GET', '/public/config');
    expect(config.status).toBe(200);
    expect(config.body.support_email).toMatch(/^[^@\s]+@[^@\s]+$/);
  });
});

describe('users, roles and SuperAura', () => {
  it('admins list by role (with e-mail) and search (at most 20)', async () => {
    const admins = await api('GET', '/admin/users?role=admin&limit=100', { token: admin.token });
    expect(admins.status).toBe(200);
    expect(admins.body.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(admins.body.find((u: { id: string }) => u.id === admin.id)).toMatchObject({
      email: `${admin.username}@example.com`,
    });
    for (const param of ['search', 'q', 'query']) {
      const found = await api('GET', `/admin/users?${param}=${member.username.toUpperCase()}&limit=100`, {
        token: admin.token,
      });
      expect(found.status).toBe(200);
      expect(found.body.length).toBeLessThanOrEqual(20);
      expect(found.body.map((u: { id: string }) => u.id)).toEqual([member.id]);
    }
    expect(await api('GET', '/admin/users?role=root', { token: admin.token })).toMatchObject({ status: 422 });
  });

  it('the admin table orders by a column either way and pages, with the total in X-Total-Count', async () => {
    const word = `adm_pg${randomUUID().slice(0, 6)}`;
    const made = [];
    for (const index of [0, 1, 2]) made.push(await signUp(`${word}${index}`));
    const page = (query: string) =>
      api('GET', `/admin/users?search=${word}&limit=2&${query}`, { token: admin.token });
    const first = await page('sort=username&order=asc');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('3');
    const names = made.map((m) => m.username).sort();
    expect(first.body.map((u: { username: string }) => u.username)).toEqual(names.slice(0, 2));
    const second = await page('sort=username&order=asc&offset=2');
    expect(second.body.map((u: { username: string }) => u.username)).toEqual(names.slice(2));
    expect(second.headers.get('x-total-count')).toBe('3');
    const down = await page('sort=username&order=desc');
    expect(down.body.map((u: { username: string }) => u.username)).toEqual([...names].reverse().slice(0, 2));
    const newest = await page('');
    expect(newest.body.map((u: { id: string }) => u.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(await page('sort=password')).toMatchObject({ status: 422 });
    expect(await page('order=up')).toMatchObject({ status: 422 });
    expect(await page('offset=-1')).toMatchObject({ status: 422 });
  });

  it('a super admin never changes their own role; bad roles and empty changes are refused and change nothing', async () => {
    expect(
      await api('PUT', `/admin/users/${superAdmin.id}`, { token: superAdmin.token, body: { role: 'user' } }),
    ).toMatchObject({ status: 400, body: { detail: 'You cannot change your own role' } });
    expect(
      await api('PUT', `/admin/users/${member.id}`, { token: superAdmin.token, body: { role: 'owner' } }),
    ).toMatchObject({ status: 422 });
    expect(
      await api('PUT', `/admin/users/${member.id}`, { token: superAdmin.token, body: {} }),
    ).toMatchObject({
      status: 422,
    });
    expect(
      await api('PUT', '/admin/users/0123456789abcdef01234567', {
        token: superAdmin.token,
        body: { role: 'admin' },
      }),
    ).toMatchObject({ status: 404, body: { detail: 'User not found' } });
    const me = await api('GET', '/auth/me', { token: member.token });
    expect(me.body).toMatchObject({ role: 'user', is_super_aura: false });
  });

  it('SuperAura toggles; a demoted admin loses the panel at once', async () => {
    const on = await api('PUT', `/admin/users/${member.id}`, {
      token: superAdmin.token,
      body: { user_id: member.id, is_super_aura: true },
    });
    expect(on).toMatchObject({ status: 200, body: { is_super_aura: true, role: 'user' } });
    expect((await api('GET', '/auth/me', { token: member.token })).body.is_super_aura).toBe(true);
    await api('PUT', `/admin/users/${member.id}`, {
      token: superAdmin.token,
      body: { is_super_aura: false },
    });

    const temp = await signUp('adm_t');
    await api('PUT', `/admin/users/${temp.id}`, { token: superAdmin.token, body: { role: 'admin' } });
    expect((await api('GET', '/admin/dashboard/stats', { token: temp.token })).status).toBe(200);
    await api('PUT', `/admin/users/${temp.id}`, { token: superAdmin.token, body: { role: 'user' } });
    expect((await api('GET', '/admin/dashboard/stats', { token: temp.token })).status).toBe(403);
  });
});

describe('economy settings', () => {
  it('the minimum withdrawal and the post reward are real; out of range is refused and changes nothing', async () => {
    const before = await api('GET', '/admin/settings', { token: admin.token });
    expect(before).toMatchObject({ status: 200, body: { min_withdrawal_usd: 10, post_reward_ac: 0.01 } });
    for (const body of [{ min_withdrawal_usd: 0.5 }, { min_withdrawal_usd: 20000 }, { post_reward_ac: 2 }])
      expect((await api('PUT', '/admin/settings', { token: superAdmin.token, body })).status).toBe(400);
    expect((await api('PUT', '/admin/settings', { token: superAdmin.token, body: {} })).status).toBe(422);
    expect((await api('GET', '/admin/settings', { token: admin.token })).body).toMatchObject({
      min_withdrawal_usd: 10,
      post_reward_ac: 0.01,
    });
    try {
      const set = await api('PUT', '/admin/settings', {
        token: superAdmin.token,
        body: { min_withdrawal_usd: 20 },
      });
      expect(set).toMatchObject({ status: 200, body: { min_withdrawal_usd: 20, post_reward_ac: 0.01 } });
      await api('POST', `/admin/wallets/${member.id}/adjust`, {
        token: superAdmin.token,
        body: { amount: 100, reason: 'settings test' },
      });
      // Every economy instance re-reads the settings within 5 s.
      const refused = await eventually(
        () =>
          api('POST', '/withdrawals/request', {
            token: member.token,
            body: { amount: 15, paypal_email: 'm@example.com', password: newMember().password },
          }),
        (answer) => answer.status === 400,
        10_000,
      );
      expect(refused).toMatchObject({ status: 400, body: { detail: 'Minimum withdrawal amount is $20' } });
    } finally {
      await api('PUT', '/admin/settings', { token: superAdmin.token, body: { min_withdrawal_usd: 10 } });
    }
  });

  it('a new post earns the post reward the super admin set', async () => {
    try {
      const set = await api('PUT', '/admin/settings', {
        token: superAdmin.token,
        body: { post_reward_ac: 0.002 },
      });
      expect(set).toMatchObject({ status: 200, body: { post_reward_ac: 0.002 } });
      const poster = await signUp('adm_p');
      const post = await api('POST', '/posts', { token: poster.token, body: { content: 'A rewarded post' } });
      expect(post.status).toBe(201);
      const wallet = await eventually(
        () => api('GET', '/wallet', { token: poster.token }),
        (answer) => answer.body?.aura_coin_balance > 0,
      );
      expect(wallet.body.aura_coin_balance).toBe(0.002);
    } finally {
      await api('PUT', '/admin/settings', { token: superAdmin.token, body: { post_reward_ac: 0.01 } });
    }
  });
});

describe('the dashboard', () => {
  it('defines every figure and counts what happens', async () => {
    const read = async () => (await api('GET', '/admin/dashboard/stats', { token: admin.token })).body;
    const before = await read();
    for (const field of [
      'total_users',
      'new_registrations_24h',
      'engagement_rate',
      'active_users_24h',
      'daily_revenue',
      'total_auracoin_distributed',
      'pending_withdrawals',
      'open_support_tickets',
      'total_posts_today',
      'total_comments_today',
      'total_stories_today',
    ])
      expect({ field, type: typeof before[field] }).toEqual({ field, type: 'number' });
    expect(before.total_users).toBeGreaterThanOrEqual(4);
    expect(before.engagement_rate).toBeGreaterThanOrEqual(0);
    expect(before.engagement_rate).toBeLessThanOrEqual(100);

    const fresh = await signUp('adm_d');
    const post = await api('POST', '/posts', {
      token: fresh.token,
      body: { content: 'Counting on the dashboard' },
    });
    expect(post.status).toBe(201);
    const comment = await api('POST', `/posts/${post.body.id}/comments`, {
      token: fresh.token,
      body: { content: 'And a comment' },
    });
    expect([200, 201]).toContain(comment.status);
    await api('POST', '/support/tickets', {
      token: fresh.token,
      body: { subject: 'Dash', message: 'Count me' },
    });
    await api('POST', `/admin/wallets/${fresh.id}/adjust`, {
      token: superAdmin.token,
      body: { amount: 25, reason: 'dashboard test' },
    });

    const after = await eventually(
      read,
      (s) =>
        s.total_users >= before.total_users + 1 &&
        s.new_registrations_24h >= before.new_registrations_24h + 1 &&
        s.total_posts_today >= before.total_posts_today + 1 &&
        s.total_comments_today >= before.total_comments_today + 1 &&
        s.open_support_tickets >= before.open_support_tickets + 1 &&
        s.total_auracoin_distributed >= before.total_auracoin_distributed + 25 &&
        s.active_users_24h >= 1,
    );
    expect(after.total_users).toBeGreaterThanOrEqual(before.total_users + 1);
    expect(after.new_registrations_24h).toBeGreaterThanOrEqual(before.new_registrations_24h + 1);
    expect(after.total_posts_today).toBeGreaterThanOrEqual(before.total_posts_today + 1);
    expect(after.total_comments_today).toBeGreaterThanOrEqual(before.total_comments_today + 1);
    expect(after.open_support_tickets).toBeGreaterThanOrEqual(before.open_support_tickets + 1);
    expect(after.total_auracoin_distributed).toBeGreaterThanOrEqual(before.total_auracoin_distributed + 25);
    expect(after.active_users_24h).toBeGreaterThanOrEqual(1);
  });

  it('has a history of 7 or 30 UTC days, oldest first, today with what just happened', async () => {
    const history = async (days: number) =>
      api('GET', `/admin/dashboard/history?days=${days}`, { token: admin.token });
    const week = await history(7);
    expect(week.status).toBe(200);
    expect(week.body.days).toBe(7);
    const dates = (week.body.points as { date: string }[]).map((point) => point.date);
    expect(dates).toHaveLength(7);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    // The test above registered a member and posted today.
    expect(week.body.points.at(-1)).toMatchObject({
      new_registrations: expect.any(Number),
      posts: expect.any(Number),
      revenue_usd: expect.any(Number),
    });
    expect(week.body.points.at(-1).new_registrations).toBeGreaterThanOrEqual(1);
    expect(week.body.points.at(-1).posts).toBeGreaterThanOrEqual(1);
    expect((await history(30)).body.points).toHaveLength(30);
    expect((await history(5)).status).toBe(422);
  });
});
