// The queries identity's request paths run, against the real local MongoDB server (deploy/local):
// each is served by an index (an IXSCAN, never a COLLSCAN), and the lists come in index order (no SORT).
import { connectMongo, databaseName, explainFind } from '@aura/platform';
import { testConfig } from '@aura/platform/testing';
import type { Connection, mongo } from 'mongoose';
import { AuraLogRepository } from './aura/aura-log.repository';
import { searchPrefix } from './admin-users/admin-user-rules';
import { BlocksRepository } from './blocks/blocks.repository';
import { ExportQueries } from './member-export/member-export';
import { DeviceSessionsRepository, LISTED_SESSIONS } from './tokens/device-sessions.repository';
import { RefreshTokensRepository } from './tokens/refresh-tokens.repository';
import { ProfileVisitsRepository } from './visits/visits.repository';
import { UsersRepository } from './users/users.repository';
import { WellnessRepository } from './wellness/wellness.repository';

const config = testConfig();
const runtime = { service: 'identity', registerOutbox: () => undefined, eventsStored: () => undefined };

let connection: Connection;
const collection = (name: string) => connection.db!.collection(name) as unknown as mongo.Collection;
const since = new Date(Date.now() - 7 * 24 * 3600_000);

beforeAll(async () => {
  connection = await connectMongo(config.MONGODB_URI, databaseName('identity', config.AURA_DB_SUFFIX));
  /* eslint-disable @typescript-eslint/no-explicit-any -- the runtime's outbox face only */
  const users = new UsersRepository(connection, runtime as any);
  const auraLog = new AuraLogRepository(connection, runtime);
  const wellness = new WellnessRepository(connection, runtime);
  const visits = new ProfileVisitsRepository(connection);
  const blocks = new BlocksRepository(connection, runtime);
  /* eslint-enable @typescript-eslint/no-explicit-any */
  await users.ensureIndexes();
  await Promise.all([
    auraLog.ensureIndexes(),
    wellness.ensureIndexes(),
    visits.ensureIndexes(),
    new RefreshTokensRepository(connection).ensureIndexes(),
    new DeviceSessionsRepository(connection).ensureIndexes(),
    blocks.ensureIndexes(),
  ]);
});

afterAll(async () => {
  await connection?.close();
});

/** An index scan (EXPRESS_IXSCAN: the server's fast path for an equality on a unique index). */
const isIndexScan = (stage: string) => stage === 'IXSCAN' || stage === 'EXPRESS_IXSCAN';

function expectIndexed(stages: string[], { sorted = true } = {}): void {
  expect(stages.some(isIndexScan)).toBe(true);
  expect(stages).not.toContain('COLLSCAN');
  if (sorted) expect(stages).not.toContain('SORT');
}

describe('members (users)', () => {
  it('sign-in and sign-up look members up by lower-cased username and e-mail', async () => {
    expectIndexed(await explainFind(collection('users'), { username_lower: 'luna' }));
    expectIndexed(await explainFind(collection('users'), { email_lower: 'luna@example.com' }));
  });

  it('the admin list: newest first, of one role or all', async () => {
    const newest = { sort: { created_at: -1 }, limit: 100 } as const;
    expectIndexed(await explainFind(collection('users'), { role: 'admin' }, newest));
    expectIndexed(await explainFind(collection('users'), {}, newest));
  });

  it('the admin search: a prefix of the username, display name or e-mail, each an index range', async () => {
    const prefix = searchPrefix('Lu');
    const filter = {
      $or: [{ username_lower: prefix }, { display_name_lower: prefix }, { email_lower: prefix }],
    };
    const stages = await explainFind(collection('users'), filter, { sort: { created_at: -1 }, limit: 20 });
    // Three index ranges merged, then the (at most a few hundred) matches sorted by date.
    expect(stages.filter((stage) => stage === 'IXSCAN')).toHaveLength(3);
    expectIndexed(stages, { sorted: false });
  });
});

describe('sessions', () => {
  it('a member’s sessions that could still be refreshed (a password change ends them)', async () => {
    const filter = { user_id: 'm1', expires_at: { $gt: since } };
    expectIndexed(await explainFind(collection('refresh_tokens'), filter, { projection: { family_id: 1 } }));
  });

  it('a member’s devices, the most recently active first (Devices)', async () => {
    const filter = { user_id: 'm1', expires_at: { $gt: since } };
    expectIndexed(
      await explainFind(collection('device_sessions'), filter, {
        sort: { last_seen_at: -1 },
        limit: LISTED_SESSIONS,
      }),
    );
  });
});

describe('blocks, visits, wellness and aura', () => {
  it('the block list by blocker, newest first', async () => {
    expectIndexed(
      await explainFind(
        collection('blocks'),
        { blocker_id: 'm1' },
        { sort: { created_at: -1 }, limit: 1000 },
      ),
    );
  });

  it('a profile’s visits (counted on the index)', async () => {
    expectIndexed(await explainFind(collection('profile_visits'), { profile_id: 'm1' }));
  });

  it('check-ins and reflections: a member’s newest first, and those since a moment', async () => {
    for (const name of ['mood_checkins', 'reflections']) {
      const newest = { sort: { created_at: -1, _id: -1 }, limit: 20 } as const;
      expectIndexed(await explainFind(collection(name), { user_id: 'm1' }, newest));
      expectIndexed(await explainFind(collection(name), { user_id: 'm1', created_at: { $gte: since } }));
    }
  });

  it('check-ins and reflections of the data export: oldest first, first page and later ones', async () => {
    for (const name of ['mood_checkins', 'reflections'])
      for (const position of [undefined, [Date.now(), 'x'] as const]) {
        const { filter, sort } = ExportQueries.wellness('m1', position);
        expectIndexed(
          await explainFind(collection(name), filter as mongo.Filter<mongo.Document>, { sort, limit: 501 }),
        );
      }
  });

  it('activity days of the last week', async () => {
    const filter = { user_id: 'm1', kind: 'active', day: { $gte: '2026-01-01' } };
    expectIndexed(await explainFind(collection('wellness_days'), filter));
  });

  it('the aura log: weekly growth, and the changes of one reason on one day (daily limits)', async () => {
    const log = collection('aura_log');
    expectIndexed(await explainFind(log, { user_id: 'm1', state: 'applied', at: { $gte: since } }));
    const limit = { user_id: 'm1', reason: 'like_received', day: '2026-01-01', state: 'applied' };
    expectIndexed(await explainFind(log, limit));
  });
});
