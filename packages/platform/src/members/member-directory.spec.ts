import type { mongo } from 'mongoose';
import type { DomainEvent } from '../events/event';
import { memberProfile } from './identity-members';
import { type MemberDoc, MemberDirectory, memberOf } from './member-directory';

/** A collection no call may reach (the routing below never needs the database). */
const untouchable = new Proxy(
  {},
  {
    get: (_target, name) => () => {
      throw new Error(`collection.${String(name)} called`);
    },
  },
) as mongo.Collection<MemberDoc>;

const event = (type: string, payload: unknown) => ({ type, payload }) as DomainEvent;

describe('memberProfile', () => {
  it("reads identity's description: no display name is the username, no role a user", () => {
    expect(memberProfile('a', { username: 'alice', displayName: '', auraScore: 5, role: '' })).toEqual({
      id: 'a',
      username: 'alice',
      displayName: 'alice',
      profilePicture: '',
      auraScore: 5,
      role: 'user',
      isSuperAura: false,
    });
    const bob = {
      username: 'bob',
      displayName: 'Bob',
      profilePicture: 'bob.png',
      auraScore: 7,
      role: 'admin',
      isSuperAura: true,
      bio: 'hi',
    };
    expect(memberProfile('b', bob)).toEqual({ id: 'b', ...bob });
  });
});

describe('memberOf', () => {
  it('answers the shared fields of a stored member, with defaults for fields a source did not give', () => {
    expect(memberOf({ _id: 'a', username: 'alice' })).toEqual(
      memberProfile('a', { username: 'alice', auraScore: 0 }),
    );
    expect(
      memberOf({
        _id: 'b',
        username: 'bob',
        display_name: 'Bob',
        profile_picture: 'bob.png',
        aura_score: 120,
        role: 'admin',
        is_super_aura: true,
      }),
    ).toEqual({
      id: 'b',
      username: 'bob',
      displayName: 'Bob',
      profilePicture: 'bob.png',
      auraScore: 120,
      role: 'admin',
      isSuperAura: true,
    });
  });

  it('answers null for a document identity has not described yet (only a service field)', () => {
    expect(memberOf({ _id: 'c' })).toBeNull();
  });
});

describe('MemberDirectory routing', () => {
  const members = new MemberDirectory(untouchable);

  it('ignores events that are not member events, or carry no member', async () => {
    expect(await members.handle(event('user.deleted', { userId: 'a' }))).toBeNull();
    expect(await members.handle(event('user.registered', { userId: '', username: 'x' }))).toBeNull();
    expect(await members.handle(event('user.profile_changed', { userId: 'a', username: '' }))).toBeNull();
    expect(await members.handle(event('user.aura_changed', { userId: '', auraScore: 1 }))).toBeNull();
  });

  it("hands the service's own events to it, and asks nothing of a source for no ids", async () => {
    const own: string[] = [];
    const subscription = members.subscription({
      group: 'g',
      also: { events: ['user.blocked'], handle: async (e) => void own.push(e.type) },
    });
    await subscription.handler(event('user.blocked', { blockerId: 'a', blockedId: 'b' }));
    expect(own).toEqual(['user.blocked']);
    expect(await members.findMany([])).toEqual(new Map());
    expect(await members.find('')).toBeNull();
    expect(await members.documents(['', ''])).toEqual(new Map());
    expect(await members.document('')).toBeNull();
  });
});
