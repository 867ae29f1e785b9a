// The coin market through the gateway: GET /auracoin/price/current (public, every market field),
// GET /auracoin/price/history?hours= (ranges 1H/24H/7D/30D, bad input refused), and the minute's
// auracoin_price_update on a socket after a tip moved the market.
import { io, Socket } from 'socket.io-client';
import { api, baseUrl, newMember, type Loose } from './support/api';

const HOURS_MESSAGE = 'hours must be an integer from 1 to 720';
const HOUR = 3600_000;

async function signUp(): Promise<{ id: string; token: string }> {
  const answer = await api('POST', '/auth/register', { body: newMember('mkt') });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { id: answer.body.user.id, token: answer.body.access_token };
}

async function superAdminToken(): Promise<string> {
  const login = await api('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
  });
  expect(login.status).toBe(200);
  return login.body.access_token;
}

describe('GET /auracoin/price/current', () => {
  it('answers every market field without a token, and ignores an invalid one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const answer = await api('GET', '/auracoin/price/current', { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        current_price: expect.any(Number),
        price_change_24h: expect.any(Number),
        price_change_7d: expect.any(Number),
        market_cap: expect.any(Number),
        volume_24h: expect.any(Number),
        active_users_24h: expect.any(Number),
        total_users: expect.any(Number),
        total_engagements_24h: expect.any(Number),
        total_engagements: expect.any(Number),
        current_price_micro_usd: expect.any(Number),
        updated_at: expect.any(String),
      });
      // $1.00 plus the members' and engagements' steps; the minute snapshot is recent.
      expect(answer.body.current_price).toBeGreaterThanOrEqual(1);
      expect(answer.body.current_price_micro_usd).toBeGreaterThanOrEqual(1_000_000);
      expect(Date.now() - Date.parse(answer.body.updated_at)).toBeLessThan(6 * 60_000);
    }
  });
});

describe('GET /auracoin/price/history', () => {
  it.each([
    [1, 30],
    [24, 20],
    [168, 100],
    [720, 200],
  ])('hours=%i draws a line: oldest first, at most ~300 points, within the range', async (hours, least) => {
    const answer = await api('GET', `/auracoin/price/history?hours=${hours}`, {
      token: 'ignored-when-invalid',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.hours).toBe(hours);
    const points = answer.body.chart_data as Loose[];
    expect(points.length).toBeGreaterThanOrEqual(least);
    expect(points.length).toBeLessThanOrEqual(300);
    expect(points[0]).toEqual({
      timestamp: expect.any(String),
      price: expect.any(Number),
      active_users: expect.any(Number),
      engagements: expect.any(Number),
    });
    const stamps = points.map((point) => Date.parse(point.timestamp));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    expect(Date.now() - stamps[0]).toBeLessThanOrEqual(hours * HOUR + 60_000);
    // The stack's market backfilled 30 days when it first started: every range reaches back.
    expect(Date.now() - stamps[0]).toBeGreaterThan(hours * HOUR * 0.9);
    expect(points.every((point) => point.price >= 1)).toBe(true);
  });

  it('defaults to 24 hours', async () => {
    const answer = await api('GET', '/auracoin/price/history');
    expect(answer.status).toBe(200);
    expect(answer.body.hours).toBe(24);
  });

  it.each(['0', '721', '-1', '1.5', 'abc', ''])('refuses hours=%s with 422', async (hours) => {
    const answer = await api('GET', `/auracoin/price/history?hours=${hours}`);
    expect(answer).toMatchObject({ status: 422, body: { detail: HOURS_MESSAGE } });
  });
});

describe('auracoin_price_update', () => {
  let socket: Socket | undefined;
  afterAll(() => socket?.close());

  it('reaches sockets each minute, and the snapshot counts a tip’s volume', async () => {
    const [alice, bob] = [await signUp(), await signUp()];
    const admin = await superAdminToken();
    expect(
      (
        await api('POST', `/admin/wallets/${alice.id}/adjust`, {
          token: admin,
          body: { amount: 3, reason: 'test' },
        })
      ).status,
    ).toBe(200);
    const before = (await api('GET', '/auracoin/price/current')).body;
    const tip = await api('POST', '/tips/send', {
      token: alice.token,
      body: { recipient_id: bob.id, amount: 2.5, currency: 'AC' },
    });
    expect(tip.status).toBe(200);

    const updates: Loose[] = [];
    socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token: bob.token } });
    socket.on('auracoin_price_update', (payload: Loose) => updates.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });

    // A snapshot is taken each minute: within ~75 s one carries the tip (other suites may add more).
    const deadline = Date.now() + 100_000;
    let after = before;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      after = (await api('GET', '/auracoin/price/current')).body;
      const counted = after.total_engagements >= before.total_engagements + 1 && after.volume_24h >= 2.5;
      if (after.updated_at !== before.updated_at && counted && updates.length > 0) break;
    }
    expect(after.updated_at).not.toBe(before.updated_at);
    expect(after.volume_24h).toBeGreaterThanOrEqual(2.5);
    expect(after.total_engagements).toBeGreaterThanOrEqual(before.total_engagements + 1);
    expect(after.active_users_24h).toBeGreaterThanOrEqual(1);
    // Members are counted from identity's user.registered (alice and bob signed up before `before`
    // was read, but their registrations may have been projected after it).
    expect(after.total_users).toBeGreaterThanOrEqual(before.total_users);
    expect(after.total_users).toBeGreaterThanOrEqual(2);
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.at(-1)).toEqual({
      current_price: expect.any(Number),
      price_change_24h: expect.any(Number),
      price_change_7d: expect.any(Number),
      market_cap: expect.any(Number),
    });
    expect(updates.at(-1).current_price).toBeGreaterThanOrEqual(1);
  }, 150_000);
});
