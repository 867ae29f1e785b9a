// The Devices screen's records against the real local MongoDB server (deploy/local): one per session,
// kept by sign-in and refresh, listed newest activity first, and only to their member.
import { randomUUID } from 'node:crypto';
import { connectMongo, databaseName } from '@aura/platform';
import { testConfig } from '@aura/platform/testing';
import type { Connection } from 'mongoose';
import { DeviceSessionsRepository, LISTED_SESSIONS } from './device-sessions.repository';

const config = testConfig();
const HOUR_MS = 3600_000;

let mongo: Connection;
let devices: DeviceSessionsRepository;

beforeAll(async () => {
  mongo = await connectMongo(config.MONGODB_URI, databaseName('identity', config.AURA_DB_SUFFIX));
  devices = new DeviceSessionsRepository(mongo);
  await devices.ensureIndexes();
});

afterAll(async () => {
  await mongo?.close();
});

const seen = (userId: string, sessionId: string, at: Date, userAgent = 'Firefox', expiresAt?: Date) =>
  devices.seen(
    {
      userId,
      sessionId,
      startedAt: at,
      expiresAt: expiresAt ?? new Date(at.getTime() + HOUR_MS),
      userAgent,
      ip: '203.0.113.7',
    },
    at,
  );

describe('device sessions', () => {
  it('keeps when a session began and moves its last activity and device with each refresh', async () => {
    const [member, session] = [`member-${randomUUID()}`, randomUUID()];
    const began = new Date(Date.now() - 10 * 60_000);
    await seen(member, session, began, 'Firefox');
    const refreshed = new Date(began.getTime() + 5 * 60_000);
    await devices.seen(
      {
        userId: 'someone trying to take it',
        sessionId: session,
        startedAt: refreshed,
        expiresAt: new Date(refreshed.getTime() + HOUR_MS),
        userAgent: 'Chrome',
        ip: '198.51.100.2',
      },
      refreshed,
    );
    expect(await devices.listOf(member)).toEqual([
      { id: session, startedAt: began, lastSeenAt: refreshed, userAgent: 'Chrome', ip: '198.51.100.2' },
    ]);
    expect(await devices.listOf('someone trying to take it')).toEqual([]);
  });

  it("lists a member's unexpired sessions, the most recently active first, at most the listed number", async () => {
    const member = `member-${randomUUID()}`;
    const now = Date.now();
    const ids = Array.from({ length: LISTED_SESSIONS + 2 }, () => randomUUID());
    await Promise.all(ids.map((id, index) => seen(member, id, new Date(now - (index + 1) * 1000))));
    const expired = randomUUID();
    await seen(member, expired, new Date(now), 'Safari', new Date(now - 1000));
    const listed = await devices.listOf(member);
    expect(listed.map((session) => session.id)).toEqual(ids.slice(0, LISTED_SESSIONS));
  });

  it('tells whose a session is, and forgets removed ones', async () => {
    const [member, session] = [`member-${randomUUID()}`, randomUUID()];
    await seen(member, session, new Date());
    expect(await devices.belongsTo(session, member)).toBe(true);
    expect(await devices.belongsTo(session, 'another member')).toBe(false);
    await devices.remove([session]);
    expect(await devices.belongsTo(session, member)).toBe(false);
    expect(await devices.listOf(member)).toEqual([]);
  });
});
