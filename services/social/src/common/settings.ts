/** Tunables of the social core (ADR 0004). */
export interface SocialSettings {
  /** Authors with more followers are not fanned out on write (merged into timelines at read). */
  fanoutLimit: number;
  /** Entries kept per following timeline in Redis. */
  timelineSize: number;
  /** Newest posts kept as candidates of the ranked feeds. */
  rankedCandidates: number;
  /**
   * How often the sweep runs (expired stories out of Redis, halfway removals, counter repair). A
   * counter a crash left one off is exact SETTLE_MS + up to one interval after its target went quiet;
   * each pass reads only the changes since the last one (indexed by `createdAt`), so passes are cheap.
   */
  sweepIntervalMs: number;
}

export const SOCIAL_SETTINGS = Symbol('SocialSettings');

export const defaultSettings: SocialSettings = {
  fanoutLimit: 5000,
  timelineSize: 800,
  rankedCandidates: 2000,
  sweepIntervalMs: 15_000,
};

/** Page sizes: a missing or non-positive limit is the default, a larger one is cut to the maximum. */
export function pageLimit(requested: number | undefined, fallback: number, max: number): number {
  const value = Math.floor(Number(requested ?? 0));
  if (!Number.isFinite(value) || value <= 0) return fallback;
  return Math.min(value, max);
}

export const PageSizes = {
  feed: { fallback: 20, max: 50 },
  mutes: { fallback: 50, max: 100 },
  savedPosts: { fallback: 20, max: 50 },
  memberPosts: { fallback: 10, max: 50 },
  memberStories: { fallback: 20, max: 50 },
  stories: { fallback: 50, max: 100 },
  comments: { fallback: 50, max: 100 },
} as const;
