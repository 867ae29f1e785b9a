import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createAdminApi } from './admin.api';
import { createModerationApi } from './moderation.api';

interface Seen {
  method: string;
  url: URL;
  auth: string | null;
  body: unknown;
}

function gateway(body: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  const fetch = jest.fn(async (request: Request) => {
    const text = await request.text();
    seen.push({
      method: request.method,
      url: new URL(request.url),
      auth: request.headers.get('Authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    return new Response(JSON.stringify(body), {
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { admin: createAdminApi(api), moderation: createModerationApi(api), seen };
}

const call = (s: Seen) => [s.method, `${s.url.pathname}${decodeURIComponent(s.url.search)}`, s.body];

describe('admin api (spec 001 §7)', () => {
  it('reads the stats, withdrawals, tickets and settings with the bearer token', async () => {
    const { admin, seen } = gateway([]);
    await admin.stats();
    await expect(admin.withdrawals()).resolves.toEqual([]);
    await expect(admin.tickets()).resolves.toEqual([]);
    await admin.settings();
    expect(seen.map(call)).toEqual([
      ['GET', '/api/admin/dashboard/stats', undefined],
      ['GET', '/api/admin/withdrawals', undefined],
      ['GET', '/api/admin/support/tickets', undefined],
      ['GET', '/api/admin/settings', undefined],
    ]);
    expect(seen.every((s) => s.auth === 'Bearer t1')).toBe(true);
  });

  it('processes a withdrawal with the action and notes in the query', async () => {
    const { admin, seen } = gateway({ message: 'Withdrawal rejected' });
    await admin.processWithdrawal('w1', 'reject', ' wrong e-mail ');
    expect(seen.map(call)).toEqual([
      ['POST', '/api/admin/withdrawals/w1/process?action=reject&admin_notes=wrong e-mail', undefined],
    ]);
  });

  it('lists or searches users by the query it is given', async () => {
    const { admin, seen } = gateway([{ id: 'u1' }]);
    // Without X-Total-Count the page is all there is.
    await expect(admin.users({ role: 'all', limit: 100 })).resolves.toEqual({
      users: [{ id: 'u1' }],
      total: 1,
    });
    await admin.users({ search: 'ali', limit: 20 });
    expect(seen.map(call)).toEqual([
      ['GET', '/api/admin/users?role=all&limit=100', undefined],
      ['GET', '/api/admin/users?search=ali&limit=20', undefined],
    ]);
  });

  it('pages the table in an order, with the total from X-Total-Count', async () => {
    const { admin, seen } = gateway([{ id: 'u9' }], { 'X-Total-Count': '250' });
    await expect(
      admin.users({ role: 'all', limit: 100, sort: 'aura_score', order: 'asc', offset: 200 }),
    ).resolves.toEqual({ users: [{ id: 'u9' }], total: 250 });
    expect(seen.map(call)).toEqual([
      ['GET', '/api/admin/users?role=all&limit=100&sort=aura_score&order=asc&offset=200', undefined],
    ]);
  });

  it('changes a role or the SuperAura flag with the user id in the body', async () => {
    const { admin, seen } = gateway({});
    await admin.setRole('u1', 'admin');
    await admin.setSuperAura('u2', true);
    expect(seen.map(call)).toEqual([
      ['PUT', '/api/admin/users/u1', { user_id: 'u1', role: 'admin' }],
      ['PUT', '/api/admin/users/u2', { user_id: 'u2', is_super_aura: true }],
    ]);
  });

  it('answers a ticket, resolves it, and saves the settings and the bottle price', async () => {
    const { admin, seen } = gateway({});
    await admin.respond('t9', '  Fixed now ');
    await admin.setTicketStatus('t9', 'resolved');
    await admin.updateSettings({ min_withdrawal_usd: 12, post_reward_ac: 0.002 });
    await admin.setBottlePrice(250);
    expect(seen.map(call)).toEqual([
      [
        'POST',
        '/api/admin/support/tickets/t9/respond',
        { ticket_id: 't9', message: 'Fixed now', is_admin_response: true },
      ],
      ['PUT', '/api/admin/support/tickets/t9/status?new_status=resolved', undefined],
      ['PUT', '/api/admin/settings', { min_withdrawal_usd: 12, post_reward_ac: 0.002 }],
      ['POST', '/api/admin/settings/genie-bottle-price', { price: 250 }],
    ]);
  });
});

describe('moderation api (issue 21 §3)', () => {
  it('reads the moderation queue and the audit log a page at a time', async () => {
    const { moderation, seen } = gateway({
      cases: [{ id: 'c1' }],
      actions: [{ id: 'a1' }],
      next_cursor: 'n2',
    });
    await expect(
      moderation.cases({ status: 'open', target_type: 'post', reason: 'spam', limit: 30 }),
    ).resolves.toEqual({ items: [{ id: 'c1' }], nextCursor: 'n2' });
    await moderation.cases({ status: 'closed', limit: 30, cursor: 'n2' });
    await expect(moderation.actions({ member_id: 'm1', limit: 30 })).resolves.toEqual({
      items: [{ id: 'a1' }],
      nextCursor: 'n2',
    });
    expect(seen.map(call)).toEqual([
      ['GET', '/api/admin/moderation/cases?status=open&target_type=post&reason=spam&limit=30', undefined],
      ['GET', '/api/admin/moderation/cases?status=closed&limit=30&cursor=n2', undefined],
      ['GET', '/api/admin/moderation/actions?member_id=m1&limit=30', undefined],
    ]);
  });

  it('reads the last page of the queue as the last (an empty next_cursor)', async () => {
    const { moderation } = gateway({ cases: [], next_cursor: '' });
    await expect(moderation.cases({ status: 'open', limit: 30 })).resolves.toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('reads a case and acts on it', async () => {
    const { moderation, seen } = gateway({ case: { id: 'c1' }, reports: [], actions: [], prior_cases: [] });
    await moderation.case('c1');
    await moderation.act('c1', { action: 'suspend', reason: 'Spam links', days: 7 });
    expect(seen.map(call)).toEqual([
      ['GET', '/api/admin/moderation/cases/c1', undefined],
      [
        'POST',
        '/api/admin/moderation/cases/c1/actions',
        { action: 'suspend', reason: 'Spam links', days: 7 },
      ],
    ]);
  });
});
