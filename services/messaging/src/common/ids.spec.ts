import {
  conversationId,
  decodeCursor,
  derivedId,
  encodeCursor,
  isUuid,
  membersOf,
  olderThan,
  otherMember,
} from './ids';

const a = '65f0c0ffee0000000000000a';
const b = '65f0c0ffee0000000000000b';

describe('conversation ids', () => {
  it('are the sorted pair, the same from either side', () => {
    expect(conversationId(a, b)).toBe(`${a}:${b}`);
    expect(conversationId(b, a)).toBe(`${a}:${b}`);
  });

  it('name their members, and nothing else parses as one', () => {
    expect(membersOf(`${a}:${b}`)).toEqual([a, b]);
    expect(otherMember(`${a}:${b}`, a)).toBe(b);
    expect(otherMember(`${a}:${b}`, '65f0c0ffee0000000000000c')).toBeUndefined();
    for (const bad of [`${b}:${a}`, `${a}:${a}`, a, `${a}:${b}:${b}`, 'x:y', `${a}:../etc`])
      expect(membersOf(bad)).toBeUndefined();
  });
});

describe('derived ids', () => {
  it('are stable, UUID-shaped and differ by name', () => {
    expect(derivedId('x')).toBe(derivedId('x'));
    expect(derivedId('x')).not.toBe(derivedId('y'));
    expect(isUuid(derivedId('message:abc'))).toBe(true);
  });
});

describe('cursors', () => {
  it('round-trip and refuse junk', () => {
    const cursor = { ms: 1700000000123, id: 'c3f1a0de-0000-4000-8000-000000000001' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor('')).toBeUndefined();
    expect(decodeCursor('%%%')).toBeUndefined();
    expect(decodeCursor(Buffer.from('12:a b').toString('base64url'))).toBeUndefined();
  });

  it('order by time, then id', () => {
    const cursor = { ms: 100, id: 'm' };
    expect(olderThan(99, 'z', cursor)).toBe(true);
    expect(olderThan(100, 'a', cursor)).toBe(true);
    expect(olderThan(100, 'm', cursor)).toBe(false);
    expect(olderThan(101, 'a', cursor)).toBe(false);
  });
});
