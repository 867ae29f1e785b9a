import { randomUUID } from 'node:crypto';
import type { EventType } from '@aura/proto';
import type { Connection } from 'mongoose';
import type { DomainEvent } from '../events/event';
import { connectMongo } from '../mongo/connection';
import { testConfig } from '../testing';
import type { MemberProfile, MemberSnapshot } from './identity-members';
import { type MemberDoc, MemberDirectory } from './member-directory';

interface ServiceDoc extends MemberDoc {
  featured_id?: string;
  name_words?: string[];
  followers?: number;
}

const at = (second: number) => new Date(Date.UTC(2026, 11, 1, 12, 0, second));

const event = (type: EventType, key: string, payload: unknown): DomainEvent =>
  ({
    id: randomUUID(),
    type,
    version: 1,
    key,
    occurredAt: at(59).toISOString(),
    producer: 'identity',
    payload,
  }) as DomainEvent;

const registered = (id: string, username: string, second: number) =>
  event('user.registered', id, {
    userId: id,
    username,
    displayName: '',
    email: `${username}@example.com`,
    role: '',
    auraScore: 100,
    createdAt: at(second).toISOString(),
  });

const profileChanged = (id: string, username: string, auraScore: number, second: number) =>
  event('user.profile_changed', id, {
    userId: id,
    username,
    displayName: `${username} shown`,
    profilePicture: `${username}.png`,
    auraScore,
    role: 'user',
    isSuperAura: true,
    changedAt: at(second).toISOString(),
    bio: '',
  });

const auraChanged = (id: string, auraScore: number, second: number) =>
  event('user.aura_changed', id, {
    userId: id,
    delta: 1,
    auraScore,
    reason: 'test',
    changedAt: at(second).toISOString(),
  });

/** identity as a directory asks it: the members it knows, and how often it was asked. */
class FakeSource {
  readonly known = new Map<string, MemberSnapshot>();
  asked = 0;

  async find(id: string): Promise<MemberSnapshot | null> {
    this.asked += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return this.known.get(id) ?? null;
  }
}

