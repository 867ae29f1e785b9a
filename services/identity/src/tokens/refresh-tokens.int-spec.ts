// Refresh tokens against the real local MongoDB server (deploy/local): a token is spent once, and
// tokens, spent markers and revocations are deleted by TTL indexes once they no longer matter.
import { randomBytes, randomUUID } from 'node:crypto';
import { connectMongo, databaseName } from '@aura/platform';
import { testConfig, waitFor } from '@aura/platform/testing';
import type { Connection } from 'mongoose';
import { RefreshTokensRepository } from './refresh-tokens.repository';

const config = testConfig();
const HOUR_MS = 3600_000;

let mongo: Connection;
let tokens: RefreshTokensRepository;

const hash = () => randomBytes(32).toString('hex');
const collection = (name: string) => mongo.db!.collection<{ _id: string; expires_at: Date }>(name);

beforeAll(async () => {
  mongo = await connectMongo(config.MONGODB_URI, databaseName('identity', config.AURA_DB_SUFFIX));
  tokens = new RefreshTokensRepository(mongo);
  await tokens.ensureIndexes();
});

afterAll(async () => {
  await mongo?.close();
});

describe('refresh tokens', () => {
  it('of concurrent spends of one token exactly one wins; the others are replays', async () => {
    const token = hash();
    const expiresAt = new Date(Date.now() + HOUR_MS);
    await tokens.insert(token, 'member', randomUUID(), expiresAt);
    const results = await Promise.all(Array.from({ length: 8 }, () => tokens.consume(token)));
    expect(results.filter((result) => result.outcome === 'ok')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'reused')).toHaveLength(7);
    // The spent marker lives exactly as long as the token would have.
    const spent = await collection('refresh_tokens_spent').findOne({ _id: token });
    expect(spent?.expires_at).toEqual(expiresAt);
  });

  it("lists a member's sessions that could still be refreshed: not expired, not revoked, once each", async () => {
    const member = `member-${randomUUID()}`;
    const [rotated, revoked, expired] = [randomUUID(), randomUUID(), randomUUID()];
    const later = new Date(Date.now() + HOUR_MS);
    await tokens.insert(hash(), member, rotated, later);
    await tokens.insert(hash(), member, rotated, later);
    await tokens.insert(hash(), member, revoked, later);
    await tokens.revokeFamily(revoked, later);
    await tokens.insert(hash(), member, expired, new Date(Date.now() - 1000));
    await tokens.insert(hash(), 'someone else', randomUUID(), later);
    expect(await tokens.familiesOf(member)).toEqual([rotated]);
  });

  it('a revoked family refuses its tokens until the revocation expires', async () => {
    const [token, family] = [hash(), randomUUID()];
    await tokens.insert(token, 'member', family, new Date(Date.now() + HOUR_MS));
    const until = new Date(Date.now() + 2 * HOUR_MS);
    await tokens.revokeFamily(family, until);
    await tokens.revokeFamily(family, new Date(Date.now() + 3 * HOUR_MS));
    expect(await tokens.consume(token)).toEqual({ outcome: 'invalid' });
    expect((await collection('session_families_revoked').findOne({ _id: family }))?.expires_at).toEqual(
      until,
    );
  });

  it('every collection expires its documents by a TTL index on expires_at', async () => {
    for (const name of ['refresh_tokens', 'refresh_tokens_spent', 'session_families_revoked']) {
      const indexes = await collection(name).indexes();
      expect(indexes.find((index) => index.key.expires_at === 1)).toMatchObject({ expireAfterSeconds: 0 });
    }
  });

  it('an older plain expires_at index becomes the TTL index', async () => {
    const older = mongo.useDb(databaseName('identitytokens', config.AURA_DB_SUFFIX));
    try {
      await older.db!.collection('refresh_tokens').createIndex({ expires_at: 1 });
      await new RefreshTokensRepository(older).ensureIndexes();
      const indexes = await older.db!.collection('refresh_tokens').indexes();
      expect(indexes.find((index) => index.key.expires_at === 1)).toMatchObject({ expireAfterSeconds: 0 });
    } finally {
      await older.db!.dropDatabase();
    }
  });

  it('an expired token is refused at once and deleted by the TTL monitor soon after', async () => {
    // The TTL monitor runs every 60 s by default; once a second here.
    await mongo.db!.admin().command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
    const token = hash();
    await tokens.insert(token, 'member', randomUUID(), new Date(Date.now() + HOUR_MS));
    await tokens.consume(token);
    const past = new Date(Date.now() - 1000);
    await collection('refresh_tokens').updateOne({ _id: token }, { $set: { expires_at: past } });
    await collection('refresh_tokens_spent').updateOne({ _id: token }, { $set: { expires_at: past } });
    expect(await tokens.consume(token)).toEqual({ outcome: 'invalid' });
    await waitFor(
      async () =>
        !(await collection('refresh_tokens').findOne({ _id: token })) &&
        !(await collection('refresh_tokens_spent').findOne({ _id: token })),
      { timeoutMs: 30_000, intervalMs: 200, what: 'the TTL monitor to delete the expired token' },
    );
  });
});
