// The public landing shapes of ADR 0004, from the generated OpenAPI schema.
import type { components } from '../../api/schema';

export type PublicStats = Omit<
  components['schemas']['PublicStatsResponse'],
  'posts_today' | 'engagement_today'
> &
  Partial<Pick<components['schemas']['PublicStatsResponse'], 'posts_today' | 'engagement_today'>>;

/** A post of the live preview (no viewer-specific is_liked). */
export type PreviewPost = components['schemas']['PublicPostResponse'];
