import { makeAuthor, makePost } from '../posts/fixtures';
import {
  allTabPreview,
  BIO_PREVIEW_MAX,
  normalizeResults,
  RISING_PERIODS,
  SEARCH_CATEGORIES,
  searchParams,
  searchTextOf,
  tabCounts,
  TIP_PERIODS,
  TOP_LIST,
  TRENDING_TAGS,
} from './explore';
import type { SearchResults, SearchUser } from './types';

const user = (n: number): SearchUser => ({
  ...makeAuthor({ id: `u${n}`, username: `user${n}`, display_name: `User ${n}`, aura_score: n }),
  bio: '',
});
const post = (n: number, is_story = false) => makePost({ id: `p${n}`, content: `post ${n}`, is_story });
const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('explore (spec 000 §2, §5, §9)', () => {
  it('has the eight search categories', () => {
    expect(SEARCH_CATEGORIES).toEqual([
      'all',
      'general',
      'technology',
      'lifestyle',
      'wellness',
      'entertainment',
      'education',
      'business',
    ]);
  });

  it('searches only non-empty text', () => {
    expect(searchTextOf('')).toBeNull();
    expect(searchTextOf('   ')).toBeNull();
    expect(searchTextOf('  #calm ')).toBe('#calm');
  });

  it('asks for 20 results of the tab and category', () => {
    expect(searchParams('calm', 'posts', 'wellness')).toEqual({
      query: 'calm',
      content_type: 'posts',
      category: 'wellness',
      limit: 20,
    });
  });

  it('All shows up to 6 users, 3 posts and 2 stories plus the tags; tabs count everything', () => {
    const results: SearchResults = {
      users: range(9).map(user),
      posts: range(5).map((n) => post(n)),
      stories: range(4).map((n) => post(10 + n, true)),
      tags: [{ tag: 'calm', count: 3 }],
    };
    const preview = allTabPreview(results);
    expect(preview.users).toHaveLength(6);
    expect(preview.posts).toHaveLength(3);
    expect(preview.stories).toHaveLength(2);
    expect(preview.tags).toEqual([{ tag: 'calm', count: 3 }]);
    expect(tabCounts(results)).toEqual({ all: 18, users: 9, posts: 5, stories: 4 });
  });

  it('reads a partial answer as empty lists', () => {
    expect(normalizeResults({ users: [user(1)] })).toEqual({
      users: [user(1)],
      posts: [],
      stories: [],
      tags: [],
    });
    expect(normalizeResults(null)).toEqual({ users: [], posts: [], stories: [], tags: [] });
  });

  it('has the spec limits and periods', () => {
    expect(BIO_PREVIEW_MAX).toBe(50);
    expect(TRENDING_TAGS).toEqual({ period: '7d', fetch: 20, show: 15 });
    expect(TOP_LIST).toEqual({ fetch: 10, show: 5 });
    expect(TIP_PERIODS.map((p) => p.id)).toEqual(['daily', 'weekly', 'monthly', 'all']);
    expect(RISING_PERIODS).toEqual([
      { id: '7d', label: '7 Days' },
      { id: '30d', label: '30 Days' },
    ]);
  });
});
