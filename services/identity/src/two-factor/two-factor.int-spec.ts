// The second factor's records against the real local MongoDB server (deploy/local): a code's time step
// and a recovery code are each spent once even when two sign-ins race, a setup expires, a sign-in's
// challenge allows five tries within five minutes, and the secrets are stored encrypted only (those
// from before encryption and the previous key's are encrypted again with the current key).
import { randomBytes, randomUUID } from 'node:crypto';
import { connectMongo, databaseName } from '@aura/platform';
import { testConfig } from '@aura/platform/testing';
import type { Connection } from 'mongoose';
import { loadIdentityConfig } from '../config';
import { CHALLENGE_ATTEMPTS, LoginChallengesRepository } from './login-challenges.repository';
import { recoveryCodeHash } from './recovery-codes';
import { SecondFactor } from './second-factor';
import { newTotpSecret, totpCode, totpStep } from './totp';
import { TotpSecretCipher } from './totp-secret-cipher';
import { TwoFactorRepository } from './two-factor.repository';

const config = testConfig();
const MINUTE_MS = 60_000;
/** The key identity runs with in this test run (deploy/aura.env's, passed on by scripts/test). */
const cipher = new TotpSecretCipher(loadIdentityConfig({ ...process.env, AURA_ENV: 'test' }));
/** A cipher of these keys, given as identity's config gives them (base64). */
const cipherOf = (current: Buffer, previous?: Buffer) =>
  new TotpSecretCipher({
    AURA_TOTP_ENCRYPTION_KEY: current.toString('base64'),
    AURA_TOTP_ENCRYPTION_KEY_PREVIOUS: previous?.toString('base64'),
  });

let mongo: Connection;
let store: TwoFactorRepository;
let challenges: LoginChallengesRepository;
let secondFactor: SecondFactor;

/** The member's document as stored. */
/** The fields of a two_factor document these tests read as stored (the repository's own type is private). */
interface StoredTwoFactor {
  _id: string;
  totp_secret: string | null;
  pending_secret: string | null;
  last_step: number;
}
const storedDoc = (userId: string) =>
  mongo.db!.collection<StoredTwoFactor>('two_factor').findOne({ _id: userId });

beforeAll(async () => {
  mongo = await connectMongo(config.MONGODB_URI, databaseName('identity', config.AURA_DB_SUFFIX));
  store = new TwoFactorRepository(mongo, cipher);
  challenges = new LoginChallengesRepository(mongo);
  secondFactor = new SecondFactor(store);
  await Promise.all([store.ensureIndexes(), challenges.ensureIndexes()]);
});

afterAll(async () => {
  await mongo?.close();
});

/** A member with the authenticator on, its code of `step` spent, and the given recovery codes. */
async function memberWithTotp(now: Date, recoveryCodes: string[] = []) {
  const userId = `member-${randomUUID()}`;
  const secret = newTotpSecret();
  expect(await store.setPending(userId, secret, new Date(now.getTime() + 15 * MINUTE_MS))).toBe(true);
  const hashes = recoveryCodes.map((code) => recoveryCodeHash(userId, code));
  expect(await store.enable(userId, secret, totpStep(now), hashes, now)).toBe(true);
  return { userId, secret };
}

describe('the second factor', () => {
  it('spends each time step once, even when two sign-ins race with the same code', async () => {
    const now = new Date();
    const { userId, secret } = await memberWithTotp(now);
    const code = totpCode(secret, totpStep(now) + 1);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => secondFactor.verify(userId, code, now)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // An older step than the last one used is refused too (no replay of an earlier code).
    expect(await secondFactor.verify(userId, totpCode(secret, totpStep(now)), now)).toBe(false);
  });

  it('spends a recovery code once under a race, and only that member’s', async () => {
    const now = new Date();
    const { userId } = await memberWithTotp(now, ['abcde-fghjk', 'mnpqr-stuvw']);
    const other = await memberWithTotp(now, []);
    expect(await secondFactor.verify(other.userId, 'abcde-fghjk', now)).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => secondFactor.verify(userId, 'ABCDE-FGHJK', now)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.find(userId))?.recoveryCodesLeft).toBe(1);
  });

  it('is not on until confirmed, a setup expires, and an enabled secret is never replaced', async () => {
    const now = new Date();
    const userId = `member-${randomUUID()}`;
    const secret = newTotpSecret();
    await store.setPending(userId, secret, new Date(now.getTime() + 15 * MINUTE_MS));
    expect(await secondFactor.isOn(userId)).toBe(false);
    expect(await secondFactor.verify(userId, totpCode(secret, totpStep(now)), now)).toBe(false);
    const late = new Date(now.getTime() + 16 * MINUTE_MS);
    expect(await store.enable(userId, secret, totpStep(late), [], late)).toBe(false);
    expect(await store.enable(userId, secret, totpStep(now), [], now)).toBe(true);
    expect(await store.setPending(userId, newTotpSecret(), late)).toBe(false);
    expect((await store.find(userId))?.totpSecret).toBe(secret);
  });
});

