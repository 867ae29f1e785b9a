// Spec 000 §2: the default statistics show until data arrives. Pure module: unit-tested under node.
import { DEFAULT_PUBLIC_STATS } from './constants';
import type { PublicStats } from './types';

/** Whether a figure is a usable count (a malformed answer falls back to the default). */
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The server's figures over the defaults, field by field. Pure. */
export function statsOrDefaults(data: Partial<PublicStats> | undefined): PublicStats {
  if (!data) return { ...DEFAULT_PUBLIC_STATS };
  return {
    ...data,
    total_users: isCount(data.total_users) ? data.total_users : DEFAULT_PUBLIC_STATS.total_users,
    active_users_24h: isCount(data.active_users_24h)
      ? data.active_users_24h
      : DEFAULT_PUBLIC_STATS.active_users_24h,
    total_posts: isCount(data.total_posts) ? data.total_posts : DEFAULT_PUBLIC_STATS.total_posts,
    total_engagement: isCount(data.total_engagement)
      ? data.total_engagement
      : DEFAULT_PUBLIC_STATS.total_engagement,
  };
}
