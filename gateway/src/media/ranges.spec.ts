import { etagMatches, httpDate, parseRange, quoteEtag } from './ranges';

describe('byte ranges', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=10-', { kind: 'partial', start: 10, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-2000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=5000-6000', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
  ])('%s of 1000 bytes → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing satisfiable in an empty object', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('entity tags and dates', () => {
  it('quotes a bare tag and keeps a quoted or weak one', () => {
    expect(quoteEtag('abc')).toBe('"abc"');
    expect(quoteEtag('"abc"')).toBe('"abc"');
    expect(quoteEtag('W/"abc"')).toBe('W/"abc"');
    expect(quoteEtag('')).toBe('');
  });

  it('compares If-None-Match weakly, in lists, and with *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"x"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });

  it('writes HTTP dates', () => {
    expect(httpDate('2026-01-02T03:04:05.000Z')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    expect(httpDate('Fri, 02 Jan 2026 03:04:05 GMT')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    expect(httpDate('nonsense')).toBe('');
  });
});
