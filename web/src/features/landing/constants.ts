// Spec 000 §2 "Landing page" and §9.

/** "Default statistics shown before data arrives" and the coin price "default shown 1". */
export const DEFAULT_PUBLIC_STATS = {
  total_users: 1247,
  active_users_24h: 89,
  total_posts: 3421,
  total_engagement: 15678,
} as const;

export const DEFAULT_COIN_PRICE = 1;

/** "It refreshes every 15 seconds." */
export const LANDING_REFRESH_MS = 15_000;

/** Author ring tiers of the landing preview (900, 700, 500). */
export const PREVIEW_AURA_TIERS = [900, 700, 500] as const;
