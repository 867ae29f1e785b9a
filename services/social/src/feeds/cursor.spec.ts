import { InvalidInput } from '@aura/platform';
import { pageLimit } from '../common/settings';
import { decodeRankCursor, decodeTimeCursor, encodeRankCursor, encodeTimeCursor } from './cursor';

describe('cursors', () => {
  it('round-trip a time position and a rank position, opaque and URL-safe', () => {
    const time = encodeTimeCursor({ score: 1767225600000, id: '3f2b1a7c-0000-4000-8000-000000000001' });
    expect(time).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeTimeCursor(time)).toEqual({
      score: 1767225600000,
      id: '3f2b1a7c-0000-4000-8000-000000000001',
    });
    const rank = encodeRankCursor({ snapshot: '0b6c1a2e-1111-4222-8333-944455556666', offset: 40 });
    expect(decodeRankCursor(rank)).toEqual({ snapshot: '0b6c1a2e-1111-4222-8333-944455556666', offset: 40 });
  });

  it('treat an empty cursor as the first page', () => {
    expect(decodeTimeCursor('')).toBeUndefined();
    expect(decodeRankCursor(undefined)).toBeUndefined();
  });

  it('refuse tampered or foreign cursors as malformed input', () => {
    const rank = encodeRankCursor({ snapshot: 'abc', offset: 20 });
    for (const bad of ['%%%', 'bm90LWpzb24', rank, Buffer.from('{"t":-5,"i":"x"}').toString('base64url')])
      expect(() => decodeTimeCursor(bad)).toThrow(InvalidInput);
    const time = encodeTimeCursor({ score: 1, id: 'x' });
    for (const bad of [time, Buffer.from('{"s":"a b","o":1}').toString('base64url')])
      expect(() => decodeRankCursor(bad)).toThrow(InvalidInput);
    expect(() => decodeRankCursor(Buffer.from('{"s":"a","o":-1}').toString('base64url'))).toThrow(
      InvalidInput,
    );
  });
});

describe('pageLimit', () => {
  it('defaults a missing or non-positive limit and caps a large one', () => {
    expect(pageLimit(0, 20, 50)).toBe(20);
    expect(pageLimit(-3, 20, 50)).toBe(20);
    expect(pageLimit(7, 20, 50)).toBe(7);
    expect(pageLimit(500, 20, 50)).toBe(50);
  });
});
