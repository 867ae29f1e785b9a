// Spec 000 §2 "Aura levels by score (home)" and the aura ring tiers of feed items.

export const AURA_SCORE_MAX = 1000;

const LEVELS = [
  { min: 900, name: 'Cosmic Aura' },
  { min: 700, name: 'Radiant Aura' },
  { min: 500, name: 'Empowered Aura' },
  { min: 300, name: 'Rising Aura' },
  { min: 0, name: 'Starter Aura' },
] as const;

export type AuraLevelName = (typeof LEVELS)[number]['name'];

/** 0-299 Starter Aura, 300-499 Rising Aura, 500-699 Empowered Aura, 700-899 Radiant Aura, 900+ Cosmic Aura. */
export function auraLevel(score: number): AuraLevelName {
  return (LEVELS.find((level) => score >= level.min) ?? LEVELS[LEVELS.length - 1]!).name;
}

/** The energy bar's fill: score out of 1000, as a percentage clamped to 0-100. */
export function auraPercent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, score / (AURA_SCORE_MAX / 100)));
}

export type AuraTier = 'cosmic' | 'radiant' | 'empowered' | 'rising' | 'starter';

/** Ring colour tier of an author (feed items: 900, 700, 500, 300; the landing preview stops at 500). */
export function auraTier(score: number, thresholds: readonly number[] = [900, 700, 500, 300]): AuraTier {
  const tiers: AuraTier[] = ['cosmic', 'radiant', 'empowered', 'rising'];
  const index = thresholds.findIndex((min) => score >= min);
  return index === -1 ? 'starter' : tiers[index]!;
}

/** Ring tiers of feed items, stories and profiles (spec 000 §2). */
export const FEED_RING_TIERS = [900, 700, 500, 300] as const;

/** Spec 001 §6 and §9: a comment by an author with an aura score of 700 or more is highlighted. */
export const HIGHLIGHT_COMMENT_AURA = 700;

export const isHighlightedAura = (score: number) => score >= HIGHLIGHT_COMMENT_AURA;

export type ExploreAuraColor = 'bright' | 'warm' | 'mild' | 'dim';

/**
 * Spec 000 §9: "Explore aura level colour thresholds: 700 and above, 400 and above, 200 and above, below"
 * (the level names are not shown, so only colours).
 */
export function exploreAuraColor(score: number): ExploreAuraColor {
  if (score >= 700) return 'bright';
  if (score >= 400) return 'warm';
  if (score >= 200) return 'mild';
  return 'dim';
}
