// Members against the real local MongoDB server (deploy/local): concurrent edits of one member all
// stay, the admin search is a case-insensitive prefix, and SuperAura changes apply in version order.
import { randomBytes, randomUUID } from 'node:crypto';
import { connectMongo, databaseName } from '@aura/platform';
import { testConfig } from '@aura/platform/testing';
import { Types, type Connection } from 'mongoose';
import { searchPrefix } from '../admin-users/admin-user-rules';
import { AuraLedger } from '../aura/aura-ledger';
import { AuraLogRepository } from '../aura/aura-log.repository';
import { ProfileService } from '../profile/profile.service';
import { ProfileVisitsRepository } from '../visits/visits.repository';
import { ProfileChangedAnnouncer } from './profile-changed';
import { UsersRepository } from './users.repository';

const config = testConfig();
const runtime = { service: 'identity', registerOutbox: () => undefined, eventsStored: () => undefined };

let mongo: Connection;
let users: UsersRepository;
let ledger: AuraLedger;
let profiles: ProfileService;

beforeAll(async () => {
  mongo = await connectMongo(config.MONGODB_URI, databaseName('identity', config.AURA_DB_SUFFIX));
  /* eslint-disable @typescript-eslint/no-explicit-any -- the runtime's outbox face only */
  users = new UsersRepository(mongo, runtime as any);
  profiles = new ProfileService(
    users,
    new ProfileChangedAnnouncer(runtime as any, mongo),
    new ProfileVisitsRepository(mongo),
  );
  /* eslint-enable @typescript-eslint/no-explicit-any */
  const auraLog = new AuraLogRepository(mongo, runtime);
  ledger = new AuraLedger(auraLog, runtime, users);
  await users.ensureIndexes();
  await auraLog.ensureIndexes();
});

afterAll(async () => {
  await mongo?.close();
});

async function newMember(displayName?: string) {
  const username = `usr_${randomBytes(5).toString('hex')}`;
  return users.create({
    username,
    email: `${username}@example.com`,
    displayName: displayName ?? username,
    passwordHash: 'x',
    role: 'user',
  });
}

const as = (userId: string) => ({ userId, role: 'user' as const });

describe('profile edits', () => {
  it('concurrent edits of different fields, and aura changes between them, all stay', async () => {
    const { id } = await newMember();
    await Promise.all([
      profiles.update(as(id), { displayName: 'Many Hands' }),
      profiles.update(as(id), { bio: 'Edited at once' }),
      profiles.update(as(id), { auraAnimationStyle: 'sparkles' }),
      profiles.update(as(id), { auraColorGradient: 'ocean' }),
      profiles.update(as(id), { profileRingColor: 'gold' }),
      profiles.update(as(id), { profileBackground: 'aurora' }),
      ...[3, 4, 5].map((delta) =>
        ledger.apply({ userId: id, reason: 'admin', delta, key: `admin:${randomUUID()}`, at: new Date() }),
      ),
    ]);
    expect(await users.findById(id)).toMatchObject({
      displayName: 'Many Hands',
      bio: 'Edited at once',
      auraAnimationStyle: 'sparkles',
      auraColorGradient: 'ocean',
      profileRingColor: 'gold',
      profileBackground: 'aurora',
      auraScore: 112,
    });
  });
});

describe('admin search', () => {
  it('finds members whose username, display name or e-mail starts with the text, in any case', async () => {
    const word = `zq${randomBytes(4).toString('hex')}`;
    const byName = await newMember(`${word.toUpperCase()} Star`);
    const other = await newMember(`Not ${word}`);
    const found = async (text: string) =>
      (await users.listForAdmin({ role: null, prefix: searchPrefix(text), limit: 20 })).users.map(
        (u) => u.id,
      );
    expect(await found(word)).toEqual([byName.id]);
    expect(await found(`${word} st`)).toEqual([byName.id]);
    expect(await found(byName.username.toUpperCase())).toEqual([byName.id]);
    expect(await found(other.email.toUpperCase())).toEqual([other.id]);
    expect(await found(word.slice(1))).toEqual([]);
  });

  it('sorts by a column either way and pages through the matches with their total', async () => {
    const word = `zs${randomBytes(4).toString('hex')}`;
    const made = [];
    for (const [index, name] of ['Cara', 'Abel', 'Bea'].entries()) {
      const member = await newMember(`${word} ${name}`);
      await mongo
        .db!.collection('users')
        .updateOne({ _id: new Types.ObjectId(member.id) }, { $set: { aura_score: 100 + index * 10 } });
      made.push(member);
    }
    const page = (sort: 'username' | 'aura_score' | 'created_at', ascending: boolean, offset = 0) =>
      users.listForAdmin({ role: null, prefix: searchPrefix(word), limit: 2, sort, ascending, offset });
    const byScoreDown = await page('aura_score', false);
    expect(byScoreDown.total).toBe(3);
    expect(byScoreDown.users.map((u) => u.auraScore)).toEqual([120, 110]);
    expect((await page('aura_score', false, 2)).users.map((u) => u.auraScore)).toEqual([100]);
    expect((await page('aura_score', true)).users.map((u) => u.auraScore)).toEqual([100, 110]);
    const byName = await page('username', true);
    expect(byName.users.map((u) => u.id)).toEqual(
      [...made]
        .sort((a, b) => a.username.localeCompare(b.username))
        .slice(0, 2)
        .map((m) => m.id),
    );
    expect((await page('created_at', false)).users.map((u) => u.id)).toEqual([made[2]!.id, made[1]!.id]);
  });

  it('a member stored before the search copy existed gets it when the indexes are ensured', async () => {
    const member = await newMember('Early Bird');
    await mongo
      .db!.collection('users')
      .updateOne({ _id: new Types.ObjectId(member.id) }, { $unset: { display_name_lower: 1 } });
    await users.ensureIndexes();
    const doc = await mongo.db!.collection('users').findOne({ _id: new Types.ObjectId(member.id) });
    expect(doc?.display_name_lower).toBe('early bird');
  });
});

describe('SuperAura', () => {
  it('applies a change unless an older one than the last applied', async () => {
    const { id } = await newMember();
    const until = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
    expect(await users.setSuperAura(id, { isSuperAura: true, until, version: 2 })).toMatchObject({
      isSuperAura: true,
    });
    expect(await users.setSuperAura(id, { isSuperAura: false, until: '', version: 1 })).toBeNull();
    expect((await users.findById(id))?.isSuperAura).toBe(true);
    expect(await users.setSuperAura(id, { isSuperAura: false, until: '', version: 3 })).toMatchObject({
      isSuperAura: false,
    });
    expect(
      await users.setSuperAura(new Types.ObjectId().toString(), { isSuperAura: true, until, version: 1 }),
    ).toBeNull();
  });
});
