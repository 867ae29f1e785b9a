// The value lists of the social routes (spec 000 §5, PRODUCT-DECISIONS.md "Social", ADR 0004).

export const POST_CATEGORIES = ['general', 'lifestyle', 'technology', 'inspiration', 'personal'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const POST_CONTENT_TYPES = ['text', 'multimedia'] as const;
export type PostContentType = (typeof POST_CONTENT_TYPES)[number];

export const FEEDS = ['aura', 'high-aura', 'discovery', 'following'] as const;
export type Feed = (typeof FEEDS)[number];

/** The search filter takes the union of post and search categories; '' or all = any. */
export const SEARCH_CATEGORIES = [
  '',
  'all',
  'general',
  'lifestyle',
  'technology',
  'inspiration',
  'personal',
  'wellness',
  'entertainment',
  'education',
  'business',
] as const;
export const SEARCH_CONTENT_TYPES = ['all', 'users', 'posts', 'stories'] as const;

export const MEMBER_CONTENT_TYPES = ['posts', 'stories', 'reflections'] as const;
export type MemberContentType = (typeof MEMBER_CONTENT_TYPES)[number];
export const PROFILE_POST_MEDIA = ['all', 'image', 'video'] as const;

export const TRENDING_PERIODS = ['24h', '7d', '30d', 'all'] as const;
export const TOP_TIPPED_PERIODS = ['daily', 'weekly', 'monthly', 'all'] as const;
export const TOP_RISING_PERIODS = ['7d', '30d'] as const;

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
