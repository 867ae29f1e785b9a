// Every TanStack Query key of the app, in one place, so invalidations cannot drift from the queries.
import type { FeedTab } from '../features/feed/feed-tabs';

export const queryKeys = {
  /** GET /api/auth/me: the signed-in member. */
  me: ['auth', 'me'] as const,
  /** The member's signed-in devices (GET /api/auth/sessions). */
  sessions: ['auth', 'sessions'] as const,
  /** Whether sign-in asks for an authenticator code (GET /api/auth/two-factor). */
  twoFactor: ['auth', 'two-factor'] as const,
  /** The member's passkeys (GET /api/auth/passkeys). */
  passkeys: ['auth', 'passkeys'] as const,
  /** The member's data exports, newest first (GET /api/account/exports). */
  dataExports: ['account', 'data-exports'] as const,
  /** The member's wallet (GET /api/wallet); its history and withdrawals sit under it, so that one
   * invalidation of `wallet` after a money movement refreshes all three. */
  wallet: ['wallet'] as const,
  walletBalance: ['wallet', 'balance'] as const,
  walletTransactions: ['wallet', 'transactions'] as const,
  withdrawals: ['wallet', 'withdrawals'] as const,
  /** The member's spending settings (GET /api/wallet/spending-settings): under `wallet`, so a spend
   * refreshes the day's total. */
  spendingSettings: ['wallet', 'spending-settings'] as const,
  /** The AC packages of the Buy AuraCoins tab (GET /api/payments/packages, public). */
  paymentPackages: ['payments', 'packages'] as const,
  /** The member's SuperAura membership (GET /api/superaura/status). */
  superAuraStatus: ['superaura', 'status'] as const,
  /** The transfer's recipient picker (GET /api/users/search/{text}). */
  recipientSearch: (query: string) => ['users', 'search', query] as const,
  /** The @mention picker's members for a name prefix. */
  mentionSearch: (query: string) => ['users', 'mention', query] as const,
  /** All home feeds; one tab is `feed(tab)` (GET /api/posts/feed/{tab}, cursor-paged infinite query). */
  feeds: ['feeds'] as const,
  feed: (tab: FeedTab) => ['feeds', tab] as const,
  /** The stories strip (GET /api/stories). */
  stories: ['stories'] as const,
  /** Comments of a post (GET /api/posts/{id}/comments). */
  comments: ['comments'] as const,
  postComments: (postId: string) => ['comments', postId] as const,
  /** Another member's profile and content (GET /api/users/{id}/profile, /posts, /stories). */
  members: ['members'] as const,
  /** The caller's saved posts (GET /api/saved-posts, cursor-paged infinite query). */
  savedPosts: ['saved-posts'] as const,
  /** The members the caller muted (GET /api/mutes, cursor-paged infinite query). */
  mutes: ['mutes'] as const,
  /** The caller's muted words and tags (GET /api/muted-words). */
  mutedWords: ['muted-words'] as const,
  member: (userId: string) => ['members', userId] as const,
  memberProfile: (userId: string) => ['members', userId, 'profile'] as const,
  memberPosts: (userId: string) => ['members', userId, 'posts'] as const,
  memberStories: (userId: string) => ['members', userId, 'stories'] as const,
  /** Explore (GET /api/search, /api/tags/trending, /api/creators/top-tipped|top-rising). */
  search: ['search'] as const,
  searchResults: (query: string, contentType: string, category: string) =>
    ['search', { query, contentType, category }] as const,
  trendingTags: ['tags', 'trending'] as const,
  topTipped: (period: string) => ['creators', 'top-tipped', period] as const,
  topRising: (period: string) => ['creators', 'top-rising', period] as const,
  /** Landing page data (GET /api/public/stats, /api/public/feed/preview, /api/auracoin/price/current). */
  publicStats: ['public', 'stats'] as const,
  publicFeedPreview: ['public', 'feed-preview'] as const,
  coinPrice: ['auracoin', 'price', 'current'] as const,
  /** The coin chart (GET /api/auracoin/price/history?hours=). */
  coinHistory: ['auracoin', 'price', 'history'] as const,
  coinHistoryOf: (hours: number) => ['auracoin', 'price', 'history', hours] as const,
  /** Messaging (GET /api/conversations, /api/conversations/{id}/messages, /api/users/blocked). */
  conversations: ['conversations'] as const,
  conversationMessages: (conversationId: string) => ['messages', conversationId] as const,
  conversationSearch: (conversationId: string, q: string) =>
    ['messages', conversationId, 'search', q] as const,
  blockedUsers: ['users', 'blocked'] as const,
  /** The notification center (GET /api/notifications?limit=20, /api/notifications/stats). */
  notificationList: ['notifications', 'list'] as const,
  notificationStats: ['notifications', 'stats'] as const,
  notificationSettings: ['notifications', 'settings'] as const,
  /** Genies (GET /api/genies/available, /bottles, /collection, /stats; a member's featured genie). */
  genies: ['genies'] as const,
  genieCatalogue: ['genies', 'available'] as const,
  genieBottles: ['genies', 'bottles'] as const,
  genieCollection: ['genies', 'collection'] as const,
  genieStats: ['genies', 'stats'] as const,
  featuredGenie: (userId: string) => ['genies', 'featured', userId] as const,
  /** The marketplace (GET /api/marketplace/categories, /items, /purchases; a member's applied items). */
  marketplace: ['marketplace'] as const,
  marketplaceCategories: ['marketplace', 'categories'] as const,
  marketplaceItems: ['marketplace', 'items'] as const,
  marketplacePurchases: ['marketplace', 'purchases'] as const,
  appliedItems: (userId: string) => ['marketplace', 'applied', userId] as const,
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