describe('the secrets at rest', () => {
  it('are stored encrypted, with the key id, never in plaintext', async () => {
    const now = new Date();
    const userId = `member-${randomUUID()}`;
    const pending = newTotpSecret();
    await store.setPending(userId, pending, new Date(now.getTime() + 15 * MINUTE_MS));
    const whilePending = await storedDoc(userId);
    expect(JSON.stringify(whilePending)).not.toContain(pending);
    expect(whilePending?.pending_secret).toEqual(expect.stringMatching(/^v1\./));
    expect(whilePending?.pending_secret?.startsWith(cipher.currentPrefix)).toBe(true);

    expect(await store.enable(userId, pending, totpStep(now), [], now)).toBe(true);
    const enabled = await storedDoc(userId);
    expect(JSON.stringify(enabled)).not.toContain(pending);
    expect(enabled?.totp_secret?.startsWith(cipher.currentPrefix)).toBe(true);
    expect(enabled?.pending_secret).toBeNull();
    // Opened for the member only: the same text moved to another member's document does not open.
    expect((await store.find(userId))?.totpSecret).toBe(pending);
    const other = `member-${randomUUID()}`;
    await mongo.db!.collection('two_factor').insertOne({ ...enabled, _id: other } as never);
    await expect(store.find(other)).rejects.toThrow(/does not authenticate/);
    await store.remove(other);
  });

  it('from before encryption keep working and are encrypted on their next use', async () => {
    const now = new Date();
    const userId = `member-${randomUUID()}`;
    const secret = newTotpSecret();
    // A document as identity wrote it before encryption.
    await mongo.db!.collection('two_factor').insertOne({
      _id: userId,
      totp_secret: secret,
      pending_secret: null,
      pending_expires_at: null,
      enabled_at: now,
      last_step: totpStep(now) - 2,
      recovery_codes: [],
    } as never);
    expect(await secondFactor.verify(userId, totpCode(secret, totpStep(now)), now)).toBe(true);
    const stored = await storedDoc(userId);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored?.totp_secret?.startsWith(cipher.currentPrefix)).toBe(true);
    expect(stored?.last_step).toBe(totpStep(now));
    expect(await secondFactor.verify(userId, totpCode(secret, totpStep(now) + 1), now)).toBe(true);
  });

  it('are all encrypted with the current key at start: plaintext ones and the previous key’s', async () => {
    // A database of its own: the sweep reads the whole collection.
    const db = mongo.useDb(databaseName('identitytotpsweep', config.AURA_DB_SUFFIX));
    const collection = db.db!.collection<Record<string, unknown> & { _id: string }>('two_factor');
    const [oldKey, newKey, lostKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const before = cipherOf(oldKey);
    const after = new TwoFactorRepository(db, cipherOf(newKey, oldKey));
    const doc = (_id: string, totp: string | null, pending: string | null = null) => ({
      _id,
      totp_secret: totp,
      pending_secret: pending,
      pending_expires_at: pending ? new Date(Date.now() + 15 * MINUTE_MS) : null,
      enabled_at: totp ? new Date() : null,
      last_step: 0,
      recovery_codes: [],
    });
    const secrets = Array.from({ length: 4 }, () => newTotpSecret());
    try {
      await collection.deleteMany({});
      await collection.insertMany([
        doc('plaintext', secrets[0]!),
        doc('plaintext-pending', null, secrets[1]!),
        doc('previous-key', before.seal('previous-key', secrets[2]!)),
        doc('moved', before.seal('previous-key', secrets[3]!)),
      ]);
      expect(await after.sealStoredSecrets()).toEqual({ sealed: 3, corrupt: ['moved'] });
      const stored = await collection.find({ _id: { $ne: 'moved' } }).toArray();
      expect(JSON.stringify(stored)).not.toMatch(new RegExp(secrets.join('|')));
      for (const { totp_secret, pending_secret } of stored)
        expect(String(totp_secret ?? pending_secret).startsWith(cipherOf(newKey).currentPrefix)).toBe(true);
      expect((await after.find('plaintext'))?.totpSecret).toBe(secrets[0]);
      expect((await after.find('plaintext-pending'))?.pendingSecret).toBe(secrets[1]);
      expect((await after.find('previous-key'))?.totpSecret).toBe(secrets[2]);
      // Nothing left to do; the next key after a rotation that dropped this one refuses to start.
      await collection.deleteOne({ _id: 'moved' });
      expect(await after.sealStoredSecrets()).toEqual({ sealed: 0, corrupt: [] });
      await expect(new TwoFactorRepository(db, cipherOf(lostKey)).sealStoredSecrets()).rejects.toThrow(
        /neither AURA_TOTP_ENCRYPTION_KEY nor AURA_TOTP_ENCRYPTION_KEY_PREVIOUS/,
      );
    } finally {
      await db.db!.dropDatabase();
    }
  });
});

describe('sign-in challenges', () => {
  it(`allow ${CHALLENGE_ATTEMPTS} tries, then refuse`, async () => {
    const now = new Date();
    const token = randomUUID();
    await challenges.create(token, 'member-a', new Date(now.getTime() + 5 * MINUTE_MS));
    for (let attempt = 0; attempt < CHALLENGE_ATTEMPTS; attempt++)
      expect(await challenges.attempt(token, now)).toBe('member-a');
    expect(await challenges.attempt(token, now)).toBeNull();
  });

  it('expire, and open one session however many requests race to complete them', async () => {
    const now = new Date();
    const token = randomUUID();
    await challenges.create(token, 'member-b', new Date(now.getTime() + 5 * MINUTE_MS));
    expect(await challenges.attempt(token, new Date(now.getTime() + 6 * MINUTE_MS))).toBeNull();
    const spent = await Promise.all(Array.from({ length: 5 }, () => challenges.consume(token)));
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await challenges.attempt(token, now)).toBeNull();
  });
});
