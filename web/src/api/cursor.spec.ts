import { FEED_PAGE_SIZE, flattenPages, nextPageParam, pageQuery, readNextCursor } from './cursor';

describe('cursor pagination (ADR 0004)', () => {
  it('reads the next cursor from X-Next-Cursor, any case; absent or blank is the last page', () => {
    expect(readNextCursor(new Headers({ 'x-next-cursor': 'abc_123' }))).toBe('abc_123');
    expect(readNextCursor(new Headers({ 'X-Next-Cursor': ' abc ' }))).toBe('abc');
    expect(readNextCursor(new Headers())).toBeNull();
    expect(readNextCursor(new Headers({ 'X-Next-Cursor': '' }))).toBeNull();
  });

  it('asks for 20 per page, with the cursor only after the first page', () => {
    expect(FEED_PAGE_SIZE).toBe(20);
    expect(pageQuery(null)).toEqual({ limit: 20 });
    expect(pageQuery(undefined)).toEqual({ limit: 20 });
    expect(pageQuery('c1')).toEqual({ cursor: 'c1', limit: 20 });
  });

  it('stops paging when there is no next cursor', () => {
    expect(nextPageParam({ items: [], nextCursor: 'c2' })).toBe('c2');
    expect(nextPageParam({ items: [], nextCursor: null })).toBeUndefined();
  });

  it('flattens pages in order and shows each id once', () => {
    const pages = [
      { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'c1' },
      { items: [{ id: 'b' }, { id: 'c' }], nextCursor: null },
    ];
    expect(flattenPages(pages).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(flattenPages(undefined)).toEqual([]);
  });
});
