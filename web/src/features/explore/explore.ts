// Explore's rules (spec 000 §2 "Explore dialog", §5, §7, §9). Pure module: unit-tested under node.
import type { SearchResults } from './types';

/** Spec 000 §5: search categories. */
export const SEARCH_CATEGORIES = [
  'all',
  'general',
  'technology',
  'lifestyle',
  'wellness',
  'entertainment',
  'education',
  'business',
] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];
export const isSearchCategory = (value: string): value is SearchCategory =>
  (SEARCH_CATEGORIES as readonly string[]).includes(value);

export type SearchTab = 'all' | 'users' | 'posts' | 'stories';
export const SEARCH_TAB_LABELS: Record<SearchTab, string> = {
  all: 'All',
  users: 'Users',
  posts: 'Posts',
  stories: 'Stories',
};

/** Spec 000 §9: search limit 20; All shows 6 users, 3 posts, 2 stories; bio preview cut at 50. */
export const SEARCH_LIMIT = 20;
export const ALL_TAB_LIMITS = { users: 6, posts: 3, stories: 2 } as const;
export const BIO_PREVIEW_MAX = 50;
/** Typing settles for this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Trending tags: period 7d, fetch 20, show 15. Top lists: fetch 10, show 5. */
export const TRENDING_TAGS = { period: '7d', fetch: 20, show: 15 } as const;
export const TOP_LIST = { fetch: 10, show: 5 } as const;

export const TIP_PERIODS = [
  { id: 'daily', label: 'Daily' },
  { id: 'weekly', label: 'Weekly' },
  { id: 'monthly', label: 'Monthly' },
  { id: 'all', label: 'All' },
] as const;
export type TipPeriod = (typeof TIP_PERIODS)[number]['id'];

export const RISING_PERIODS = [
  { id: '7d', label: '7 Days' },
  { id: '30d', label: '30 Days' },
] as const;
export type RisingPeriod = (typeof RISING_PERIODS)[number]['id'];

export const EMPTY_RESULTS: SearchResults = { users: [], posts: [], stories: [], tags: [] };

/** Spec 000 §5: search runs only on non-empty text; null means "no search, results cleared". */
export function searchTextOf(input: string): string | null {
  const text = input.trim();
  return text === '' ? null : text;
}

/** GET /api/search query string. */
export function searchParams(text: string, tab: SearchTab, category: SearchCategory) {
  return { query: text, content_type: tab, category, limit: SEARCH_LIMIT };
}

/** Any answer as complete results (missing lists are empty). */
export function normalizeResults(data: unknown): SearchResults {
  const value = (data && typeof data === 'object' ? data : {}) as Partial<
    Record<keyof SearchResults, unknown>
  >;
  const list = <T>(items: unknown) => (Array.isArray(items) ? (items as T[]) : []);
  return {
    users: list(value.users),
    posts: list(value.posts),
    stories: list(value.stories),
    tags: list(value.tags),
  };
}

/** The counts on the result tabs. */
export function tabCounts(results: SearchResults): Record<SearchTab, number> {
  const users = results.users.length;
  const posts = results.posts.length;
  const stories = results.stories.length;
  return { all: users + posts + stories, users, posts, stories };
}

/** What the All tab shows: up to 6 users, 3 posts and 2 stories, plus the tags. */
export function allTabPreview(results: SearchResults): SearchResults {
  return {
    users: results.users.slice(0, ALL_TAB_LIMITS.users),
    posts: results.posts.slice(0, ALL_TAB_LIMITS.posts),
    stories: results.stories.slice(0, ALL_TAB_LIMITS.stories),
    tags: results.tags,
  };
}
