// The aura ledger against the real local MongoDB server (deploy/local): concurrent changes of one
// member end at the exact score, a change applies once however often it is delivered, the daily
// limits hold under concurrency, and each applied change stores its event with its log entry.
import { randomBytes, randomUUID } from 'node:crypto';
import { connectMongo, databaseName, decodePayload, fromStoredOutbox, OUTBOX_FIELD } from '@aura/platform';
import { testConfig } from '@aura/platform/testing';
import { Types, type Connection } from 'mongoose';
import { UsersRepository } from '../users/users.repository';
import { AuraChange, AuraLedger } from './aura-ledger';
import { AuraLogRepository } from './aura-log.repository';

const config = testConfig();
const runtime = { service: 'identity', registerOutbox: () => undefined, eventsStored: () => undefined };

let mongo: Connection;
let users: UsersRepository;
let ledger: AuraLedger;
let auraLog: AuraLogRepository;

beforeAll(async () => {
  mongo = await connectMongo(config.MONGODB_URI, databaseName('identity', config.AURA_DB_SUFFIX));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the runtime's outbox face only
  users = new UsersRepository(mongo, runtime as any);
  auraLog = new AuraLogRepository(mongo, runtime);
  ledger = new AuraLedger(auraLog, runtime, users);
  await users.ensureIndexes();
  await auraLog.ensureIndexes();
});

afterAll(async () => {
  await mongo?.close();
});

async function newMember(): Promise<string> {
  const username = `aura_${randomBytes(5).toString('hex')}`;
  const user = await users.create({
    username,
    email: `${username}@example.com`,
    displayName: username,
    passwordHash: 'x',
    role: 'user',
  });
  return user.id;
}

const score = async (userId: string) => (await users.findById(userId))!.auraScore;
const admin = (userId: string, delta: number, key = randomUUID()): AuraChange => ({
  userId,
  reason: 'admin',
  delta,
  key: `admin:${key}`,
  at: new Date(),
});
const likeReceived = (userId: string, liker: string, at = new Date()): AuraChange => ({
  userId,
  reason: 'like_received',
  key: `like_received:post-${userId}:${liker}`,
  at,
});

describe('aura ledger', () => {
  it('concurrent changes of one member all count: the score is the exact sum', async () => {
    const member = await newMember();
    const deltas = [5, -3, 12, 7, -1, 20, 4, -9, 15, 2];
    const outcomes = await Promise.all(deltas.map((delta) => ledger.apply(admin(member, delta))));
    expect(outcomes.every((outcome) => outcome.outcome === 'applied')).toBe(true);
    const total = deltas.reduce((sum, delta) => sum + delta, 0);
    expect(await score(member)).toBe(100 + total);
    // The change committed last answered the final score.
    expect(outcomes.some((outcome) => outcome.score === 100 + total)).toBe(true);
    expect(await auraLog.log.countDocuments({ user_id: member, state: 'applied' })).toBe(deltas.length);
    expect(await ledger.growthSince(member, new Date(Date.now() - 60_000))).toBe(total);
  });

  it('a change delivered many times at once applies once', async () => {
    const member = await newMember();
    const change = admin(member, 30);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => ledger.apply(change)));
    expect(outcomes.filter((outcome) => outcome.outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'duplicate')).toHaveLength(7);
    expect(outcomes.every((outcome) => outcome.applied === 30 && outcome.score === 130)).toBe(true);
    expect(await ledger.apply(change)).toEqual({ outcome: 'duplicate', applied: 30, score: 130 });
    expect(await score(member)).toBe(130);
  });

  it('the daily limit holds under concurrency: 25 likes at once earn 20', async () => {
    const member = await newMember();
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, (_, liker) => ledger.apply(likeReceived(member, `liker${liker}`))),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === 'applied')).toHaveLength(20);
    expect(outcomes.filter((outcome) => outcome.outcome === 'daily_limit')).toHaveLength(5);
    expect(await score(member)).toBe(120);
  });

  it('clamps to 0-1000 and logs the change applied with its event', async () => {
    const member = await newMember();
    expect(await ledger.apply(admin(member, 950))).toEqual({ outcome: 'applied', applied: 900, score: 1000 });
    const key = randomUUID();
    expect(await ledger.apply(admin(member, -1000, key))).toEqual({
      outcome: 'applied',
      applied: -1000,
      score: 0,
    });
    expect(await ledger.apply(admin(member, -5))).toEqual({ outcome: 'applied', applied: 0, score: 0 });
    const entry = await auraLog.log.findById(`admin:${key}`).select(`+${OUTBOX_FIELD}`).lean().exec();
    expect(entry).toMatchObject({ user_id: member, requested: -1000, delta: -1000, score_after: 0 });
    const [event] = (entry as unknown as { _outbox: never[] })._outbox.map(fromStoredOutbox);
    expect(decodePayload('user.aura_changed', event.payload)).toMatchObject({
      userId: member,
      delta: -1000,
      auraScore: 0,
      reason: 'admin',
    });
  });

  it('an unknown member changes nothing', async () => {
    const missing = new Types.ObjectId().toString();
    expect(await ledger.apply(admin(missing, 5))).toEqual({
      outcome: 'unknown_member',
      applied: 0,
      score: 0,
    });
  });
});
