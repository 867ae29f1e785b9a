import { DAY_MS, HOUR_MS } from '../common/clock';

/** The feeds of GetFeed (PRODUCT-DECISIONS.md "Social", ADR 0004). */
export const FEEDS = ['aura', 'high-aura', 'discovery', 'following'] as const;
export type FeedName = (typeof FEEDS)[number];
export type RankedFeed = Exclude<FeedName, 'following'>;

export const HIGH_AURA_THRESHOLD = 700;

/** How far back each ranked feed looks. */
export const FEED_WINDOW_MS: Record<RankedFeed, number> = {
  aura: 7 * DAY_MS,
  'high-aura': 7 * DAY_MS,
  discovery: 72 * HOUR_MS,
};

export interface RankCandidate {
  id: string;
  authorId: string;
  createdAtMs: number;
  engagementScore: number;
  authorAura: number;
}

/** score = (1 + engagement_score) × (1 + aura/1000) / (hours_since + 2)^1.5 */
export function auraFeedScore(candidate: RankCandidate, nowMs: number): number {
  const hours = Math.max(0, nowMs - candidate.createdAtMs) / HOUR_MS;
  const aura = Math.min(1000, Math.max(0, candidate.authorAura));
  return ((1 + Math.max(0, candidate.engagementScore)) * (1 + aura / 1000)) / Math.pow(hours + 2, 1.5);
}

const newestFirst = (a: RankCandidate, b: RankCandidate) =>
  b.createdAtMs - a.createdAtMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Orders candidates for a ranked feed (the window, blocks and follows are applied by the caller).
 * aura: by the aura score; high-aura: authors with aura ≥ 700, newest first; discovery: by
 * engagement_score, then newest. Ties end newest first, then by id, so the order is total.
 */
export function rankFeed(feed: RankedFeed, candidates: RankCandidate[], nowMs: number): string[] {
  let ordered: RankCandidate[];
  if (feed === 'aura') {
    const scored = candidates.map((candidate) => ({ candidate, score: auraFeedScore(candidate, nowMs) }));
    scored.sort((a, b) => b.score - a.score || newestFirst(a.candidate, b.candidate));
    ordered = scored.map((entry) => entry.candidate);
  } else if (feed === 'high-aura') {
    ordered = candidates.filter((candidate) => candidate.authorAura >= HIGH_AURA_THRESHOLD).sort(newestFirst);
  } else {
    ordered = [...candidates].sort((a, b) => b.engagementScore - a.engagementScore || newestFirst(a, b));
  }
  return ordered.map((candidate) => candidate.id);
}

export function isFeedName(value: string): value is FeedName {
  return (FEEDS as readonly string[]).includes(value);
}
