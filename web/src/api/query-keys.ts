// Every TanStack Query key of the app, in one place, so invalidations cannot drift from the queries.
import type { FeedTab } from '../features/feed/feed-tabs';

export const queryKeys = {
  /** GET /api/auth/me: the signed-in member. */
  me: ['auth', 'me'] as const,
  /** The member's wallet (GET /api/wallet, a later issue). */
  wallet: ['wallet'] as const,
  /** All home feeds; one tab is `feed(tab)` (GET /api/posts/feed/{tab}, a later issue). */
  feeds: ['feeds'] as const,
  feed: (tab: FeedTab) => ['feeds', tab] as const,
  /** The stories strip (GET /api/stories, a later issue). */
  stories: ['stories'] as const,
  /** Landing page data (GET /api/public/stats, /api/public/feed/preview, /api/auracoin/price/current). */
  publicStats: ['public', 'stats'] as const,
  publicFeedPreview: ['public', 'feed-preview'] as const,
  coinPrice: ['auracoin', 'price', 'current'] as const,
};

/**
 * Spec 000 §4: after signing in, "user data, wallet, feed and stories are refetched after 1 second".
 * Invalidating a key with no query yet is a no-op; the wallet, feed and stories queries join as they arrive.
 */
export const SIGNED_IN_DATA_KEYS = [
  queryKeys.me,
  queryKeys.wallet,
  queryKeys.feeds,
  queryKeys.stories,
] as const;
