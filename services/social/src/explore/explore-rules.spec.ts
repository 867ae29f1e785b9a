import { InvalidInput } from '@aura/platform';
import { social } from '@aura/proto';
import {
  clampLimit,
  couldMatchTag,
  dayKey,
  eventTime,
  hourKey,
  normaliseTags,
  parseCreatorsRequest,
  parseSearchRequest,
  parseTrendingPeriod,
  searchLists,
  SEARCH_LIMIT,
  startOfUtcDay,
  trendingWindow,
} from './explore-rules';

const search = (fields: Partial<social.SearchRequest>) =>
  parseSearchRequest(social.SearchRequest.fromPartial(fields));
const creators = (fields: Partial<social.TopCreatorsRequest>, now = new Date('2026-11-21T12:00:00Z')) =>
  parseCreatorsRequest(social.TopCreatorsRequest.fromPartial(fields), now);

describe('clampLimit', () => {
  it.each([
    [undefined, 20],
    [0, 20],
    [-5, 20],
    [7, 7],
    [7.9, 7],
    [50, 50],
    [51, 50],
    [10_000, 50],
    [Number.NaN, 20],
  ])('%p → %p', (value, expected) => {
    expect(clampLimit(value as number | undefined, SEARCH_LIMIT)).toBe(expected);
  });
});

describe('parseSearchRequest', () => {
  it('answers null (an empty result) for empty or blank text and a lone #', () => {
    expect(search({ query: '' })).toBeNull();
    expect(search({ query: '   \t ' })).toBeNull();
    expect(search({ query: ' # ' })).toBeNull();
    // nothing to search is never an error, whatever the other fields hold
    expect(search({ query: '', category: 'sports', contentType: 'videos' })).toBeNull();
  });

  it('trims, lower-cases and applies the defaults', () => {
    expect(search({ query: '  Calm Mind ' })).toEqual({
      term: 'calm mind',
      tagQuery: false,
      contentType: 'all',
      category: null,
      limit: 20,
    });
  });

  it('recognises a tag query by its leading #', () => {
    expect(search({ query: '#Wellness' })).toMatchObject({ term: 'wellness', tagQuery: true });
  });

  it('treats all and empty category as no filter and accepts the union of categories', () => {
    expect(search({ query: 'x', category: 'all' })?.category).toBeNull();
    expect(search({ query: 'x', category: '' })?.category).toBeNull();
    for (const category of ['general', 'technology', 'lifestyle', 'wellness', 'entertainment']) {
      expect(search({ query: 'x', category })?.category).toBe(category);
    }
    for (const category of ['education', 'business', 'inspiration', 'personal']) {
      expect(search({ query: 'x', category: category.toUpperCase() })?.category).toBe(category);
    }
  });

  it('refuses an unknown category or content type with InvalidInput', () => {
    expect(() => search({ query: 'x', category: 'sports' })).toThrow(InvalidInput);
    expect(() => search({ query: 'x', contentType: 'videos' })).toThrow(InvalidInput);
  });

  it('cuts the limit to 50 and very long text to 100 characters', () => {
    expect(search({ query: 'x', limit: 500 })?.limit).toBe(50);
    expect(search({ query: 'y'.repeat(300) })?.term).toHaveLength(100);
  });
});

describe('searchLists', () => {
  it('fills every list for all and one list otherwise', () => {
    expect(searchLists('all')).toEqual({ users: true, posts: true, stories: true, tags: true });
    expect(searchLists('users')).toEqual({ users: true, posts: false, stories: false, tags: false });
    expect(searchLists('posts')).toEqual({ users: false, posts: true, stories: false, tags: false });
    expect(searchLists('stories')).toEqual({ users: false, posts: false, stories: true, tags: false });
  });
});

describe('tags', () => {
  it('normalises tags: lower case, no #, valid characters, unique', () => {
    expect(normaliseTags(['Yoga', '#yoga', 'calm_mind', 'bad tag', '', 'ÄÖ', 'x'.repeat(51)])).toEqual([
      'yoga',
      'calm_mind',
    ]);
  });

  it('knows which text could be part of a tag', () => {
    expect(couldMatchTag('yoga_2')).toBe(true);
    expect(couldMatchTag('calm mind')).toBe(false);
  });
});

describe('time keys', () => {
  const at = new Date('2026-11-21T06:45:12.345Z');
  it('names UTC days and hours', () => {
    expect(dayKey(at)).toBe('2026-11-21');
    expect(hourKey(at)).toBe('2026-11-21T06');
    expect(startOfUtcDay(at).toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });

  it('reads event times with a fallback', () => {
    expect(eventTime('2026-01-02T03:04:05Z', '').toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(eventTime('', '2026-01-01T00:00:00Z').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(eventTime('nonsense', 'also nonsense').getTime()).not.toBeNaN();
  });
});

describe('trending periods', () => {
  const now = new Date('2026-11-21T06:30:00Z');
  it('defaults to 7d and refuses unknown periods', () => {
    expect(parseTrendingPeriod('')).toBe('7d');
    expect(parseTrendingPeriod('24H')).toBe('24h');
    expect(() => parseTrendingPeriod('1y')).toThrow(InvalidInput);
  });

  it('rounds the window out to whole buckets', () => {
    expect(trendingWindow('24h', now)).toEqual({ unit: 'hour', fromKey: '2026-11-20T06' });
    expect(trendingWindow('7d', now)).toEqual({ unit: 'day', fromKey: '2026-11-14' });
    expect(trendingWindow('30d', now)).toEqual({ unit: 'day', fromKey: '2026-10-22' });
    expect(trendingWindow('all', now)).toEqual({ unit: 'day', fromKey: null });
  });
});

describe('parseCreatorsRequest', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);

  it('maps the tipped periods to rolling windows, weekly by default', () => {
    expect(creators({ ranking: 'tipped', period: 'daily' })).toMatchObject({ since: ago(24), limit: 10 });
    expect(creators({ ranking: 'tipped', period: 'weekly' }).since).toEqual(ago(7 * 24));
    expect(creators({ ranking: 'tipped', period: 'monthly' }).since).toEqual(ago(30 * 24));
    expect(creators({ ranking: 'tipped', period: 'all' }).since).toBeNull();
    expect(creators({})).toMatchObject({ ranking: 'tipped', period: 'weekly', since: ago(7 * 24) });
  });

  it('maps the rising periods, 7d by default', () => {
    expect(creators({ ranking: 'rising' })).toMatchObject({ period: '7d', since: ago(7 * 24) });
    expect(creators({ ranking: 'rising', period: '30d' }).since).toEqual(ago(30 * 24));
  });

  it('clamps the limit to 50', () => {
    expect(creators({ limit: 99 }).limit).toBe(50);
    expect(creators({ limit: 5 }).limit).toBe(5);
  });

  it('refuses unknown rankings and periods', () => {
    expect(() => creators({ ranking: 'tipped', period: 'yearly' })).toThrow(InvalidInput);
    expect(() => creators({ ranking: 'rising', period: 'weekly' })).toThrow(InvalidInput);
    expect(() => creators({ ranking: 'rising', period: 'all' })).toThrow(InvalidInput);
    expect(() => creators({ ranking: 'richest' })).toThrow(InvalidInput);
  });
});