describe('MemberDirectory against the local MongoDB server', () => {
  let connection: Connection;
  const names: string[] = [];
  const directory = (options: ConstructorParameters<typeof MemberDirectory>[1] = {}) => {
    names.push(`members_${randomUUID().slice(0, 8)}`);
    return new MemberDirectory<ServiceDoc>(connection.db!.collection<ServiceDoc>(names[names.length - 1]), {
      now: () => at(30),
      ...options,
    });
  };

  beforeAll(async () => {
    connection = await connectMongo(testConfig().MONGODB_URI, 'aura_platform_test');
  });
  afterAll(async () => {
    for (const name of names) await connection.db!.dropCollection(name).catch(() => undefined);
    await connection.close();
  });

  it("applies identity's events: the newest profile and the newest score win, whatever the order", async () => {
    const members = directory();
    const id = randomUUID();
    expect(await members.handle(profileChanged(id, 'newer', 300, 5))).toBe(id);
    // Older events arriving after it (a redelivery, a partition replayed) change nothing.
    await members.handle(registered(id, 'first', 1));
    await members.handle(profileChanged(id, 'older', 200, 3));
    await members.handle(auraChanged(id, 250, 4));
    const newest: MemberProfile = {
      id,
      username: 'newer',
      displayName: 'newer shown',
      profilePicture: 'newer.png',
      auraScore: 300,
      role: 'user',
      isSuperAura: true,
    };
    expect(await members.stored(id)).toEqual(newest);
    // A newer score applies on its own, and a redelivery of it is harmless.
    await members.handle(auraChanged(id, 310, 6));
    await members.handle(auraChanged(id, 310, 6));
    expect(await members.stored(id)).toEqual({ ...newest, auraScore: 310 });
    expect(await members.collection.findOne({ _id: id })).toMatchObject({
      username_lower: 'newer',
      profile_changed_at: at(5),
      aura_changed_at: at(6),
    });
  });

  it('takes a registration as the first state, and a score only of a member it holds', async () => {
    const members = directory();
    const [id, unknown] = [randomUUID(), randomUUID()];
    await members.handle(registered(id, 'Signed_Up', 1));
    expect(await members.stored(id)).toEqual({
      id,
      username: 'Signed_Up',
      displayName: 'Signed_Up',
      profilePicture: '',
      auraScore: 100,
      role: 'user',
      isSuperAura: false,
    });
    // A second registration (redelivered) does not roll a later change back.
    await members.handle(profileChanged(id, 'renamed', 120, 2));
    await members.handle(registered(id, 'Signed_Up', 1));
    expect((await members.stored(id))?.username).toBe('renamed');
    expect(await members.auraChanged(unknown, 500, at(3))).toBe(false);
    expect(await members.collection.findOne({ _id: unknown })).toBeNull();
    expect(await members.handle(event('user.deleted', id, { userId: id }))).toBeNull();
  });

  it('keeps concurrent events of a member it has not seen yet: the newest profile wins', async () => {
    const members = directory();
    const id = randomUUID();
    await Promise.all([
      members.handle(profileChanged(id, 'second', 200, 2)),
      members.handle(registered(id, 'first', 1)),
      members.handle(profileChanged(id, 'third', 300, 3)),
    ]);
    expect(await members.stored(id)).toMatchObject({ username: 'third', auraScore: 300 });
  });

  it('asks identity for a member it does not hold (once for concurrent asks) and stores the answer', async () => {
    const source = new FakeSource();
    const members = directory({ source });
    const [id, other, nobody] = [randomUUID(), randomUUID(), randomUUID()];
    source.known.set(id, { id, username: 'Fresh', isSuperAura: true });
    source.known.set(other, { id: other, username: 'other', displayName: 'Other One', auraScore: 7 });
    expect(await members.find(id, { askIdentity: false })).toBeNull();
    expect(source.asked).toBe(0);
    const [first, second] = await Promise.all([members.find(id), members.find(id)]);
    expect(source.asked).toBe(1);
    const fresh: MemberProfile = {
      id,
      username: 'Fresh',
      displayName: 'Fresh',
      profilePicture: '',
      auraScore: 0,
      role: 'user',
      isSuperAura: true,
    };
    expect(first).toEqual(fresh);
    expect(second).toEqual(fresh);
    // Stored now: found without asking, and without change times so that any event of identity wins.
    expect(await members.find(id)).toEqual(fresh);
    expect(source.asked).toBe(1);
    const doc = await members.collection.findOne({ _id: id });
    expect(doc).toMatchObject({ username: 'Fresh', username_lower: 'fresh' });
    expect(doc).not.toHaveProperty('profile_changed_at');
    expect(doc).not.toHaveProperty('profile_picture');
    await members.handle(profileChanged(id, 'fresh_renamed', 150, 1));
    expect(await members.find(id)).toMatchObject({ username: 'fresh_renamed', auraScore: 150 });

    const many = await members.findMany([id, other, nobody, id, '']);
    expect([...many.keys()].sort()).toEqual([id, other].sort());
    expect(many.get(other)).toMatchObject({ username: 'other', displayName: 'Other One', auraScore: 7 });
    expect(await members.find(nobody)).toBeNull();
    expect(await members.collection.findOne({ _id: nobody })).toBeNull();
    expect(await members.count()).toBe(2);
  });

  it("keeps a service's own fields: options for derived and first-stored ones, its own writes beside", async () => {
    const members = directory({
      profileFields: (member) => ({ name_words: [member.username.toLowerCase(), member.displayName] }),
      insertFields: (id) => ({ followers: id.length }),
    });
    const [id, featured] = [randomUUID(), randomUUID()];
    await members.handle(profileChanged(id, 'Words', 100, 1));
    expect(await members.collection.findOne({ _id: id })).toMatchObject({
      name_words: ['words', 'Words shown'],
      followers: id.length,
    });
    await members.collection.updateOne({ _id: id }, { $set: { followers: 9 } });
    await members.handle(profileChanged(id, 'Again', 100, 2));
    expect(await members.collection.findOne({ _id: id })).toMatchObject({
      name_words: ['again', 'Again shown'],
      followers: 9,
    });

    // A document the service wrote before identity's event (genies' featured genie) is no member yet.
    await members.collection.insertOne({ _id: featured, featured_id: 'genie-1' });
    expect(await members.find(featured)).toBeNull();
    expect(await members.document(featured)).toBeNull();
    await members.handle(registered(featured, 'featured', 1));
    expect(await members.collection.findOne({ _id: featured })).toMatchObject({
      username: 'featured',
      featured_id: 'genie-1',
    });

    // The documents themselves, the service's fields with the shared ones, by id and many ids.
    const docs = await members.documents([id, featured, randomUUID(), id]);
    expect([...docs.keys()].sort()).toEqual([id, featured].sort());
    expect(docs.get(id)).toMatchObject({ _id: id, username: 'Again', followers: 9 });
    expect(docs.get(featured)).toMatchObject({ username: 'featured', featured_id: 'genie-1' });
    expect(await members.document(id)).toEqual(docs.get(id));
    expect(await members.document('')).toBeNull();
  });

  it('answers the documents of members it asked identity for, once for concurrent asks', async () => {
    const source = new FakeSource();
    const members = directory({ source, insertFields: () => ({ followers: 0 }) });
    const [id, nobody] = [randomUUID(), randomUUID()];
    source.known.set(id, { id, username: 'Asked', auraScore: 3 });
    expect(await members.document(id, { askIdentity: false })).toBeNull();
    const [first, second] = await Promise.all([members.documents([id, nobody]), members.document(id)]);
    expect(source.asked).toBe(2);
    expect([...first.keys()]).toEqual([id]);
    expect(first.get(id)).toMatchObject({ _id: id, username: 'Asked', aura_score: 3, followers: 0 });
    expect(second).toEqual(first.get(id));
    expect(await members.document(nobody)).toBeNull();
  });

  it("writes and reads the shared fields under a service's own names (no migration of its members)", async () => {
    const unknown: string[] = [];
    const members = directory({
      names: {
        username_lower: 'usernameLower',
        display_name: 'displayName',
        aura_score: 'auraScore',
        profile_changed_at: 'profileChangedAt',
        aura_changed_at: 'auraChangedAt',
        updated_at: '',
      },
      profileFields: (member) => ({ bio: member.bio ?? '' }),
    });
    const [id, nobody] = [randomUUID(), randomUUID()];
    await members.handle(profileChanged(id, 'Camel', 120, 2));
    await members.handle(profileChanged(id, 'older', 110, 1));
    await members.handle(auraChanged(id, 130, 3));
    const doc = await members.collection.findOne({ _id: id });
    expect(doc).toEqual({
      _id: id,
      username: 'Camel',
      usernameLower: 'camel',
      displayName: 'Camel shown',
      profile_picture: 'Camel.png',
      role: 'user',
      is_super_aura: true,
      bio: '',
      profileChangedAt: at(2),
      auraScore: 130,
      auraChangedAt: at(3),
    });
    expect(await members.stored(id)).toMatchObject({
      username: 'Camel',
      displayName: 'Camel shown',
      auraScore: 130,
    });
    expect(await members.document(id)).toEqual(doc);
    expect((await members.documents([id, nobody])).get(id)).toEqual(doc);
    const subscription = members.subscription({
      group: 'test.names',
      unknown: (userId) => unknown.push(userId),
    });
    await subscription.handler(auraChanged(nobody, 1, 1));
    expect(unknown).toEqual([nobody]);
  });

  it("consumes identity's member events, and the service's own beside them", async () => {
    const members = directory();
    const own: string[] = [];
    const applied: string[] = [];
    const subscription = members.subscription({
      group: 'test.members',
      events: ['user.registered', 'user.profile_changed'],
      also: { events: ['user.deleted'], handle: async (e) => void own.push(e.type) },
      applied: async (id, event) => void applied.push(`${event.type}:${id}`),
    });
    expect(subscription.events).toEqual(['user.registered', 'user.profile_changed', 'user.deleted']);
    expect(subscription.idempotent).toBeUndefined();
    const id = randomUUID();
    await subscription.handler(registered(id, 'consumed', 1));
    await subscription.handler(event('user.deleted', id, { userId: id }));
    expect(own).toEqual(['user.deleted']);
    expect(applied).toEqual([`user.registered:${id}`]);
    expect((await members.stored(id))?.username).toBe('consumed');

    const plain = members.subscription({ group: 'test.plain', newGroupStart: 'latest' });
    expect(plain.events).toEqual(['user.registered', 'user.profile_changed', 'user.aura_changed']);
    expect(plain).toMatchObject({ idempotent: true, newGroupStart: 'latest' });
  });
});
