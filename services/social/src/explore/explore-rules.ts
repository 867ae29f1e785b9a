import { InvalidInput } from '@aura/platform';
import type { social } from '@aura/proto';

/**
 * The input rules of Explore (spec 000 §5, §7 "Explore", §9; PRODUCT-DECISIONS.md "Social"), pure so
 * they are unit-tested without infrastructure. Times are UTC.
 */

/** The union of post categories and search categories; `all` (or empty) means no filter. */
export const SEARCH_CATEGORIES = [
  'all',
  'general',
  'technology',
  'lifestyle',
  'wellness',
  'entertainment',
  'education',
  'business',
  'inspiration',
  'personal',
] as const;

export const SEARCH_CONTENT_TYPES = ['all', 'users', 'posts', 'stories'] as const;
export type SearchContentType = (typeof SEARCH_CONTENT_TYPES)[number];

export const SEARCH_LIMIT = { default: 20, max: 50 } as const;
export const TRENDING_LIMIT = { default: 20, max: 50 } as const;
export const CREATORS_LIMIT = { default: 10, max: 50 } as const;
/** Longer search text is cut (a word longer than 64 characters is cut again: search-words.ts). */
export const MAX_QUERY_LENGTH = 100;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A missing, zero or negative limit takes the default; a larger one is cut to the maximum. */
export function clampLimit(value: number | undefined, limits: { default: number; max: number }): number {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return limits.default;
  return Math.min(Math.floor(value), limits.max) || limits.default;
}

/** A tag as posts store it: letters, digits and underscore, lower-cased (ADR 0004). */
export const TAG_PATTERN = /^[a-z0-9_]{1,50}$/;

export interface SearchQuery {
  /** Lower-cased text to find (without the leading '#' of a tag query). */
  term: string;
  /** The query started with '#': only tags (and posts and stories carrying them) are searched. */
  tagQuery: boolean;
  contentType: SearchContentType;
  /** null = any category. */
  category: string | null;
  limit: number;
}

/**
 * Validates a search request. Returns null when there is nothing to search (empty text after
 * trimming, or a lone '#'): the answer is then an empty result, never an error, whatever else the
 * request holds. Otherwise an unknown content_type or category is InvalidInput (HTTP 422).
 */
