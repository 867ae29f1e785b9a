import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { testConfig } from '../testing';
import { connectMongo } from './connection';
import { setUnlessNewer } from './set-unless-newer';

interface PairDoc {
  _id: string;
  active: boolean;
  changed_at: Date;
}

describe('setUnlessNewer against the local MongoDB server', () => {
  let connection: Connection;
  const names: string[] = [];
  const collection = () => {
    names.push(`pairs_${randomUUID().slice(0, 8)}`);
    return connection.db!.collection<PairDoc>(names[names.length - 1]);
  };
  const at = (second: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, second));

  beforeAll(async () => {
    connection = await connectMongo(testConfig().MONGODB_URI, 'aura_platform_test');
  });
  afterAll(async () => {
    for (const name of names) await connection.db!.dropCollection(name).catch(() => undefined);
    await connection.close();
  });

  it('keeps the newest state whatever order the changes arrive in, and takes a redelivery', async () => {
    const pairs = collection();
    expect(await setUnlessNewer(pairs, 'a:b', { active: true }, at(1))).toBe(true);
    expect(await setUnlessNewer(pairs, 'a:b', { active: false }, at(2))).toBe(true);
    // The block of second 1 delivered again after the unblock of second 2: refused.
    expect(await setUnlessNewer(pairs, 'a:b', { active: true }, at(1))).toBe(false);
    expect(await pairs.findOne({ _id: 'a:b' })).toEqual({ _id: 'a:b', active: false, changed_at: at(2) });
    // The unblock delivered twice: the same state, no error.
    expect(await setUnlessNewer(pairs, 'a:b', { active: false }, at(2))).toBe(true);
    // The newest first, then an older one on a pair never seen before it.
    expect(await setUnlessNewer(pairs, 'c:d', { active: false }, at(5))).toBe(true);
    expect(await setUnlessNewer(pairs, 'c:d', { active: true }, at(4))).toBe(false);
    expect(await pairs.findOne({ _id: 'c:d' })).toEqual({ _id: 'c:d', active: false, changed_at: at(5) });
  });

  it('treats a document written before the time field existed as older', async () => {
    const pairs = collection();
    await pairs.insertOne({ _id: 'e:f', active: true } as PairDoc);
    expect(await setUnlessNewer(pairs, 'e:f', { active: false }, at(1))).toBe(true);
    expect(await pairs.findOne({ _id: 'e:f' })).toEqual({ _id: 'e:f', active: false, changed_at: at(1) });
  });
});
