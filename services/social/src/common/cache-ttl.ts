/** How long Redis keeps social's rebuildable copies (seconds). */
export const CacheTtl = {
  timeline: 7 * 24 * 3600,
  memberSet: 24 * 3600,
  ranked: 5 * 60,
  activityThrottle: 5 * 60,
} as const;
