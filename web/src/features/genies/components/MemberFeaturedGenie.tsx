// The featured genie on a member's profile (spec 000 §2, §3): GET /api/genies/{userId}/featured, else
// the profile's own featured_genie; a failure is tolerated and shows nothing.
import { useFeaturedGenie } from '../hooks/useGenies';
import type { FeaturedGenie } from '../types';
import { FeaturedGeniePanel } from './FeaturedGeniePanel';

const isFeatured = (value: unknown): value is FeaturedGenie =>
  Boolean(value && typeof value === 'object' && 'genie' in value && (value as FeaturedGenie).genie?.name);

export function MemberFeaturedGenie({ userId, fallback }: { userId: string; fallback?: unknown }) {
  const featured = useFeaturedGenie(userId);
  const shown = isFeatured(featured.data) ? featured.data : isFeatured(fallback) ? fallback : null;
  return shown ? <FeaturedGeniePanel featured={shown} compact /> : null;
}