export function parseSearchRequest(request: social.SearchRequest): SearchQuery | null {
  const text = (request.query ?? '').trim().slice(0, MAX_QUERY_LENGTH).toLowerCase();
  const tagQuery = text.startsWith('#');
  const term = (tagQuery ? text.replace(/^#+/, '') : text).trim();
  if (!term) return null;

  const contentType = (request.contentType ?? '').trim().toLowerCase() || 'all';
  if (!(SEARCH_CONTENT_TYPES as readonly string[]).includes(contentType))
    throw new InvalidInput(`content_type must be one of ${SEARCH_CONTENT_TYPES.join(', ')}`);
  const rawCategory = (request.category ?? '').trim().toLowerCase();
  if (rawCategory && !(SEARCH_CATEGORIES as readonly string[]).includes(rawCategory))
    throw new InvalidInput(`category must be one of ${SEARCH_CATEGORIES.join(', ')}`);
  return {
    term,
    tagQuery,
    contentType: contentType as SearchContentType,
    category: rawCategory && rawCategory !== 'all' ? rawCategory : null,
    limit: clampLimit(request.limit, SEARCH_LIMIT),
  };
}

/** Which lists of the search result a content_type fills. Tags belong to the All view. */
export function searchLists(contentType: SearchContentType) {
  return {
    users: contentType === 'all' || contentType === 'users',
    posts: contentType === 'all' || contentType === 'posts',
    stories: contentType === 'all' || contentType === 'stories',
    tags: contentType === 'all',
  };
}

/** Could any tag contain this text? (Tags are [a-z0-9_].) */
export function couldMatchTag(term: string): boolean {
  return /^[a-z0-9_]+$/.test(term);
}

// ---- time keys of the counter buckets ----

/** UTC day of a time: "2026-11-21". */
export function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** UTC hour of a time: "2026-11-21T06". */
export function hourKey(at: Date): string {
  return at.toISOString().slice(0, 13);
}

/** Midnight (UTC) that starts the day of `at`. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

// ---- trending tags ----

export const TRENDING_PERIODS = ['24h', '7d', '30d', 'all'] as const;
export type TrendingPeriod = (typeof TRENDING_PERIODS)[number];

/**
 * Which counter buckets a trending period reads: the window [now - period, now] rounded out to whole
 * buckets (hours for 24h, UTC days for 7d and 30d), so a use counts when its bucket overlaps the
 * window. `all` reads every day bucket.
 */
export type TrendingWindow = { unit: 'hour'; fromKey: string } | { unit: 'day'; fromKey: string | null };

export function parseTrendingPeriod(period: string | undefined): TrendingPeriod {
  const value = (period ?? '').trim().toLowerCase() || '7d';
  if (!(TRENDING_PERIODS as readonly string[]).includes(value))
    throw new InvalidInput(`period must be one of ${TRENDING_PERIODS.join(', ')}`);
  return value as TrendingPeriod;
}

export function trendingWindow(period: TrendingPeriod, now: Date): TrendingWindow {
  switch (period) {
    case '24h':
      return { unit: 'hour', fromKey: hourKey(new Date(now.getTime() - DAY_MS)) };
    case '7d':
      return { unit: 'day', fromKey: dayKey(new Date(now.getTime() - 7 * DAY_MS)) };
    case '30d':
      return { unit: 'day', fromKey: dayKey(new Date(now.getTime() - 30 * DAY_MS)) };
    case 'all':
      return { unit: 'day', fromKey: null };
  }
}

// ---- creator rankings ----

export type CreatorRanking = 'tipped' | 'rising';
export const TIPPED_PERIODS = ['daily', 'weekly', 'monthly', 'all'] as const;
export const RISING_PERIODS = ['7d', '30d'] as const;

export interface CreatorsQuery {
  ranking: CreatorRanking;
  period: string;
  /** Start of the window (exact, rolling); null = all time. */
  since: Date | null;
  limit: number;
}

const TIPPED_WINDOW_MS: Record<(typeof TIPPED_PERIODS)[number], number | null> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: 30 * DAY_MS,
  all: null,
};
const RISING_WINDOW_MS: Record<(typeof RISING_PERIODS)[number], number> = {
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};

/**
 * ranking tipped (default): daily 24 h | weekly 7 d (default) | monthly 30 d | all;
 * ranking rising: 7d (default) | 30d. Anything else is InvalidInput (HTTP 422).
 */
export function parseCreatorsRequest(request: social.TopCreatorsRequest, now: Date): CreatorsQuery {
  const ranking = (request.ranking ?? '').trim().toLowerCase() || 'tipped';
  const limit = clampLimit(request.limit, CREATORS_LIMIT);
  const period = (request.period ?? '').trim().toLowerCase();
  if (ranking === 'tipped') {
    const value = period || 'weekly';
    if (!Object.prototype.hasOwnProperty.call(TIPPED_WINDOW_MS, value))
      throw new InvalidInput(`period must be one of ${TIPPED_PERIODS.join(', ')}`);
    const windowMs = TIPPED_WINDOW_MS[value as keyof typeof TIPPED_WINDOW_MS];
    return {
      ranking,
      period: value,
      since: windowMs === null ? null : new Date(now.getTime() - windowMs),
      limit,
    };
  }
  if (ranking === 'rising') {
    const value = period || '7d';
    if (!Object.prototype.hasOwnProperty.call(RISING_WINDOW_MS, value))
      throw new InvalidInput(`period must be one of ${RISING_PERIODS.join(', ')}`);
    const windowMs = RISING_WINDOW_MS[value as keyof typeof RISING_WINDOW_MS];
    return { ranking, period: value, since: new Date(now.getTime() - windowMs), limit };
  }
  throw new InvalidInput('ranking must be tipped or rising');
}

/** Tags of a post as the projection stores them: lower-cased, valid, unique. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#+/, '').toLowerCase();
    if (TAG_PATTERN.test(tag)) seen.add(tag);
  }
  return [...seen];
}

/** A time from an event payload, or the fallback when it is empty or unreadable. */
export function eventTime(value: string | undefined, fallback: string): Date {
  const parsed = value ? new Date(value) : new Date(NaN);
  if (!Number.isNaN(parsed.getTime())) return parsed;
  const alternative = new Date(fallback);
  return Number.isNaN(alternative.getTime()) ? new Date() : alternative;
}
