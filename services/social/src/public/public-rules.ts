import { dayKey } from '../explore/explore-rules';

/** The landing page's live preview: 10 posts by default, 20 at most. */
export const PREVIEW_LIMIT = { default: 10, max: 20 } as const;

/** Members count as active when they acted within this window. */
export const ACTIVE_WINDOW_MS = 24 * 3600_000;

/** Total and today's engagement from per-day counts (UTC days). */
export function engagementFigures(byDay: ReadonlyMap<string, number>, now: Date) {
  let total = 0;
  for (const count of byDay.values()) total += Math.max(0, count);
  return { totalEngagement: total, engagementToday: Math.max(0, byDay.get(dayKey(now)) ?? 0) };
}

/** int32 fields of the contract never overflow (a count past 2^31 - 1 is shown as the maximum). */
export function int32(value: number): number {
  return Math.max(0, Math.min(Math.trunc(value), 2_147_483_647));
}
